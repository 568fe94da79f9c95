/**
 * The opening of a game, as the platform's ratings read it: the least a seat must have played before the game can be
 * rated, and until when `/abort` may drop it. A rated game is one every seat took part in: an account that sits down
 * and resigns before it has played is not rated, nor is anyone rated against it (the farming of ratings with a second
 * account that resigns at once). Each game says what counts as a seat's move in its own package (`src/opening.ts`);
 * only the seat's own moves count, never chance moves.
 */
export interface Opening {
  /** How much of the opening each seat must have played (in moves, or years). */
  readonly least: number;
  /** What is counted, as the words say it: moves, or years played (`rating.fewMoves`, `abort.tooLate`). */
  readonly unit: 'moves' | 'years';
  /** How much a move of the seat counts: 0 (not at all), 1, or `least` (it ends the seat's round); absent: 1. */
  readonly weight?: (move: unknown) => number;
}

/** A game that says nothing else: two moves of the seat. */
export const TWO_MOVES: Opening = { least: 2, unit: 'moves' };

/** The `type` of a move that is an object with one, else `undefined`. */
export const moveType = (move: unknown): unknown =>
  typeof move === 'object' && move !== null ? (move as { type?: unknown }).type : undefined;

/**
 * Two moves, where a move of type `closing` (it takes the seat out of the round: it has made its choice for the round,
 * and may have no move left in a one-round game) counts as both; without this one early pass would keep such a game
 * open to `/abort` to its end.
 */
export const twoMovesOrClosing = (closing: string): Opening => ({
  least: 2,
  unit: 'moves',
  weight: (move) => (moveType(move) === closing ? 2 : 1),
});
