/**
 * A game's score by category (the engine's `scoreBreakdown` facet): a column per seat, a row per term, grouped by
 * round (or episode), the total last. The end screen and the replay viewer's last step show it. Rows that give
 * nobody anything (no run of 5 this game) are left out; every seat's column still adds up to its total.
 */
import { breakdownTotals, type BreakdownTerm, type ScoreBreakdown } from '@skyline/engine';
import { PHONE_SCREEN, seatName, useMediaQuery } from '@skyline/board-kit';
import type { ReactNode } from 'react';
import { DICTIONARIES, formatMoney, formatNumber, useI18n, type Key, type T } from '../i18n.js';

/** The term's name in the player's language (the game's own key when a game names a term this client does not know). */
function termLabel(game: string, term: string, t: T): string {
  const key = `breakdown.${game}.${term}`;
  return key in DICTIONARIES.en ? t(key as Key) : term;
}

/** The terms in runs of one period (or of none), in the breakdown's order. */
function groupsOf(terms: readonly BreakdownTerm[]): { period?: number; terms: BreakdownTerm[] }[] {
  const groups: { period?: number; terms: BreakdownTerm[] }[] = [];
  for (const term of terms) {
    const last = groups[groups.length - 1];
    if (last && last.period === term.period) last.terms.push(term);
    else groups.push({ period: term.period, terms: [term] });
  }
  return groups;
}

/**
 * One row of numbers under its name. On a wide screen the name heads the row. On a phone the name takes a line of its
 * own above the numbers (for the eye; screen readers still hear it as the row's header), so that the numbers' columns
 * get the whole width and a name is never cut inside a word: a phone cannot fit five columns of dollars beside
 * "Incomplete shops".
 */
function NamedRow({
  name,
  columns,
  narrow,
  className,
  children,
}: {
  name: string;
  columns: number;
  narrow: boolean;
  className?: string;
  children: ReactNode;
}) {
  if (!narrow)
    return (
      <tr className={className}>
        <th scope="row">{name}</th>
        {children}
      </tr>
    );
  return (
    <>
      <tr className={`breakdown-name ${className ?? ''}`.trim()} aria-hidden="true">
        <td colSpan={columns + 1}>{name}</td>
      </tr>
      <tr className={className}>
        <th scope="row">
          <span className="sr-only">{name}</span>
        </th>
        {children}
      </tr>
    </>
  );
}

export function BreakdownTable({
  game,
  breakdown,
  names,
  order,
  money,
  caption,
}: {
  game: string;
  breakdown: ScoreBreakdown;
  names: string[];
  /** The seats, in the order of their columns (the end screen: by place). */
  order: number[];
  money: boolean;
  caption?: string;
}) {
  const { t, lang } = useI18n();
  const write = (n: number) => (money ? formatMoney(lang, n) : formatNumber(lang, n));
  const totals = breakdownTotals(breakdown, order.length);
  const periods = new Set(breakdown.terms.map((term) => term.period).filter((p) => p !== undefined));
  // One period (a one-round game) needs no heading of its own.
  const heading = (period: number) =>
    t(breakdown.period === 'episode' ? 'breakdown.episode' : 'breakdown.round', { n: period });
  const groups = groupsOf(breakdown.terms.filter((term) => term.values.some((value) => value !== 0)));
  const title = caption ?? t('breakdown.title');
  const narrow = useMediaQuery(PHONE_SCREEN);
  return (
    <div className="table-scroll breakdown-scroll" role="region" aria-label={title} tabIndex={0}>
      <table className="scores breakdown" data-testid="score-breakdown">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">{t('breakdown.title')}</span>
            </th>
            {order.map((seat) => (
              <th key={seat} scope="col">
                {seatName(names, seat)}
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((group, g) => (
          <tbody key={g}>
            {group.period !== undefined && periods.size > 1 && (
              <tr className="breakdown-period">
                <th scope="rowgroup" colSpan={order.length + 1}>
                  {heading(group.period)}
                </th>
              </tr>
            )}
            {group.terms.map((term) => (
              <NamedRow
                key={term.term}
                name={termLabel(game, term.term, t)}
                columns={order.length}
                narrow={narrow}
              >
                {order.map((seat) => (
                  <td key={seat} data-seat={seat} data-value={term.values[seat] ?? 0}>
                    {write(term.values[seat] ?? 0)}
                  </td>
                ))}
              </NamedRow>
            ))}
          </tbody>
        ))}
        <tfoot>
          <NamedRow name={t('breakdown.total')} columns={order.length} narrow={narrow} className="total">
            {order.map((seat) => (
              <td key={seat} data-testid={`breakdown-total-${seat}`} data-value={totals[seat]}>
                {write(totals[seat] ?? 0)}
              </td>
            ))}
          </NamedRow>
        </tfoot>
      </table>
    </div>
  );
}
