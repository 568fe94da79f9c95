import { pick } from '@skyline/engine';
import { WAIT, type Bot, type BotInput } from './bot.js';
import { shouldWait } from './greedy.js';

/**
 * Uniformly random legal moves. In a game where every seat stays awaited until all agree to stop (Chinatown's
 * trading: the game has a `randomActor`), uniform moves would trade for ever; there the bot plays the game's own
 * random policy on a state sampled from its view, which declares itself ready in the end. At a table (`mayWait`) it
 * waits once ready with nothing to answer.
 */
export const randomBot: Bot = {
  level: 'random',
  choose(input: BotInput): unknown {
    const { game, view, seat, legalMoves, rng } = input;
    if (legalMoves.length === 0) throw new Error(`seat ${seat} has no legal move`);
    if (shouldWait(input)) return WAIT; // at a table: asked again, it would withdraw its offers or unready
    if (game.randomActor && game.randomMove) {
      return game.randomMove(game.determinize(view, seat, rng), seat, legalMoves, rng);
    }
    return pick(legalMoves, rng);
  },
};
