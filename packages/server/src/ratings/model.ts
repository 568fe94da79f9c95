/**
 * The rating model: Weng-Lin's Bayesian approximation with the Plackett-Luce model (`openskill`), which rates games of
 * any number of seats with ties. Pure functions only: the same games in the same order give the same ratings, which
 * is what `skyline ratings recompute` relies on.
 */
import { ordinal as openskillOrdinal, rate, rating as openskillRating } from 'openskill';

export interface Rating {
  mu: number;
  sigma: number;
}

/** Ratings are provisional until a player has this many rated games in the game. */
export const PROVISIONAL_GAMES = 10;

/** A player's rating before any game: openskill's default (mu 25, sigma 25/3). */
export function initialRating(): Rating {
  const { mu, sigma } = openskillRating();
  return { mu, sigma };
}

/** What is shown: a conservative estimate, mu - 3 sigma (0 for a new player), so that luck in few games ranks low. */
export function ordinal(rating: Rating): number {
  return openskillOrdinal(rating);
}

/**
 * Each seat's place (1 = first; equal places are ties) from the end of a game: the winners (after the game's
 * tie-break) first, then the others by score; seats that forfeited (resigned, or ran out of time) share the last place
 * whatever their score.
 */
export function placesOf(
  result: { scores: readonly number[]; winners: readonly number[] },
  forfeited: readonly number[] = [],
): number[] {
  const { scores, winners } = result;
  const out = new Set(forfeited);
  const playing = scores.map((_, seat) => seat).filter((seat) => !out.has(seat));
  // Sorts first by being a winner, then by score: a seat that lost the tie-break places after the winners.
  const key = (seat: number): [number, number] => [winners.includes(seat) ? 0 : 1, -(scores[seat] ?? 0)];
  const ahead = (a: number, b: number) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] < kb[0] || (ka[0] === kb[0] && ka[1] < kb[1]);
  };
  return scores.map((_, seat) =>
    out.has(seat) ? playing.length + 1 : 1 + playing.filter((other) => ahead(other, seat)).length,
  );
}

/** One rated participant of a game: its rating before, and its place. */
export interface Standing {
  rating: Rating;
  place: number;
}

/** The ratings after a game, in the order of `standings` (each participant a team of one). */
export function rateGame(standings: readonly Standing[]): Rating[] {
  if (standings.length < 2) throw new Error('a rated game needs at least two participants');
  const teams = standings.map(({ rating }) => [{ mu: rating.mu, sigma: rating.sigma }]);
  const rated = rate(teams, { rank: standings.map(({ place }) => place) });
  return rated.map(([after]) => ({ mu: (after as Rating).mu, sigma: (after as Rating).sigma }));
}
