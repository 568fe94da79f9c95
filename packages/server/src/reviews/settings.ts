/** The settings of the bots' reviews of finished games (`service.ts`), with their defaults. */

export interface ReviewSettings {
  /** Reviews one player may ask for in 24 hours (`LIMIT_REVIEWS_PER_DAY`); a review already asked is free. */
  perDay: number;
  /** The search's time per decision (`REVIEW_MS_PER_DECISION`). */
  msPerDecision: number;
  /** A running review whose process has not reported for this long is taken over (ms). */
  staleMs: number;
  /** How often each process looks for reviews to run or take over (ms). */
  checkMs: number;
}

export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  perDay: 10,
  msPerDecision: 200,
  staleMs: 60_000,
  checkMs: 15_000,
};
