import type { BotInput, Budget } from '@skyline/engine';
import type { BotLevel } from '@skyline/protocol/bot-levels';

/** The levels a table or the arena can seat: declared once, in the protocol. */
export { BOT_LEVELS, isBotLevel, type BotLevel } from '@skyline/protocol/bot-levels';

/** What a bot is given: the contract lives in the engine, where a game's `./bot` facet (its heuristic) can import it. */
export type { Budget, BotInput };

/**
 * A bot's answer when it has nothing to do now and the game goes on without it (only when `input.mayWait`): it keeps
 * its last decision until something it sees changes.
 */
export const WAIT: unique symbol = Symbol('wait');

export interface Bot {
  readonly level: BotLevel;
  /**
   * One of `input.legalMoves` (the same object); where the move space is open and `legalMoves` only a sample
   * (Chinatown's offers), possibly a move of its own that `game.validate` accepts; or `WAIT` (only when
   * `input.mayWait`).
   */
  choose(input: BotInput): unknown;
}
