import { SEAT_COLOURS, seatName } from './types.js';
import type { KitKey, Translate } from './words.js';

/**
 * A seat in a game's players table: its colour swatch, its name, and "(you)" for the viewer's own seat. The swatch
 * is decorative unless `colourName` says what it means (New York's colours score).
 */
export function SeatLabel({
  names,
  seat,
  me,
  t,
  colour = SEAT_COLOURS[seat],
  colourName,
}: {
  names: string[];
  seat: number;
  me: number | null;
  t: Translate<KitKey>;
  colour?: string | undefined;
  colourName?: string;
}) {
  return (
    <>
      <span
        className="swatch"
        style={{ background: colour }}
        {...(colourName === undefined ? { 'aria-hidden': true } : { role: 'img', 'aria-label': colourName })}
      />
      {seatName(names, seat)}
      {seat === me ? ` (${t('table.you')})` : ''}
    </>
  );
}

/** The dot beside the seat that plays now: "Your turn" only beside the viewer's own seat. */
export function TurnDot({
  names,
  seat,
  me,
  t,
}: {
  names: string[];
  seat: number;
  me: number | null;
  t: Translate<KitKey>;
}) {
  return (
    <span
      className="turn-dot"
      role="img"
      aria-label={seat === me ? t('table.yourTurn') : t('table.playsNow', { name: seatName(names, seat) })}
      data-testid={`turn-dot-${seat}`}
    />
  );
}
