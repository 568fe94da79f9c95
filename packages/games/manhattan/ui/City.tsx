/** One city: its frame and name, and its nine lots. */
import type { ViewPiece } from '@skyline/manhattan/board';
import type { Build } from './draft.js';
import { cityOrigin, CITY_H, CITY_W, lotKey, lotOrigin } from './geometry.js';
import { cityName, lotLabel } from './labels.js';
import { Lot } from './Lot.js';
import type { T } from './words.js';

/** What a city's lots need besides their stacks, owners and heights: the build each may take, marks, and actions. */
export interface LotActions {
  targetAt: ReadonlyMap<string, Build>;
  highlighted: ReadonlySet<string>;
  justBuiltAt: ReadonlyMap<string, number>;
  build: (move: Build) => void;
  explain: () => void;
  names: string[];
  t: T;
}

export function City({
  index,
  lots,
  owners,
  heights,
  floor,
  targetAt,
  highlighted,
  justBuiltAt,
  build,
  explain,
  names,
  t,
}: {
  /** The city's place (0..5): city `index + 1`. */
  index: number;
  /** Its nine stacks, bottom first. */
  lots: readonly (readonly ViewPiece[])[];
  /** Its lots' owners and heights, as the rules derive them. */
  owners: readonly number[];
  heights: readonly number[];
  floor: number;
} & LotActions) {
  const city = index + 1;
  const origin = cityOrigin(index);
  return (
    <g role="group" aria-label={cityName(t, city)}>
      <rect x={origin.x + 2} y={origin.y + 2} width={CITY_W - 4} height={CITY_H - 4} rx={8} fill="#e9eef4" />
      <text
        x={origin.x + CITY_W / 2}
        y={origin.y + 18}
        textAnchor="middle"
        fontSize={13}
        fontWeight={600}
        fill="#334"
      >
        {city}. {cityName(t, city)}
      </text>
      {lots.map((stack, l) => {
        const { x, y } = lotOrigin(origin, l);
        const key = lotKey(city, l + 1);
        const move = targetAt.get(key);
        const owner = owners[l] ?? -1;
        const height = heights[l] ?? 0;
        const justBuilt = justBuiltAt.get(key);
        return (
          <Lot
            key={l}
            x={x}
            y={y}
            index={l}
            stack={stack}
            owner={owner}
            height={height}
            floor={floor}
            label={lotLabel({ city, lot: l + 1, owner, height, stack, justBuilt }, names, t)}
            lit={highlighted.has(key)}
            build={move && (() => build(move))}
            justBuilt={justBuilt !== undefined}
            testId={`lot-${city}-${l + 1}`}
            explain={explain}
            t={t}
          />
        );
      })}
    </g>
  );
}
