/**
 * A review of a finished game by the bots (`@skyline/bots`' `review.ts` makes it; the server stores and serves it;
 * the review page shows it): for every decision of every seat, its chance to win as the seat saw it, after the move it
 * made and with the move the search prefers, and a mark where the move lost much.
 */

/** Marks, from the chance to win a move lost. */
export type Mark = 'blunder' | 'mistake' | 'inaccuracy';

/** What the search thought of one move. */
export interface Estimate {
  move: unknown;
  /** The seat's chance to win (0..1; a shared win counts its share); null where the move was not judged. */
  win: number | null;
  /** How many of the search's iterations went through the move (how much to trust `win`). */
  visits: number;
}

/** One decision of one seat. */
export interface ReviewedMove {
  /** The index of the move's entry in the record's log. */
  index: number;
  seat: number;
  /** The move made, and the chance to win after it. */
  played: Estimate;
  /** The move the search prefers, and the chance to win with it: the chance before the move. */
  best: Estimate;
  /** `best.win - played.win`, never below 0 (the move made may be the best). */
  loss: number;
  /**
   * By the thresholds, and only where the loss is at least twice its standard error: a loss the search's samples
   * could make up is not marked.
   */
  mark: Mark | null;
  /** Only one move was legal: not searched, nothing lost. */
  forced: boolean;
}

export interface SeatSummary {
  seat: number;
  /** Decisions that were not forced. */
  decisions: number;
  /** The mean chance to win lost per decision. */
  meanLoss: number;
  blunders: number;
  mistakes: number;
  inaccuracies: number;
  /** The indices (in `moves`) of the seat's three worst moves, worst first, those that lost anything. */
  worst: number[];
}

export interface GameReview {
  moves: ReviewedMove[];
  seats: SeatSummary[];
}

/** `GET` and `POST /api/games/:id/review`: a game's review, or how far it has come, or that none was asked. */
export interface ReviewStatus {
  status: 'none' | 'queued' | 'running' | 'done' | 'failed';
  /** Decisions reviewed, of `total`. */
  done: number;
  total: number;
  review?: GameReview;
}
