import { pick } from '@skyline/engine';
import type { Bot, BotInput } from './bot.js';

/**
 * Uniformly random legal moves. In a game where every seat stays awaited until all agree to stop (Chinatown's
 * trading: the game has a `randomActor`), uniform moves would trade for ever; there the bot plays the game's own
 * random policy on a state sampled from its view, which declares itself ready in the end.
 */
export const randomBot: Bot = {
  level: 'random',
  choose(input: BotInput): unknown {
    const { game, view, seat, legalMoves, rng } = input;
    if (legalMoves.length === 0) throw new Error(`seat ${seat} has no legal move`);
    if (game.randomActor && game.randomMove) {
      return game.randomMove(game.determinize(view, seat, rng), seat, legalMoves, rng);
    }
    return pick(legalMoves, rng);
  },
};
