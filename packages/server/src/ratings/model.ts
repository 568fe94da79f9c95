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

/**
 * openskill's conservative estimate, mu - 3 sigma (0 for a new player): stored with each rating (`ratings.ordinal`),
 * no longer what people see (`shownRating`).
 */
export function ordinal(rating: Rating): number {
  return openskillOrdinal(rating);
}

/** What a new player is shown: the familiar start of Elo ladders (lichess, chess federations). */
export const SHOWN_START = 1500;

/** openskill's defaults: a new player's mu, and the spread of one game's performance (beta = 25/6). */
const START_MU = 25;
const BETA = 25 / 6;

/**
 * Shown points per unit of mu, chosen so that differences read as Elo differences: between two players whose
 * ratings are sure, the Plackett-Luce model gives the first the chance 1 / (1 + e^(-(mu1 - mu2) / c)) of finishing
 * ahead, with c = √2·beta; Elo gives 1 / (1 + 10^(-D / 400)) for a difference of D points. They agree for
 * D = (mu1 - mu2) · 400 / (√2·beta·ln 10), about 29.5 points per unit of mu: 400 points ahead is 10 to 1 odds.
 */
export const SHOWN_PER_MU = 400 / (Math.SQRT2 * BETA * Math.LN10);

/**
 * The rating people see, on an Elo-like scale: 1500 for a new player, up with each win and down with each loss (it
 * is the model's mean, mu, so a loss never raises it), with a provisional mark while the player has fewer than
 * `PROVISIONAL_GAMES` rated games. docs/platform.md, "Ratings", says the same to players.
 */
export function shownRating(rating: Rating): number {
  return SHOWN_START + SHOWN_PER_MU * (rating.mu - START_MU);
}

/** The uncertainty of a shown rating, in the same points (sigma on that scale): about 246 for a new player. */
export function shownDeviation(rating: Rating): number {
  return SHOWN_PER_MU * rating.sigma;
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

/**
 * The ratings after a game in which some pairs of participants are not rated against each other (`counts(i, j)`
 * false: two accounts that played from one address, two bot levels, two players over their daily number of rated
 * games together). Plackett-Luce rates a game as a whole, so a pair cannot be taken out of it; instead each
 * participant is rated on the game as it was against the participants it may be rated against — the same places,
 * without the others — from everyone's ratings before. When every pair counts, every participant's game is the whole
 * game and this is `rateGame` (computed once). A participant with nobody to be rated against gets null (unrated).
 */
export function rateGameByPairs(
  standings: readonly Standing[],
  counts: (i: number, j: number) => boolean,
): (Rating | null)[] {
  const rated = new Map<string, Rating[]>();
  return standings.map((_, i) => {
    const group = standings.flatMap((__, j) => (j === i || counts(i, j) ? [j] : []));
    if (group.length < 2) return null;
    const key = group.join(',');
    let after = rated.get(key);
    if (!after) {
      after = rateGame(group.map((j) => standings[j] as Standing));
      rated.set(key, after);
    }
    return after[group.indexOf(i)] as Rating;
  });
}
