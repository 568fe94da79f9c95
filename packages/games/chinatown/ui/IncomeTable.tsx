/** Each finished round's income (economy card and shops), per seat. */
import { seatName, type Lang } from '@skyline/board-kit';
import { money } from './pieces.js';
import type { T } from './words.js';

export function IncomeTable({
  income,
  players,
  names,
  t,
  lang,
}: {
  /** `income[round][seat]`. */
  income: readonly (readonly number[])[];
  players: number;
  names: string[];
  t: T;
  lang: Lang;
}) {
  if (income.length === 0) return null;
  const seats = Array.from({ length: players }, (_, seat) => seat);
  return (
    <section aria-label={t('chinatown.income')}>
      <h3>{t('chinatown.income')}</h3>
      {/* A column per seat, a row per round: it keeps to a phone's width however many rounds have passed. */}
      <table className="scores" data-testid="income">
        <thead>
          <tr>
            <th scope="col">{t('chinatown.roundColumn')}</th>
            {seats.map((seat) => (
              <th key={seat} scope="col">
                {seatName(names, seat)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {income.map((round, r) => (
            <tr key={r}>
              <th scope="row">{r + 1}</th>
              {seats.map((seat) => (
                <td key={seat}>{money(round[seat], lang)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
