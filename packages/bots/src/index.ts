export * from './bot.js';
export { randomBot } from './random.js';
export { greedyBot, greedyChoice, lookahead, type Heuristic } from './greedy.js';
export { noviceBot, noviceBotWith, blunders, NOVICE_BLUNDER } from './novice.js';
export {
  ismctsBot,
  clubBot,
  clubBudget,
  clubSearch,
  CLUB_FRACTION,
  search,
  rewards,
  DEFAULT_ISMCTS,
  type IsmctsSettings,
  type RootChild,
  type SearchOptions,
  type SearchResult,
} from './ismcts.js';
export type { GameBot } from '@skyline/engine';
export { heuristicFor, searchSettingsFor } from './facets.js';
export { botFor } from './levels.js';
export * from './arena.js';
export {
  answer,
  answerReview,
  type BotRequest,
  type BotResponse,
  type ReviewRequest,
  type ReviewResponse,
} from './request.js';
export * from './review.js';
