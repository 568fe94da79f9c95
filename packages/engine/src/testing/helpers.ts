/**
 * Helpers for a game's own tests: start a game, play scripted moves, check a refusal, and check that the
 * conformance suite catches a broken copy of the game. `gameHelpers(nyny)` binds the first three to one game.
 */
import { expect } from 'vitest';
import type { Actor, AnyGame, Game } from '../contract.js';
import { applyMove } from '../play.js';
import {
  ConformanceError,
  checkRandomGame,
  type ConformanceConfig,
  type ConformanceSetup,
} from './conformance.js';

/** A new game with these options (the defaults filled in); throws if the game refuses them. */
export function newGame<S, O>(
  game: Game<S, unknown, unknown, unknown, O>,
  players: number,
  options: object = {},
): S {
  const parsed = game.parseOptions(players, options);
  if (!parsed.ok) throw new Error(parsed.reason);
  return game.setup(players, parsed.options);
}

/** Applies moves one after the other with the safe apply; fails the test on the first refusal. */
export function play<S>(game: Game<S>, state: S, ...steps: [Actor, unknown][]): S {
  let current = state;
  for (const [actor, move] of steps) {
    const result = applyMove(game, current, actor, move);
    if (!result.ok) throw new Error(`${JSON.stringify(move)} by ${actor} refused: ${result.reason}`);
    current = result.state;
  }
  return current;
}

/** The move is refused with exactly this reason (or one matching it), and the state is untouched. */
export function expectRefused<S>(
  game: Game<S>,
  state: S,
  actor: Actor,
  move: unknown,
  reason: string | RegExp,
): void {
  const before = JSON.stringify(state);
  const result = applyMove(game, state, actor, move);
  expect(result.ok).toBe(false);
  if (!result.ok) {
    if (typeof reason === 'string') expect(result.reason).toBe(reason);
    else expect(result.reason).toMatch(reason);
  }
  expect(JSON.stringify(state)).toBe(before);
}

/**
 * The conformance suite, run on `mutant` (a game broken on purpose) with seeds 1 to `seeds`, stops it with a
 * message matching `message`: the suite can tell that break.
 */
export function expectCaught(
  mutant: AnyGame,
  message: RegExp,
  setup: ConformanceSetup,
  config: ConformanceConfig,
  seeds = 5,
): void {
  let error: unknown;
  for (let seed = 1; seed <= seeds && error === undefined; seed++) {
    try {
      checkRandomGame(mutant, setup, seed, config);
    } catch (caught) {
      error = caught;
    }
  }
  expect(error).toBeInstanceOf(ConformanceError);
  expect((error as Error).message).toMatch(message);
}

/** `newGame`, `play` and `expectRefused` for one game, typed with its state and options. */
export function gameHelpers<S, M, C, V, O>(game: Game<S, M, C, V, O>) {
  return {
    newGame: (players: number, options: Partial<O> = {}): S => newGame(game, players, options),
    play: (state: S, ...steps: [Actor, unknown][]): S => play(game, state, ...steps),
    expectRefused: (state: S, actor: Actor, move: unknown, reason: string | RegExp): void =>
      expectRefused(game, state, actor, move, reason),
  };
}
