/**
 * The other seats' boards, small, each with its buildings, the one just built marked, and its score; each opens at
 * full size, with its row and column numbers, in a dialog (the button on its picture).
 */
import { seatName } from '@skyline/board-kit';
import { COLS, ROWS, type MyCityView } from '@skyline/mycity';
import { useState } from 'react';
import { CityDialog } from './CityDialog.js';
import { CityLayers } from './CityPicture.js';
import type { Cell } from './geometry.js';
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
  const [open, setOpen] = useState<number | null>(null);
  if (seats.length === 0) return null;
  return (
    <section aria-label={t('mycity.others')} className="others">
      {seats.map((seat) => (
        <figure key={seat} className="small-city">
          <button
            type="button"
            className="small-city-open"
            onClick={() => setOpen(seat)}
            aria-label={t('mycity.openCity', { name: seatName(names, seat) })}
            aria-haspopup="dialog"
            data-testid={`open-city-${seat}`}
          >
            <svg viewBox={`0 0 ${COLS * SMALL} ${ROWS * SMALL}`} aria-hidden="true">
              <CityLayers
                built={view.boards[seat] ?? []}
                justBuilt={justBuilt.get(seat)}
                size={SMALL}
                t={t}
              />
            </svg>
            <span className="small-city-zoom" aria-hidden="true">
              ⤢
            </span>
          </button>
          <figcaption>
            {seatName(names, seat)} · {view.scores[seat]}
          </figcaption>
        </figure>
      ))}
      {open !== null && (
        <CityDialog
          view={view}
          seat={open}
          names={names}
          justBuilt={justBuilt.get(open)}
          close={() => setOpen(null)}
          t={t}
        />
      )}
    </section>
  );
}
