import type { Bot, BotLevel } from './bot.js';
import { greedyBot } from './greedy.js';
import { clubBot, ismctsBot } from './ismcts.js';
import { noviceBot } from './novice.js';
import { randomBot } from './random.js';

const BOTS: Record<BotLevel, Bot> = {
  random: randomBot,
  novice: noviceBot,
  greedy: greedyBot,
  club: clubBot,
  ismcts: ismctsBot,
};

export function botFor(level: BotLevel): Bot {
  return BOTS[level];
}
