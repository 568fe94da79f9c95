/** The other seats' boards, small, each with its buildings, the one just built marked, and its score. */
import { seatName } from '@skyline/board-kit';
import { COLS, ROWS, type MyCityView } from '@skyline/mycity';
import { Buildings, JustBuilt } from './Buildings.js';
import type { Cell } from './geometry.js';
import { Terrain } from './Terrain.js';
import type { T } from './words.js';

/** Squares of the small boards, in the board's own units. */
const SMALL = 12;

export function OtherCities({
  view,
  seats,
  names,
  justBuilt,
  t,
}: {
  view: MyCityView;
  seats: readonly number[];
  names: string[];
  justBuilt: ReadonlyMap<number, Cell[]>;
  t: T;
}) {
  if (seats.length === 0) return null;
  return (
    <section aria-label={t('mycity.others')} className="others">
      {seats.map((seat) => (
        <figure key={seat} className="small-city">
          <svg
            viewBox={`0 0 ${COLS * SMALL} ${ROWS * SMALL}`}
            role="img"
            aria-label={`${seatName(names, seat)}: ${t('mycity.boardLabel')}`}
          >
            <Terrain size={SMALL} />
            <Buildings built={view.boards[seat] ?? []} size={SMALL} t={t} />
            <JustBuilt cells={justBuilt.get(seat)} size={SMALL} />
          </svg>
          <figcaption>
            {seatName(names, seat)} · {view.scores[seat]}
          </figcaption>
        </figure>
      ))}
    </section>
  );
}
