/**
 * Chinatown's score breakdown (the engine's `scoreBreakdown` facet). A seat's score is its money: the start money,
 * each round's income — from its complete shops, from its incomplete ones, and from the economy card — and what it
 * gained or gave in trades (the rules page, "Shops and income"; "Trading").
 */
import { periodTerms, type PeriodParts, type ScoreBreakdown } from '@skyline/engine';
import { COMPLETE, INCOMPLETE, KIND_SIZE, START_MONEY } from './data.js';
import { economyIncome, groups } from './shops.js';
import type { ChinatownState } from './state.js';

/**
 * A round's income by term: `complete` (every full set of a group's tiles), `incomplete` (a group's tiles left over,
 * or a group too small for one shop) and, with the economy cards, `economy` (the card revealed this round).
 */
export function roundParts(
  state: Pick<ChinatownState, 'players' | 'owner' | 'shop'>,
  card: number | null,
): PeriodParts {
  const complete = new Array<number>(state.players).fill(0);
  const incomplete = new Array<number>(state.players).fill(0);
  for (const group of groups(state.owner, state.shop)) {
    const size = KIND_SIZE[group.kind] as number;
    const rest = group.lots.length % size;
    const shops = Math.floor(group.lots.length / size);
    complete[group.owner] = (complete[group.owner] as number) + shops * (COMPLETE[size] as number);
    if (rest > 0)
      incomplete[group.owner] = (incomplete[group.owner] as number) + (INCOMPLETE[rest] as number);
  }
  const parts: PeriodParts = { complete, incomplete };
  if (card !== null) parts.economy = economyIncome(state.players, card, state.owner, state.shop);
  return parts;
}

/**
 * The start money, each finished round's income, then the trades: money is changed only by income and trades, so
 * what is left of a seat's money once the start and the income are counted came from trades (all seats' trades add
 * up to 0: money only changes hands).
 */
export function scoreBreakdown(state: ChinatownState): ScoreBreakdown {
  const start = state.money.map(() => START_MONEY);
  const rounds = state.incomeParts.flatMap((parts, k) => periodTerms(parts, k + 1));
  const income = state.income.reduce(
    (sums, round) => sums.map((sum, seat) => sum + (round[seat] as number)),
    state.money.map(() => 0),
  );
  const trades = state.money.map((money, seat) => money - START_MONEY - (income[seat] as number));
  return {
    period: 'round',
    terms: [{ term: 'start', values: start }, ...rounds, { term: 'trades', values: trades }],
  };
}
