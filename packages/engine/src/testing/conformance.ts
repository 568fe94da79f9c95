/**
 * The conformance suite every game runs (after OpenSpiel's `tests/basic_tests.cc`): seeded random games, checking at
 * every step the promises of the engine contract (`../contract.ts`). A game's test file runs it in a few lines:
 *
 *     describeConformance(nyny, { setups: [{ players: 2 }, ...], maxSteps: 400 });
 *
 * The checks throw `ConformanceError` with the seed, the step and what broke, so a failure can be replayed.
 */
import { isDeepStrictEqual } from 'node:util';
import { describe, it } from 'vitest';
import {
  CHANCE,
  SPECTATOR,
  type Actor,
  type AnyGame,
  type LogEntry,
  type Rng,
  type Viewer,
} from '../contract.js';
import { applyMove, randomMove } from '../play.js';
import { SeededRng } from '../rng.js';

export interface ConformanceSetup {
  players: number;
  options?: Record<string, unknown>;
}

export interface ConformanceConfig {
  /** Seat counts and option combinations to play (cover them all). */
  setups: ConformanceSetup[];
  /** Random games per setup (default 10). */
  games?: number;
  /** A game must be over within this many log entries. */
  maxSteps: number;
  /** Base seed (default 1); game `g` of setup `k` uses a seed derived from it. */
  seed?: number;
  /**
   * Plausible moves for `seat` now, legal or not (for New York: playing or taking every tile). For a closed move
   * space, `validate` must accept exactly those that `legalMoves` lists.
   */
  candidateMoves?(state: unknown, seat: number): unknown[];
  /** Corruptions of a valid chance move (each must be refused). */
  corruptChance?(state: unknown, chance: unknown, rng: Rng): unknown[];
  /** Whether the move space is open (then `legalMoves` is a sample, and accepted candidates need not be listed). */
  openMoveSpace?: boolean;
  /** The game's own invariants (components conserved, ...): throws when one is broken. */
  invariant?(state: unknown): void;
  /** Check views, redaction and determinization every `viewEvery` steps (default 1: every step). */
  viewEvery?: number;
}

export class ConformanceError extends Error {}

const GARBAGE: readonly unknown[] = [null, undefined, 0, -1, 1.5, '', 'x', true, [], {}, { type: 42 }];

/** Every string anywhere inside a JSON value, with where it was found. */
function stringLeaves(value: unknown, path: string, out: Map<string, string>): void {
  if (typeof value === 'string') {
    if (!out.has(value)) out.set(value, path);
  } else if (Array.isArray(value)) {
    value.forEach((item, k) => stringLeaves(item, `${path}[${k}]`, out));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) stringLeaves(item, `${path}.${key}`, out);
  }
}

/** Freezes a state deeply, so that anything that tries to change it during the checks throws. */
function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const item of Object.values(value)) deepFreeze(item);
}

function jsonRoundTrip(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

/** Moves derived from a legal one by breaking one field at a time, plus an unknown field. */
function corruptions(move: unknown): unknown[] {
  if (typeof move !== 'object' || move === null) return [];
  const out: unknown[] = [{ ...move, unexpected: 1 }];
  for (const key of Object.keys(move)) {
    for (const bad of [null, -1, 'zz', 999, [], {}]) out.push({ ...move, [key]: bad });
    const rest: Record<string, unknown> = { ...move };
    delete rest[key];
    out.push(rest);
  }
  return out;
}

/** Plays one seeded random game of `game`, checking the contract at every step. */
export function checkRandomGame(
  game: AnyGame,
  setup: ConformanceSetup,
  seed: number,
  config: ConformanceConfig,
): void {
  const rng = new SeededRng(seed);
  const where = { step: 0 };
  const fail = (message: string): never => {
    throw new ConformanceError(
      `${game.id} ${setup.players} seats ${JSON.stringify(setup.options ?? {})} seed ${seed} step ${where.step}: ${message}`,
    );
  };
  const parsed = game.parseOptions(setup.players, setup.options ?? {});
  if (!parsed.ok) return fail(`options refused: ${parsed.reason}`);
  const initial = game.setup(setup.players, parsed.options);
  let state: unknown = initial;
  const log: LogEntry[] = [];
  const seats = Array.from({ length: setup.players }, (_, seat) => seat);
  const viewers: Viewer[] = [...seats, SPECTATOR];

  const checkStatus = (): readonly Actor[] => {
    const active = game.active(state);
    const status = game.status(state);
    if (!isDeepStrictEqual(status.active, [...active])) fail('status().active differs from active()');
    if (status.over !== (active.length === 0)) fail('a game is over exactly when nobody is awaited');
    if (status.scores.length !== setup.players || status.scores.some((s) => !Number.isFinite(s))) {
      fail(`scores must hold one number per seat: ${JSON.stringify(status.scores)}`);
    }
    if (!status.over && status.winners.length > 0) fail('winners must be empty while the game goes on');
    if (status.over && (status.winners.length === 0 || status.winners.some((s) => !seats.includes(s)))) {
      fail(`a finished game needs winners among the seats: ${JSON.stringify(status.winners)}`);
    }
    const seatsActive = active.filter((a) => a !== CHANCE);
    if (active.includes(CHANCE) && active.length !== 1) fail('chance is awaited alone');
    if (
      !isDeepStrictEqual(
        seatsActive,
        [...seatsActive].sort((a, b) => a - b),
      )
    )
      fail('active seats must ascend');
    return active;
  };

  const checkViews = (): void => {
    const over = game.active(state).length === 0;
    for (const viewer of viewers) {
      const view = game.view(state, viewer);
      if (!isDeepStrictEqual(jsonRoundTrip(view), view))
        fail(`view of ${viewer} does not round-trip through JSON`);
      if (!over) {
        const { strings, logFrom } = game.secrets(state, viewer);
        const secrets = new Set(strings);
        const found = new Map<string, string>();
        stringLeaves(view, 'view', found);
        log.forEach((entry, index) => {
          const redacted = game.redact(entry, index, viewer, state);
          if (index >= logFrom) stringLeaves(redacted, `log[${index}]`, found);
        });
        for (const [text, path] of found) {
          if (secrets.has(text)) fail(`${viewer} can see the secret ${JSON.stringify(text)} at ${path}`);
        }
      }
      if (viewer === SPECTATOR) continue;
      const determinized = game.determinize(jsonRoundTrip(view), viewer, rng);
      if (!isDeepStrictEqual(jsonRoundTrip(determinized), determinized))
        fail('a determinized state is not JSON');
      if (!isDeepStrictEqual(game.view(determinized, viewer), view)) {
        fail(`seat ${viewer}'s view of its determinized state differs from its view`);
      }
      if (!isDeepStrictEqual(game.active(determinized), game.active(state))) {
        fail(`a determinized state for seat ${viewer} awaits other actors`);
      }
      if (!isDeepStrictEqual(game.legalMoves(determinized, viewer), game.legalMoves(state, viewer))) {
        fail(`a determinized state offers seat ${viewer} other moves`);
      }
    }
  };

  /** `move` by `actor` must be refused with a reason. (The state is frozen: a refusal that changes it throws.) */
  const expectRefused = (actor: Actor, move: unknown, why: string): void => {
    let result;
    try {
      result = applyMove(game, state, actor, move);
    } catch (error) {
      return fail(`${why}: ${JSON.stringify(move) ?? 'undefined'} by ${actor} threw (${String(error)})`);
    }
    if (result.ok) fail(`${why}: ${JSON.stringify(move) ?? 'undefined'} by ${actor} was accepted`);
    else if (typeof result.reason !== 'string' || result.reason.trim() === '')
      fail(`${why}: refusal without a reason`);
  };

  const checkSeatMoves = (active: readonly Actor[]): void => {
    const anyListed: unknown[] = [];
    for (const seat of seats) {
      const moves = game.legalMoves(state, seat);
      const listed = new Set(moves.map((m) => JSON.stringify(m)));
      if (listed.size !== moves.length) fail(`seat ${seat}'s legal moves hold duplicates`);
      if (!active.includes(seat)) {
        if (moves.length > 0) fail(`seat ${seat} is not awaited but has legal moves`);
        continue;
      }
      if (moves.length === 0) fail(`seat ${seat} is awaited but has no legal move`);
      if (!isDeepStrictEqual(game.legalMoves(state, seat), moves)) fail('legalMoves is not deterministic');
      for (const move of moves) {
        const reason = game.validate(state, seat, jsonRoundTrip(move));
        if (reason !== null) fail(`seat ${seat}'s listed move ${JSON.stringify(move)} is refused: ${reason}`);
      }
      anyListed.push(...moves.slice(0, 3));
      const candidates = [...(config.candidateMoves?.(state, seat) ?? []), ...GARBAGE];
      for (const move of moves.slice(0, 3)) candidates.push(...corruptions(move));
      for (const move of candidates) {
        const accepted = game.validate(state, seat, move) === null;
        if (!accepted) expectRefused(seat, move, 'an illegal move');
        else if (!config.openMoveSpace && !listed.has(JSON.stringify(move))) {
          fail(`seat ${seat}: ${JSON.stringify(move)} is accepted but not listed by legalMoves`);
        }
      }
    }
    // Out of turn: what an awaited seat may do, sent by a seat that is not awaited, or as a chance move.
    for (const seat of seats) {
      if (active.includes(seat)) continue;
      for (const move of anyListed) expectRefused(seat, move, 'a move out of turn');
    }
    for (const move of anyListed.slice(0, 1)) expectRefused(CHANCE, move, 'a seat move sent as chance');
    expectRefused(setup.players, anyListed[0], 'a move by a seat that does not exist');
    for (const ghost of [-1, setup.players]) {
      if (game.legalMoves(state, ghost).length > 0) fail(`seat ${ghost} does not exist but has legal moves`);
    }
  };

  const checkChance = (chance: unknown): void => {
    const reason = game.validate(state, CHANCE, jsonRoundTrip(chance));
    if (reason !== null) fail(`sampled chance move refused: ${reason}`);
    for (const bad of [...GARBAGE, ...(config.corruptChance?.(state, chance, rng) ?? [])]) {
      expectRefused(CHANCE, bad, 'a corrupted chance move');
    }
    for (const seat of seats) {
      if (game.legalMoves(state, seat).length > 0) fail('a seat has moves while chance is awaited');
      expectRefused(seat, { type: 'pass' }, 'a seat move while chance is awaited');
    }
  };

  for (; where.step <= config.maxSteps; where.step++) {
    const snapshot = JSON.stringify(state);
    deepFreeze(state);
    config.invariant?.(state);
    const active = checkStatus();
    if (where.step % (config.viewEvery ?? 1) === 0 || active.length === 0) checkViews();
    if (active.length === 0) break;
    if (where.step === config.maxSteps) fail(`the game is not over after ${config.maxSteps} steps`);

    let actor: Actor;
    let move: unknown;
    if (active[0] === CHANCE) {
      actor = CHANCE;
      move = game.sampleChance(state, rng);
      checkChance(move);
    } else {
      checkSeatMoves(active);
      actor = active[rng.int(active.length)] as number;
      move = randomMove(game, state, actor, rng);
    }

    if (JSON.stringify(state) !== snapshot) fail('the checks changed the state');
    // Clones are independent (the original is frozen), and the safe apply agrees with the fast one.
    const copy = game.clone(state);
    if (!isDeepStrictEqual(copy, state)) fail('a clone differs from its original');
    try {
      game.applyInPlace(copy, actor, move);
    } catch (error) {
      fail(
        `applying ${JSON.stringify(move)} to a clone failed, as if it shared parts with the original: ${String(error)}`,
      );
    }
    const applied = applyMove(game, jsonRoundTrip(state), actor, jsonRoundTrip(move));
    if (!applied.ok) return fail(`the chosen move ${JSON.stringify(move)} was refused: ${applied.reason}`);
    if (!isDeepStrictEqual(applied.state, copy)) fail('applyMove and applyInPlace disagree');
    log.push(actor === CHANCE ? { chance: move } : { seat: actor, move });
    state = copy;
  }

  // The finished game: nobody may move, and the log replays to the same state.
  for (const seat of seats) expectRefused(seat, { type: 'pass' }, 'a move after the end');
  let replayed: unknown = game.setup(setup.players, parsed.options);
  log.forEach((entry, index) => {
    const result =
      'chance' in entry
        ? applyMove(game, replayed, CHANCE, entry.chance)
        : applyMove(game, replayed, entry.seat, entry.move);
    if (!result.ok) fail(`log[${index}] does not replay: ${result.reason}`);
    else replayed = result.state;
  });
  if (!isDeepStrictEqual(replayed, state)) fail('replaying the log gives another state');
}

/** Registers the suite with vitest: one test per setup, each playing `games` seeded random games. */
export function describeConformance(game: AnyGame, config: ConformanceConfig): void {
  describe(`${game.id}: engine contract conformance`, () => {
    config.setups.forEach((setup, k) => {
      const games = config.games ?? 10;
      it(`${setup.players} seats ${JSON.stringify(setup.options ?? {})}: ${games} random games`, () => {
        for (let g = 0; g < games; g++)
          checkRandomGame(game, setup, (config.seed ?? 1) * 7919 + k * 1009 + g, config);
      }, 120_000);
    });
  });
}
