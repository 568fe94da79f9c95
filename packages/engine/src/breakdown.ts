/**
 * The score breakdown facet (optional in the contract: `Game.scoreBreakdown`): what a seat's score is made of, term
 * by term and, where the game has rounds, round by round. End screens and the replay viewer show it; the terms of
 * each seat add up to the score `status` reports, at every step of a game (each game's tests check it).
 */
import type { Seat } from './contract.js';

/** One line of a breakdown: what it counts, in which round (if any), and how much it gives each seat. */
export interface BreakdownTerm {
  /** The term's key in the game's words (`"tiles"`, `"majorities"`...): the client names it in the player's language. */
  term: string;
  /** The round (or episode) it was scored in, 1-based; absent for a term of the whole game (start money, trades). */
  period?: number;
  /** One number per seat; negative where the rules subtract (My City's rocks). */
  values: number[];
}

export interface ScoreBreakdown {
  /** The game's word for its periods, where it has them: rounds (most) or episodes (My City). */
  period: 'round' | 'episode';
  /** In the order they are best read: per period, its terms; then the terms of the whole game. */
  terms: BreakdownTerm[];
}

/** Each seat's sum of its terms: what `status(state).scores` must equal. */
export function breakdownTotals(breakdown: ScoreBreakdown, players: number): number[] {
  const totals = new Array<number>(players).fill(0);
  for (const { values } of breakdown.terms)
    values.forEach((value, seat: Seat) => {
      if (seat < players) totals[seat] = (totals[seat] as number) + value;
    });
  return totals;
}

/** The terms of one finished period, from a game's stored `{term: values}` (the order of its keys is kept). */
export function periodTerms(
  parts: Readonly<Record<string, readonly number[]>>,
  period: number,
): BreakdownTerm[] {
  return Object.entries(parts).map(([term, values]) => ({ term, period, values: values.slice() }));
}

/** A finished period's score by term, as a game stores it (`{term: one number per seat}`; plain JSON). */
export type PeriodParts = Record<string, number[]>;

/** A deep copy of stored periods' parts (for `clone`, `view` and `determinize`). */
export function copyParts(parts: readonly Readonly<PeriodParts>[]): PeriodParts[] {
  return parts.map((period) =>
    Object.fromEntries(Object.entries(period).map(([term, v]) => [term, v.slice()])),
  );
}
