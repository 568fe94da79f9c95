/**
 * One city: its frame and name, its nine lots, and who holds its majority (a flag in that seat's colour, and the
 * frame in it), as the rules' scoring of the board says.
 */
import { SEAT_COLOURS, seatName } from '@skyline/board-kit';
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
  scale,
  majority,
  tallestLots,
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
  /** The height drawn for a building's first floors (the whole board's scale). */
  scale: (floors: number) => number;
  /** The seat holding the city's majority, or -1. */
  majority: number;
  /** Which of its lots (0..8) hold the tallest building. */
  tallestLots: ReadonlySet<number>;
} & LotActions) {
  const city = index + 1;
  const origin = cityOrigin(index);
  const holder = majority >= 0 ? t('manhattan.majority', { who: seatName(names, majority) }) : null;
  const colour = SEAT_COLOURS[majority] ?? '#888888';
  return (
    <g role="group" aria-label={holder ? `${cityName(t, city)}, ${holder}` : cityName(t, city)}>
      <rect
        x={origin.x + 2}
        y={origin.y + 2}
        width={CITY_W - 4}
        height={CITY_H - 4}
        rx={8}
        fill="#e9eef4"
        {...(holder ? { stroke: colour, strokeWidth: 3 } : {})}
      />
      {holder && (
        <g data-testid={`majority-${city}`} data-seat={majority}>
          <title>{holder}</title>
          <MajorityFlag x={origin.x + CITY_W - 22} y={origin.y + 6} colour={colour} />
        </g>
      )}
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
            scale={scale}
            tallest={tallestLots.has(l)}
            label={lotLabel(
              { city, lot: l + 1, owner, height, stack, justBuilt, tallest: tallestLots.has(l) },
              names,
              t,
            )}
            lit={highlighted.has(key)}
            build={move && (() => build(move))}
            justBuilt={justBuilt !== undefined}
            testId={`lot-${city}-${l + 1}`}
            at={key}
            explain={explain}
            t={t}
          />
        );
      })}
    </g>
  );
}

/** A pennant on its pole, in the colour of the seat holding the city's majority (decorative: the city is named so). */
export function MajorityFlag({ x, y, colour }: { x: number; y: number; colour: string }) {
  return (
    <g aria-hidden="true">
      <line x1={x + 1} y1={y} x2={x + 1} y2={y + 15} stroke="#1d2733" strokeWidth={1.4} />
      <polygon
        points={`${x + 1.5},${y} ${x + 15},${y + 4} ${x + 1.5},${y + 8}`}
        fill={colour}
        stroke="#1d2733"
        strokeWidth={0.8}
      />
    </g>
  );
}
