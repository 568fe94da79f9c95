export * from './bot.js';
export { randomBot } from './random.js';
export { greedyBot, greedyChoice, lookahead, type Heuristic } from './greedy.js';
export { ismctsBot, search, rewards, DEFAULT_ISMCTS, GAME_SETTINGS, type IsmctsSettings } from './ismcts.js';
export { heuristicFor } from './heuristics/index.js';
export { botFor } from './levels.js';
export * from './arena.js';
export { answer, type BotRequest, type BotResponse } from './request.js';
