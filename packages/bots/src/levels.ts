import type { Bot, BotLevel } from './bot.js';
import { greedyBot } from './greedy.js';
import { ismctsBot } from './ismcts.js';
import { randomBot } from './random.js';

const BOTS: Record<BotLevel, Bot> = { random: randomBot, greedy: greedyBot, ismcts: ismctsBot };

export function botFor(level: BotLevel): Bot {
  return BOTS[level];
}
