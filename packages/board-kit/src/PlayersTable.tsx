import type { ReactNode } from 'react';
import type { KitKey, Translate } from './words.js';

/**
 * The players table every board shows beside its own parts: a section named "Players" (with what the game adds to
 * the heading, such as the round), a row per seat with the seat's name first (its `SeatLabel`, turn dot, status),
 * then the game's columns; the seats that play now are marked `active`.
 */
export function PlayersTable({
  t,
  seats,
  subtitle,
  columns,
  isActive,
  name,
  cells,
  rowTestId,
  testId,
  focusable = false,
  children,
}: {
  t: Translate<KitKey>;
  /** How many seats (rows). */
  seats: number;
  /** Said after "Players · " in the heading. */
  subtitle?: string;
  /** The headers of the game's columns, after the names' column. */
  columns: readonly ReactNode[];
  isActive: (seat: number) => boolean;
  /** The row's header: who sits there and their state. */
  name: (seat: number) => ReactNode;
  /** The row's cells (`<td>`s), one per column. */
  cells: (seat: number) => ReactNode;
  rowTestId?: (seat: number) => string;
  testId?: string;
  /** Whether the section takes the keyboard's focus (a table that may scroll sideways on a phone must). */
  focusable?: boolean;
  /** What follows the table in the section (a note on scoring, say). */
  children?: ReactNode;
}) {
  const heading = t('seats.players');
  return (
    <section aria-label={heading} tabIndex={focusable ? 0 : undefined}>
      <h3>{subtitle === undefined ? heading : `${heading} · ${subtitle}`}</h3>
      <table className="scores" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col"></th>
            {columns.map((column, k) => (
              <th key={k} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: seats }, (_, seat) => (
            <tr key={seat} className={isActive(seat) ? 'active' : undefined} data-testid={rowTestId?.(seat)}>
              <th scope="row">{name(seat)}</th>
              {cells(seat)}
            </tr>
          ))}
        </tbody>
      </table>
      {children}
    </section>
  );
}
