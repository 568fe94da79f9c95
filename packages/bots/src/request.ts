import type { Seat } from '@skyline/engine';
import { KeyedRng } from '@skyline/engine/keyed-rng';
import { findGame } from '@skyline/games';
import { WAIT, isBotLevel, type BotLevel, type Budget } from './bot.js';
import { botFor } from './levels.js';
import { reviewView, type ReviewedMove } from './review.js';

/**
 * What a server sends a bot thinking in a worker thread: plain JSON (the seat's view and legal moves, never the
 * state). The answer names the chosen move by its index in `legalMoves`, which survives the structured clone (or gives
 * a move of the bot's own making where `legalMoves` is only a sample), or says that the bot waits.
 */
export interface BotRequest {
  id: number;
  game: string;
  level: BotLevel;
  view: unknown;
  seat: Seat;
  legalMoves: unknown[];
  budget: Budget;
  /**
   * The key of the bot's random choices (64 hex digits: `KeyedRng.newKey()`), fresh for each request. Its draws decide
   * which hidden cards the bot imagines, and so its move: a seed that could be searched would let an opponent work
   * back from the bot's moves to its hand.
   */
  key: string;
  /** See `BotInput.mayWait`: the bot may answer that it waits (`wait: true`) instead of choosing a move. */
  mayWait?: boolean;
}

/**
 * A decision of a finished game to review (`review.ts`): what the seat was given then — its view and legal moves, never
 * the state — and the move it made. Answered `{id, review}`.
 */
export interface ReviewRequest {
  id: number;
  kind: 'review';
  game: string;
  view: unknown;
  seat: Seat;
  legalMoves: unknown[];
  played: unknown;
  budget: Budget;
  key: string;
}

export type ReviewResponse =
  { id: number; review: Omit<ReviewedMove, 'index'> } | { id: number; error: string };

/** Reviews one decision, in a worker thread as a bot's move is chosen. */
export function answerReview(request: ReviewRequest): ReviewResponse {
  try {
    const game = findGame(request.game);
    if (!game) throw new Error(`unknown game "${request.game}"`);
    const review = reviewView(
      {
        game,
        view: request.view,
        seat: request.seat,
        legalMoves: request.legalMoves,
        rng: new KeyedRng(request.key, 'review'),
        budget: request.budget,
      },
      request.played,
    );
    return { id: request.id, review };
  } catch (error) {
    return { id: request.id, error: (error as Error).message };
  }
}

export type BotResponse =
  | { id: number; index: number; ms: number }
  /** A move outside `legalMoves`, where the move space is open and `legalMoves` only a sample (Chinatown's offers). */
  | { id: number; move: unknown; ms: number }
  | { id: number; wait: true; ms: number }
  | { id: number; error: string };

export function answer(request: BotRequest): BotResponse {
  const start = performance.now();
  try {
    const game = findGame(request.game);
    if (!game) throw new Error(`unknown game "${request.game}"`);
    if (!isBotLevel(request.level)) throw new Error(`unknown bot level "${String(request.level)}"`);
    const move = botFor(request.level).choose({
      game,
      view: request.view,
      seat: request.seat,
      legalMoves: request.legalMoves,
      rng: new KeyedRng(request.key, 'bot'),
      budget: request.budget,
      mayWait: request.mayWait === true,
    });
    if (move === WAIT) return { id: request.id, wait: true, ms: performance.now() - start };
    const index = request.legalMoves.indexOf(move);
    // A move of its own making (a priced Chinatown offer) goes as JSON; the server validates it like anyone's.
    if (index < 0) return { id: request.id, move, ms: performance.now() - start };
    return { id: request.id, index, ms: performance.now() - start };
  } catch (error) {
    return { id: request.id, error: (error as Error).message };
  }
}
