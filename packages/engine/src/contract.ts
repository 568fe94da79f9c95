/**
 * The engine contract: the only way the server, the web client, the bots, the replay tool and the tests talk to a
 * game. Shaped after OpenSpiel's `State` and boardgame.io's game objects (docs/architecture.md, "The engine contract, in short").
 *
 * A game is a set of pure functions over plain-data states. States are JSON (they round-trip through
 * `JSON.stringify`), cloned by the game's own `clone`, and never hold functions, classes or cycles.
 */

import type { ScoreBreakdown } from './breakdown.js';
import type { OptionDeclaration, OptionIssue } from './options.js';

/** A seat number, `0 .. players - 1`, in clockwise order. */
export type Seat = number;

/** The pseudo-player that makes chance moves (shuffles, deals, draws). */
export const CHANCE = 'chance';
export type Chance = typeof CHANCE;

/** Who makes a move: a seat, or chance. */
export type Actor = Seat | Chance;

/** Who looks at a state: a seat, or someone who sits at no seat. */
export const SPECTATOR = 'spectator';
export type Viewer = Seat | typeof SPECTATOR;

/** The status of a game: what `skyline replay` prints for a record, and what a table shows at its end. */
export interface Status {
  over: boolean;
  /** Seats whose input is awaited now, ascending; or `["chance"]`; empty when over. */
  active: Seat[] | [Chance];
  /** One number per seat: the score as the rules count it so far. */
  scores: number[];
  /** When over, every seat with the best final score (after the game's tie-break); empty before. */
  winners: Seat[];
}

/** One entry of a game record's log. */
export type LogEntry<M = unknown, C = unknown> = { chance: C } | { seat: Seat; move: M };

/** The result of applying a move without touching the original state. */
export type ApplyResult<S> = { ok: true; state: S } | { ok: false; reason: string };

/** A source of randomness. Games receive one only in `sampleChance` and `determinize`. */
export interface Rng {
  /** A uniformly random integer in `0 .. n - 1` (`n >= 1`). */
  int(n: number): number;
}

/**
 * A game. `S` is the full state, `M` a seat's move, `C` a chance move, `V` a view, `O` the normalised options.
 *
 * Methods are declared with method syntax on purpose: that keeps `Game<NynyState, ...>` assignable to
 * `Game<unknown, ...>` for the registry, the CLI and the test suites that handle any game.
 */
export interface Game<S = unknown, M = unknown, C = unknown, V = unknown, O = unknown> {
  /** The game id used in records (`"nyny"`). */
  readonly id: string;
  /** The game's name for people. */
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** The options a table may set, as data (see `./options.ts`): `parseOptions` reads them, `/option` explains them. */
  readonly options: readonly OptionDeclaration[];

  /**
   * Checks `options` (any option may be left out; unknown ones and values out of range are errors) and returns
   * them with every default filled in, or the reason they are refused.
   */
  parseOptions(
    players: number,
    options: unknown,
  ): { ok: true; options: O } | { ok: false; reason: string; issue?: OptionIssue };

  /** A new game, waiting for its first chance move. Options must come from `parseOptions`. */
  setup(players: number, options: O): S;

  /**
   * Who is awaited now: seats in ascending order, or `["chance"]`, or nothing when the game is over. Cheap: bots and
   * playouts call it at every step. Callers must not modify the returned array.
   */
  active(state: S): readonly Actor[];

  /** The full status (scores as the rules count them so far, winners when over). */
  status(state: S): Status;

  /**
   * Every legal move of `seat` now, in a deterministic order; empty when the seat is not awaited. Where a move space
   * is open (Chinatown offers), a bounded and useful sample, and `validate` is the judge. The returned move objects
   * may be shared between calls: callers must not modify them.
   */
  legalMoves(state: S, seat: Seat): readonly M[];

  /**
   * Why `actor` may not make `move` now, in words a player understands (`"tile y5 is not in your hand"`), or `null`
   * when the move is legal. `move` is untrusted input of any shape. This is the single source of legality: for
   * closed move spaces it accepts exactly what `legalMoves` lists (the conformance suite checks it).
   */
  validate(state: S, actor: Actor, move: unknown): string | null;

  /**
   * Applies a move in place, without checking it: the move must come from `legalMoves` or `sampleChance`, or have
   * passed `validate`. The fast path of bots and playouts (OpenSpiel's `ApplyAction`); everyone else uses
   * `applyMove`, which validates and leaves the original state untouched.
   */
  applyInPlace(state: S, actor: Actor, move: M | C): void;

  /** A chance move for the state waiting for one, drawn from `rng`. The only place randomness enters a game. */
  sampleChance(state: S, rng: Rng): C;

  /** An independent deep copy. */
  clone(state: S): S;

  /** What `viewer` may know now, and nothing more (see the game's spec, "Secrets"). Plain JSON. */
  view(state: S, viewer: Viewer): V;

  /**
   * A log entry as `viewer` may see it, given the entry's position in the log and the current state (after the whole
   * log). Hidden parts are replaced by `null` or a `{"type": "hidden"}` move; the entry keeps its shape. Once the game
   * is over, the full record may be shown: entries come back unchanged.
   */
  redact(entry: LogEntry<M, C>, index: number, viewer: Viewer, state: S): LogEntry;

  /**
   * A full state consistent with `view` (the view of `seat`): whatever `seat` cannot see is sampled from `rng`.
   * `view(determinize(v, seat, rng), seat)` equals `v`. Bots plan on such states, so they cannot cheat.
   */
  determinize(view: V, seat: Seat, rng: Rng): S;

  /**
   * Optional playout policy: which of `moves` (the non-empty legal moves of `seat`) a random player picks. Games use
   * it to keep random games meaningful (New York's random player never passes while it can play). Default: uniform.
   */
  randomMove?(state: S, seat: Seat, moves: readonly M[], rng: Rng): M;

  /**
   * Optional: the seat that played first in the game (New York: round 1's first seat), or `null` before it is known.
   * Simulations use it to tell the advantage of playing first, second... from the advantage of a seat number.
   */
  firstSeat?(state: S): Seat | null;

  /**
   * Optional playout policy: which of the awaited actors (`active(state)`, not empty) a random game moves next.
   * Games where every seat stays awaited until all agree to stop (Chinatown's trading) use it so that random games
   * end. Default: the first awaited actor.
   */
  randomActor?(state: S, rng: Rng): Actor;

  /**
   * Simultaneous phases: the part of `seat`'s view that its `move` depends on. A move made on an older version of a
   * table is still applied when it is legal now and this part of the seat's view was the same then as now (the
   * server compares the two as JSON): another seat's choice that changes nothing the move depends on no longer
   * makes it "stale". Absent, a move made on an older version is always refused with the current state.
   */
  moveContext?(view: V, seat: Seat, move: M): unknown;

  /**
   * Optional: whether `seat`'s `move` (from `before` to `after`) may be taken back, where the generic rule
   * (`./undo.ts`: no chance move, no reveal, the same seat next or a choice still hidden) allows it. A game only
   * narrows the rule with it: a move whose taking back would tell its seat something (it saw a result) says false.
   */
  undoable?(before: S, after: S, seat: Seat, move: M): boolean;

  /**
   * Optional: each seat's score term by term (and round by round where the game has rounds), for end screens and
   * replays (`./breakdown.ts`). Each seat's terms add up to `status(state).scores` at every step of a game.
   */
  scoreBreakdown?(state: S): ScoreBreakdown;

  /**
   * For the conformance suite: the strings (tile ids, card ids...) that `viewer` must not find anywhere in its view,
   * nor in its redacted log from entry `logFrom` on, while the game is not over. (Earlier entries may tell of an
   * earlier deal of the same components, as New York's earlier rounds.)
   */
  secrets(state: S, viewer: Viewer): { strings: string[]; logFrom: number };
}

/** A game of any type, as the registry, the CLI and the generic test suites hold it. */
export type AnyGame = Game<unknown, unknown, unknown, unknown, unknown>;
