import type { AnyGame, Rng, Seat } from '@skyline/engine';

/** The levels a table or the arena can seat. */
export const BOT_LEVELS = ['random', 'greedy', 'ismcts'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export function isBotLevel(text: unknown): text is BotLevel {
  return typeof text === 'string' && (BOT_LEVELS as readonly string[]).includes(text);
}

/** How long a bot may think: a time budget in milliseconds, and (for tests, reproducible) an iteration cap. */
export interface Budget {
  ms?: number;
  iterations?: number;
}

/**
 * Everything a bot is given to choose a move: what a human in its seat sees (`view`, from `game.view(state, seat)`)
 * and its legal moves (`game.legalMoves(state, seat)`), never the true state. That a bot cannot cheat follows from
 * this signature: whatever it wants to know of the hidden parts, it samples with `game.determinize(view, seat, rng)`.
 * Every field but `game` and `rng` is plain JSON, so a server can hand it to a worker thread.
 */
export interface BotInput {
  game: AnyGame;
  view: unknown;
  seat: Seat;
  legalMoves: readonly unknown[];
  rng: Rng;
  budget: Budget;
  /**
   * Whether the bot may answer `WAIT` instead of a move: set by a server's table, where every awaited seat of a
   * simultaneous step is asked again whenever its view changes, and a bot must not answer every change with a move
   * (Chinatown's trading: a ready seat asked again would have nothing but `unready` to play). Left out by the arena,
   * whose referee asks only the seats that have something to do (`game.randomActor`).
   */
  mayWait?: boolean;
}

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
