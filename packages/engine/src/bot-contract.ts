/**
 * What a game tells the bots about itself (its `./bot` facet: a heuristic and the tree search's settings), and what
 * the bots give a heuristic to judge. It lives in the engine, beside the game contract, so that a game package can
 * write its facet without depending on `@skyline/bots` (which reads the facets through the registry, `@skyline/games`);
 * `@skyline/bots` re-exports these types for its users.
 */
import type { AnyGame, Rng, Seat } from './contract.js';

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
 * A game's heuristic, written from its strategy (in the game's package, `src/bot/`). It judges positions as the seat
 * sees them: a view, never a state.
 */
export interface Heuristic {
  /** How good the position `view` (what `seat` sees) is for `seat`: higher is better; only differences matter. */
  evaluate(view: unknown, seat: Seat): number;
  /**
   * Optional: a move chosen directly for positions where looking one move ahead says little (Chinatown's trading),
   * or `undefined` to let the lookahead (or the tree search) choose. `value(move)` is the lookahead's value of a
   * move. `deep`: the tree-search bot asks, and may be given a costlier choice than the greedy bot's (where the move
   * space is open, even a move outside `legalMoves` that `validate` accepts).
   */
  choose?(input: BotInput, value: (move: unknown) => number, deep?: boolean): unknown;
  /**
   * Optional, for simultaneous steps where a seat stays awaited after it has decided: whether the seat (seeing
   * `view`) has nothing left to do, so that the game goes on without it (Chinatown's trading: it is ready and no
   * offer awaits its answer). A bot at a table then waits (`WAIT`) rather than undo its decision.
   */
  idle?(view: unknown, seat: Seat): boolean;
  /**
   * Optional, for the tree search: adds to a state sampled from `view` (`determinize`) what the seat can believe
   * beyond the game's sampling (Chinatown: the rivals' money, from their announced incomes).
   */
  refine?(state: unknown, view: unknown, seat: Seat): void;
  /**
   * Optional, for the tree search's playouts cut after `playoutDepth` moves: how good `state` is for `seat` (in the
   * units of `evalScale`), judged on the sampled state rather than `evaluate` on the seat's view (so that it may weigh
   * the rivals' sampled secrets too). Without it the search judges `evaluate(view(state, seat), seat)`.
   */
  judge?(game: AnyGame, state: unknown, seat: Seat): number;
  /** Optional, for the tree search's `playout: 'policy'`: a fast policy's move for awaited `seat` in `state`. */
  playout?(game: AnyGame, state: unknown, seat: Seat, rng: Rng): unknown;
}

/** The settings of the tree-search bot (ISMCTS, `@skyline/bots`' `ismcts.ts`). */
export interface IsmctsSettings {
  /** UCB exploration constant (rewards are in 0..1). */
  exploration: number;
  /** Weight of the greedy prior at the root. */
  bias: number;
  /** How many root moves, the best by the greedy lookahead, the search considers (at least 2). */
  rootWidth: number;
  /** `policy`: the heuristic's own fast playout policy (`Heuristic.playout`), random where it has none. */
  playout: 'random' | 'greedy' | 'policy';
  /**
   * Moves a playout makes before it stops and the heuristic judges the position (each seat's value through a
   * logistic of `evalScale`); `Infinity` plays to the end and counts wins.
   */
  playoutDepth: number;
  evalScale: number;
  /** Milliseconds when the budget gives neither a time nor an iteration cap. */
  defaultMs: number;
  /**
   * The share of its budget the `club` bot searches with (the `ismcts` bot has all of it): per game, because the
   * searches gain strength with time at different rates, and the ladder's rungs are measured at the server's budget.
   */
  clubFraction: number;
}

/**
 * A game's `./bot` facet: its heuristic, and where the tree search plays it better with settings of its own
 * (measured with the arena), those settings over the bots' defaults (`{}`: the defaults suit it).
 */
export interface GameBot {
  readonly heuristic: Heuristic;
  readonly search: Readonly<Partial<IsmctsSettings>>;
}

/** `values[seat]` minus the best of the others' values (what a seat needs to win). */
export function margin(values: readonly number[], seat: Seat): number {
  let best = -Infinity;
  values.forEach((value, other) => {
    if (other !== seat && value > best) best = value;
  });
  return (values[seat] as number) - (best === -Infinity ? 0 : best);
}
