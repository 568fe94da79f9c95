/**
 * An opponent's city at full size, in a modal dialog (the browser's own `<dialog>`: it keeps the focus inside, Escape
 * closes it, and the focus goes back to the button that opened it). The same drawing as the seat's own board.
 */
import { seatName } from '@skyline/board-kit';
import { COLS, ROWS, type MyCityView } from '@skyline/mycity';
import { useEffect, useRef } from 'react';
import { CityLayers, GridNumbers, SIZE } from './CityPicture.js';
import type { Cell } from './geometry.js';
import type { T } from './words.js';

export function CityDialog({
  view,
  seat,
  names,
  justBuilt,
  close,
  t,
}: {
  view: MyCityView;
  seat: number;
  names: string[];
  justBuilt: readonly Cell[] | undefined;
  close: () => void;
  t: T;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Opened once it is in the page. No closing on the way out: taken out of the page, it is closed without a `close`
  // event, whereas close() would queue one, which (React's development mode mounts twice) would shut it at once.
  useEffect(() => {
    const shown = dialog.current;
    if (shown && !shown.open) shown.showModal();
  }, []);
  const name = seatName(names, seat);
  const heading = t('mycity.cityOf', { name, score: view.scores[seat] ?? 0 });
  return (
    <dialog
      ref={dialog}
      className="mycity-dialog"
      aria-label={heading}
      onClose={close}
      data-testid="city-dialog"
    >
      <div className="mycity-dialog-head">
        <h3>{heading}</h3>
        <button type="button" onClick={close} data-testid="city-dialog-close" autoFocus>
          {t('mycity.closeCity')}
        </button>
      </div>
      <GridNumbers>
        <svg
          viewBox={`0 0 ${COLS * SIZE} ${ROWS * SIZE}`}
          className="mycity-board"
          role="group"
          aria-label={`${name}: ${t('mycity.cityLabel')}`}
        >
          <CityLayers built={view.boards[seat] ?? []} justBuilt={justBuilt} size={SIZE} t={t} />
        </svg>
      </GridNumbers>
    </dialog>
  );
}
