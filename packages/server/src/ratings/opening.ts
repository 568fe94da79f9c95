/**
 * The opening of a game: the least a seat must have played before the game can be rated, and until when `/abort` may
 * drop it. A rated game is one every seat took part in: an account that sits down and resigns before it has played
 * is not rated, nor is anyone rated against it (the farming of ratings with a second account that resigns at once).
 *
 * What counts as a seat's move, per game (its own moves, never chance moves):
 * - New York, New York, Manhattan, My City: any move of the seat; 2 of them. In New York a turn is a tile played and
 *   one taken, in Manhattan a round begins with each seat choosing its pieces and then building, and in My City every
 *   seat answers each card at once (build, pass or stop): 2 moves are a seat's first turn, its pieces chosen and one
 *   building, or its answers to two cards. A move that takes the seat out of the round — New York's pass, My City's
 *   stop — counts for the whole opening: the seat has made its choice for the round, and may have no move left in a
 *   one-round game (without this, one early pass would keep such a game open to `/abort` to its end).
 * - Chinatown: only ending its placement (`done`), once; that is, the seat has played its whole first year (kept its
 *   lots, traded, placed its shops). The year's other moves do not count: trading moves (offers, answers, ready and
 *   unready) can be made and unmade at will, and a seat places as many shops as it has tiles, so counting them would
 *   let a seat reach any number in its first minute without playing a year.
 */
import type { LogEntry } from '@skyline/engine';

export interface Opening {
  /** How much of the opening each seat must have played (in moves, or years). */
  least: number;
  /** What is counted, as the words say it: moves, or years played (`rating.fewMoves`, `abort.tooLate`). */
  unit: 'moves' | 'years';
  /** How much a move of the seat counts: 0 (not at all), 1, or `least` (it ends the seat's round); absent: 1. */
  weight?: (move: unknown) => number;
}

const typeOf = (move: unknown): unknown =>
  typeof move === 'object' && move !== null ? (move as { type?: unknown }).type : undefined;

/** Two moves; one of type `closing` (it takes the seat out of the round) is both. */
const twoMoves = (closing: string): Opening => ({
  least: 2,
  unit: 'moves',
  weight: (move) => (typeOf(move) === closing ? 2 : 1),
});

const OPENINGS: Readonly<Record<string, Opening>> = {
  nyny: twoMoves('pass'),
  mycity: twoMoves('stop'),
  manhattan: { least: 2, unit: 'moves' },
  chinatown: { least: 1, unit: 'years', weight: (move) => (typeOf(move) === 'done' ? 1 : 0) },
};

/** A game added later, until it says otherwise: two moves of the seat. */
const TWO_MOVES: Opening = { least: 2, unit: 'moves' };

export function openingOf(gameId: string): Opening {
  return Object.hasOwn(OPENINGS, gameId) ? (OPENINGS[gameId] as Opening) : TWO_MOVES;
}

/** How much this move of a seat counts towards its opening. */
export function openingWeight(opening: Opening, move: unknown): number {
  return opening.weight ? opening.weight(move) : 1;
}

/**
 * Whether some seat has made fewer than the opening's moves in this log, whoever made them (the player, or a bot
 * standing in for the player): the window in which `/abort` may drop the game. Stand-in moves count here, unlike in
 * the rating (`seats.own_moves`), so that a seat a bot plays from the start does not leave every game open to
 * `/abort` to its last move.
 */
export function inOpening(gameId: string, players: number, log: readonly LogEntry[]): boolean {
  const opening = openingOf(gameId);
  const made = new Array<number>(players).fill(0);
  let reached = 0;
  for (const entry of log) {
    if (!('seat' in entry)) continue;
    const seat = entry.seat;
    const before = made[seat];
    if (before === undefined || before >= opening.least) continue;
    const after = before + openingWeight(opening, entry.move);
    made[seat] = after;
    if (after >= opening.least && ++reached === players) return false;
  }
  return true;
}
