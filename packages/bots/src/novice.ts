import type { Rng } from '@skyline/engine';
import { WAIT, type Bot, type BotInput } from './bot.js';
import { heuristicFor } from './facets.js';
import { greedyChoice, shouldWait } from './greedy.js';
import { randomBot } from './random.js';

/**
 * The chance that the novice bot plays a random legal move instead of the greedy bot's, on purpose: a player one rung
 * above `random` and one below `greedy` (measured in the README's ladder).
 */
export const NOVICE_BLUNDER = 1 / 3;

/**
 * Whether to blunder this move: true with `probability`, drawn from the bot's seeded rng (never `Math.random`). At 0
 * or 1 nothing is drawn, so that the bot is then the greedy (or the random) bot exactly, seed for seed.
 */
export function blunders(rng: Rng, probability: number): boolean {
  if (probability <= 0) return false;
  if (probability >= 1) return true;
  return rng.int(2 ** 30) < probability * 2 ** 30;
}

/**
 * The greedy bot that, with probability `blunder` per decision, plays as the random bot does (a uniformly random
 * legal move; in Chinatown's trading, the game's own random policy). It waits when the greedy bot would.
 */
export function noviceBotWith(blunder: number): Bot {
  return {
    level: 'novice',
    choose(input: BotInput): unknown {
      const heuristic = heuristicFor(input.game);
      if (input.legalMoves.length === 0) throw new Error(`seat ${input.seat} has no legal move`);
      if (shouldWait(input, heuristic)) return WAIT;
      if (blunders(input.rng, blunder)) return randomBot.choose(input);
      return greedyChoice(input, heuristic);
    },
  };
}

export const noviceBot: Bot = noviceBotWith(NOVICE_BLUNDER);
