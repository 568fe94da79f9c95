/**
 * The conformance suite every game runs (after OpenSpiel's `tests/basic_tests.cc`): seeded random games, and named
 * checks of the promises of the engine contract (`../contract.ts`) at every position of them. A game's test file
 * runs it in a few lines, one test per check and setup:
 *
 *     describeConformance(nyny, { setups: [{ players: 2 }, ...], maxSteps: 400 });
 *
 * or picks checks by name (`checks: ['secretsHidden', 'replays']`), or runs one on one game with `checkRandomGame`.
 * The checks throw `ConformanceError` with the seed, the step and what broke, so a failure can be replayed.
 */
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, it } from 'vitest';
import {
  CHANCE,
  SPECTATOR,
  type Actor,
  type AnyGame,
  type LogEntry,
  type Rng,
  type Seat,
  type Viewer,
} from '../contract.js';
import { applyMove, randomMove } from '../play.js';
import { replayLog } from '../replay.js';
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
  /** The checks to run, by name (default: all of `CHECKS`). */
  checks?: CheckName[];
}

export class ConformanceError extends Error {}

/** One position of a random game: the state after `step` log entries, and the move the game made there. */
export interface Position {
  step: number;
  /** Deeply frozen: a check (or a game function it calls) that tries to change it throws. */
  state: unknown;
  /** The game's log: its first `step` entries led here (later ones may follow, while the game is played). */
  log: readonly LogEntry[];
  active: readonly Actor[];
  /** `game.legalMoves(state, seat)`, computed once for all the checks at this position. */
  legal(seat: Seat): readonly unknown[];
  /** `game.view(state, viewer)`, computed once for all the checks at this position. */
  view(viewer: Viewer): unknown;
  /** The move made here and the state it led to; absent once the game is over. */
  next?: { actor: Actor; move: unknown; state: unknown };
}

/** One random game under test: what every check needs besides the position. */
export interface Trial {
  game: AnyGame;
  setup: ConformanceSetup;
  config: ConformanceConfig;
  /** The options as the game parsed them. */
  options: unknown;
  seats: Seat[];
  viewers: Viewer[];
  /** Randomness for the checks (determinization, corruptions), apart from the game's own. */
  rng: Rng;
  /** The step being checked, for the messages. */
  step: number;
  /** Throws a `ConformanceError` naming the game, the seed and the step. */
  fail: (message: string) => never;
}

/** A named promise of the contract, checked at each position and, if it says so, on the finished game. */
export interface ConformanceCheck {
  /** What it checks, as a test title. */
  title: string;
  position?(trial: Trial, at: Position): void;
  end?(trial: Trial, last: Position): void;
}

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

const shown = (move: unknown): string => JSON.stringify(move) ?? 'undefined';

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

/** `move` by `actor` must be refused with a reason, and must not throw (nor change the frozen state). */
function expectRefusal(trial: Trial, state: unknown, actor: Actor, move: unknown, why: string): void {
  let result;
  try {
    result = applyMove(trial.game, state, actor, move);
  } catch (error) {
    return trial.fail(`${why}: ${shown(move)} by ${actor} threw (${String(error)})`);
  }
  if (result.ok) trial.fail(`${why}: ${shown(move)} by ${actor} was accepted`);
  else if (typeof result.reason !== 'string' || result.reason.trim() === '') {
    trial.fail(`${why}: refusal without a reason`);
  }
}

/** Whether views are checked at this position (every `viewEvery` steps, and always at the end). */
function viewsDue(trial: Trial, at: Position): boolean {
  return at.step % (trial.config.viewEvery ?? 1) === 0 || at.active.length === 0;
}

/** The moves listed for `seat`, checked for duplicates; a few of them stand in for "a legal move" elsewhere. */
function sampleListed(trial: Trial, at: Position): unknown[] {
  return at.active.filter((actor) => actor !== CHANCE).flatMap((seat) => at.legal(seat).slice(0, 3));
}

/** The promises of the engine contract, by name. */
export const CHECKS = {
  status: {
    title: 'status() agrees with active(), with one score per seat and winners exactly at the end',
    position({ game, setup, seats, fail }, { state, active }) {
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
      if (active.includes(CHANCE) && active.length !== 1) fail('chance is awaited alone');
      const seatsActive = active.filter((a) => a !== CHANCE);
      if (
        !isDeepStrictEqual(
          seatsActive,
          [...seatsActive].sort((a, b) => a - b),
        )
      ) {
        fail('active seats must ascend');
      }
    },
  },

  invariant: {
    title: "the game's own invariants hold at every step",
    position({ config }, { state }) {
      config.invariant?.(state);
    },
  },

  secretsHidden: {
    title: 'views are JSON and show no secret, nor does the redacted log',
    position(trial, at) {
      if (!viewsDue(trial, at)) return;
      const { game, viewers, fail } = trial;
      const { state, log } = at;
      for (const viewer of viewers) {
        const view = at.view(viewer);
        if (!isDeepStrictEqual(jsonRoundTrip(view), view)) {
          fail(`view of ${viewer} does not round-trip through JSON`);
        }
        if (at.active.length === 0) continue; // a finished game may show everything
        const { strings, logFrom } = game.secrets(state, viewer);
        const secrets = new Set(strings);
        const found = new Map<string, string>();
        stringLeaves(view, 'view', found);
        for (let index = 0; index < at.step; index++) {
          const redacted = game.redact(log[index] as LogEntry, index, viewer, state);
          if (index >= logFrom) stringLeaves(redacted, `log[${index}]`, found);
        }
        for (const [text, path] of found) {
          if (secrets.has(text)) fail(`${viewer} can see the secret ${JSON.stringify(text)} at ${path}`);
        }
      }
    },
  },

  determinize: {
    title:
      'a determinized state gives back the view it came from, the same awaited actors and the same moves',
    position(trial, at) {
      if (!viewsDue(trial, at)) return;
      const { game, seats, rng, fail } = trial;
      const { state } = at;
      for (const seat of seats) {
        const view = at.view(seat);
        const determinized = game.determinize(jsonRoundTrip(view), seat, rng);
        if (!isDeepStrictEqual(jsonRoundTrip(determinized), determinized)) {
          fail('a determinized state is not JSON');
        }
        if (!isDeepStrictEqual(game.view(determinized, seat), view)) {
          fail(`seat ${seat}'s view of its determinized state differs from its view`);
        }
        if (!isDeepStrictEqual(game.active(determinized), game.active(state))) {
          fail(`a determinized state for seat ${seat} awaits other actors`);
        }
        if (!isDeepStrictEqual(game.legalMoves(determinized, seat), at.legal(seat))) {
          fail(`a determinized state offers seat ${seat} other moves`);
        }
      }
    },
  },

  legalMoves: {
    title: 'listed moves are distinct, deterministic, accepted, and offered to awaited seats only',
    position({ game, setup, seats, fail }, at) {
      const { state, active } = at;
      for (const seat of seats) {
        const moves = at.legal(seat);
        if (new Set(moves.map((m) => JSON.stringify(m))).size !== moves.length) {
          fail(`seat ${seat}'s legal moves hold duplicates`);
        }
        if (!active.includes(seat)) {
          if (moves.length > 0) {
            fail(
              active[0] === CHANCE
                ? 'a seat has moves while chance is awaited'
                : `seat ${seat} is not awaited but has legal moves`,
            );
          }
          continue;
        }
        if (moves.length === 0) fail(`seat ${seat} is awaited but has no legal move`);
        if (!isDeepStrictEqual(game.legalMoves(state, seat), moves)) fail('legalMoves is not deterministic');
        for (const move of moves) {
          const reason = game.validate(state, seat, jsonRoundTrip(move));
          if (reason !== null)
            fail(`seat ${seat}'s listed move ${JSON.stringify(move)} is refused: ${reason}`);
        }
      }
      for (const ghost of [-1, setup.players]) {
        if (game.legalMoves(state, ghost).length > 0)
          fail(`seat ${ghost} does not exist but has legal moves`);
      }
    },
  },

  illegalMovesRefused: {
    title: 'illegal moves (candidates, garbage, corrupted legal moves) are refused with a reason',
    position(trial, at) {
      const { game, config, fail } = trial;
      const { state, active } = at;
      for (const seat of active) {
        if (seat === CHANCE) continue;
        const moves = at.legal(seat);
        const listed = new Set(moves.map((m) => JSON.stringify(m)));
        const candidates = [...(config.candidateMoves?.(state, seat) ?? []), ...GARBAGE];
        for (const move of moves.slice(0, 3)) candidates.push(...corruptions(move));
        for (const move of candidates) {
          const accepted = game.validate(state, seat, move) === null;
          if (!accepted) expectRefusal(trial, state, seat, move, 'an illegal move');
          else if (!config.openMoveSpace && !listed.has(JSON.stringify(move))) {
            fail(`seat ${seat}: ${JSON.stringify(move)} is accepted but not listed by legalMoves`);
          }
        }
      }
    },
  },

  outOfTurnRefused: {
    title:
      'moves out of turn, sent as chance, by a seat that does not exist or while chance is awaited are refused',
    position(trial, at) {
      const { seats, setup } = trial;
      const { state, active } = at;
      if (active.length === 0) return;
      if (active[0] === CHANCE) {
        for (const seat of seats)
          expectRefusal(trial, state, seat, { type: 'pass' }, 'a seat move while chance is awaited');
        return;
      }
      const legal = sampleListed(trial, at);
      for (const seat of seats) {
        if (active.includes(seat)) continue;
        for (const move of legal) expectRefusal(trial, state, seat, move, 'a move out of turn');
      }
      for (const move of legal.slice(0, 1))
        expectRefusal(trial, state, CHANCE, move, 'a seat move sent as chance');
      expectRefusal(trial, state, setup.players, legal[0], 'a move by a seat that does not exist');
    },
  },

  chanceMoves: {
    title: 'sampled chance moves are accepted, and corrupted ones refused',
    position(trial, { state, next }) {
      if (next?.actor !== CHANCE) return;
      const { game, config, rng, fail } = trial;
      const reason = game.validate(state, CHANCE, jsonRoundTrip(next.move));
      if (reason !== null) fail(`sampled chance move refused: ${reason}`);
      for (const bad of [...GARBAGE, ...(config.corruptChance?.(state, next.move, rng) ?? [])]) {
        expectRefusal(trial, state, CHANCE, bad, 'a corrupted chance move');
      }
    },
  },

  applyAgrees: {
    title: 'applyMove agrees with applyInPlace on a clone, and a clone equals its original',
    position({ game, fail }, { state, next }) {
      if (!next) return;
      if (!isDeepStrictEqual(game.clone(state), state)) fail('a clone differs from its original');
      const applied = applyMove(game, jsonRoundTrip(state), next.actor, jsonRoundTrip(next.move));
      if (!applied.ok) fail(`the chosen move ${JSON.stringify(next.move)} was refused: ${applied.reason}`);
      else if (!isDeepStrictEqual(applied.state, next.state)) fail('applyMove and applyInPlace disagree');
    },
  },

  finished: {
    title: 'nobody may move once the game is over',
    end(trial, last) {
      for (const seat of trial.seats)
        expectRefusal(trial, last.state, seat, { type: 'pass' }, 'a move after the end');
    },
  },

  replays: {
    title: 'the log replays from the start to the same state',
    end({ game, setup, options, fail }, last) {
      const replayed = replayLog(game, setup.players, options, last.log.slice(0, last.step));
      if (!replayed.ok) fail(`${replayed.error.line} does not replay`);
      else if (!isDeepStrictEqual(replayed.state, last.state)) fail('replaying the log gives another state');
    },
  },
} satisfies Record<string, ConformanceCheck>;

export type CheckName = keyof typeof CHECKS;

function startTrial(game: AnyGame, setup: ConformanceSetup, seed: number, config: ConformanceConfig): Trial {
  const seats = Array.from({ length: setup.players }, (_, seat) => seat);
  const trial: Trial = {
    game,
    setup,
    config,
    options: undefined,
    seats,
    viewers: [...seats, SPECTATOR],
    // Apart from the game's randomness, so that every selection of checks sees the same games.
    rng: new SeededRng(seed ^ 0x5bd1e995),
    step: 0,
    fail: (message) => {
      throw new ConformanceError(
        `${game.id} ${setup.players} seats ${JSON.stringify(setup.options ?? {})} seed ${seed} step ${trial.step}: ${message}`,
      );
    },
  };
  const parsed = game.parseOptions(setup.players, setup.options ?? {});
  if (!parsed.ok) return trial.fail(`options refused: ${parsed.reason}`);
  trial.options = parsed.options;
  return trial;
}

/** The error `trial.fail` would throw, as a value. */
function failure(trial: Trial, message: string): ConformanceError {
  try {
    return trial.fail(message);
  } catch (error) {
    return error as ConformanceError;
  }
}

/** The position after `step` entries of `log`, with what several checks ask of it computed once. */
function position(game: AnyGame, step: number, state: unknown, log: readonly LogEntry[]): Position {
  const legal = new Map<Seat, readonly unknown[]>();
  const views = new Map<Viewer, unknown>();
  return {
    step,
    state,
    log,
    active: game.active(state),
    legal(seat) {
      if (!legal.has(seat)) legal.set(seat, game.legalMoves(state, seat));
      return legal.get(seat) as readonly unknown[];
    },
    view(viewer) {
      if (!views.has(viewer)) views.set(viewer, game.view(state, viewer));
      return views.get(viewer);
    },
  };
}

/**
 * Plays one seeded random game of `game`, calling `visit` at each position as it is reached, before the game moves
 * on (so that checks run there report the first broken promise in the order of the game). A move that cannot be
 * chosen or applied, or a game that does not end, stops the game: that is `broke`.
 */
function playRandomGame(
  game: AnyGame,
  setup: ConformanceSetup,
  seed: number,
  config: ConformanceConfig,
  visit: (trial: Trial, at: Position) => void,
): { trial: Trial; broke: ConformanceError | null } {
  const trial = startTrial(game, setup, seed, config);
  const rng = new SeededRng(seed);
  let state: unknown = game.setup(setup.players, trial.options);
  const log: LogEntry[] = [];
  try {
    for (let step = 0; ; step++) {
      trial.step = step;
      deepFreeze(state);
      const at = position(game, step, state, log);
      const { active } = at;
      let broke: ConformanceError | null = null;
      if (active.length > 0 && step === config.maxSteps) {
        broke = failure(trial, `the game is not over after ${config.maxSteps} steps`);
      } else if (active.length > 0) {
        const actor: Actor = active[0] === CHANCE ? CHANCE : (active[rng.int(active.length)] as Seat);
        const move =
          actor === CHANCE
            ? game.sampleChance(state, rng)
            : randomMove(game, state, actor, rng, at.legal(actor));
        const copy = game.clone(state);
        try {
          game.applyInPlace(copy, actor, move);
          at.next = { actor, move, state: copy };
        } catch (error) {
          broke = failure(
            trial,
            `applying ${JSON.stringify(move)} to a clone failed, as if it shared parts with the original: ${String(error)}`,
          );
        }
      }
      visit(trial, at);
      if (broke || !at.next) return { trial, broke };
      log.push(
        at.next.actor === CHANCE ? { chance: at.next.move } : { seat: at.next.actor, move: at.next.move },
      );
      state = at.next.state;
    }
  } catch (error) {
    return { trial, broke: error instanceof ConformanceError ? error : failure(trial, String(error)) };
  }
}

/** Runs `check` at `at`; a game function that throws (on a frozen state, say) is a broken promise too. */
function runCheck(check: ConformanceCheck, trial: Trial, at: Position, phase: 'position' | 'end'): void {
  trial.step = at.step;
  try {
    check[phase]?.(trial, at);
  } catch (error) {
    if (error instanceof ConformanceError) throw error;
    trial.fail(`${check.title}: threw ${String(error)}`);
  }
}

function selected(config: ConformanceConfig): ConformanceCheck[] {
  return (config.checks ?? (Object.keys(CHECKS) as CheckName[])).map((name) => CHECKS[name]);
}

/**
 * Plays one seeded random game of `game` and runs the checks of `config.checks` (default: all) at every position;
 * throws the first `ConformanceError`.
 */
export function checkRandomGame(
  game: AnyGame,
  setup: ConformanceSetup,
  seed: number,
  config: ConformanceConfig,
): void {
  const checks = selected(config);
  let last: Position | undefined;
  const { trial, broke } = playRandomGame(game, setup, seed, config, (trial, at) => {
    for (const check of checks) runCheck(check, trial, at, 'position');
    last = at;
  });
  if (broke) throw broke;
  for (const check of checks) runCheck(check, trial, last as Position, 'end');
}

/** What one random game showed: the first failure of each check that failed, and what stopped the game early. */
export interface GameVerdict {
  failures: Map<CheckName, ConformanceError>;
  broke: ConformanceError | null;
}

/**
 * Plays one seeded random game and runs every named check at every position, each until its first failure, so
 * that one broken promise does not hide another.
 */
export function judgeRandomGame(
  game: AnyGame,
  setup: ConformanceSetup,
  seed: number,
  config: ConformanceConfig,
  names: readonly CheckName[],
): GameVerdict {
  const failures = new Map<CheckName, ConformanceError>();
  const run = (trial: Trial, at: Position, phase: 'position' | 'end') => {
    for (const name of names) {
      if (failures.has(name)) continue;
      try {
        runCheck(CHECKS[name], trial, at, phase);
      } catch (error) {
        failures.set(name, error as ConformanceError);
      }
    }
  };
  let last: Position | undefined;
  const { trial, broke } = playRandomGame(game, setup, seed, config, (trial, at) => {
    run(trial, at, 'position');
    last = at;
  });
  if (!broke && last) run(trial, last, 'end');
  return { failures, broke };
}

/**
 * Registers the suite with vitest: for each setup, `games` seeded random games are played once with every check,
 * and each check is one test that reports its own first failure (or what stopped a game early).
 */
export function describeConformance(game: AnyGame, config: ConformanceConfig): void {
  const names = (config.checks ?? (Object.keys(CHECKS) as CheckName[])).filter(
    (name) => name !== 'invariant' || config.invariant !== undefined,
  );
  describe(`${game.id}: engine contract conformance`, () => {
    config.setups.forEach((setup, k) => {
      const games = config.games ?? 10;
      describe(`${setup.players} seats ${JSON.stringify(setup.options ?? {})}: ${games} random games`, () => {
        let verdicts: GameVerdict[] = [];
        beforeAll(() => {
          verdicts = Array.from({ length: games }, (_, g) =>
            judgeRandomGame(game, setup, (config.seed ?? 1) * 7919 + k * 1009 + g, config, names),
          );
        }, 120_000);
        for (const name of names) {
          it(`${name}: ${CHECKS[name].title}`, () => {
            for (const { failures, broke } of verdicts) {
              const failure = failures.get(name) ?? broke;
              if (failure) throw failure;
            }
          });
        }
      });
    });
  });
}
