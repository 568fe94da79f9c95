import type { Actor, Game } from './contract.js';
import { parseDeclaredOptions, type OptionIssue } from './options.js';

/** A state that counts the log entries applied to it: views show the count, and hidden-choice rules key on it. */
export interface Stepped {
  step: number;
}

/**
 * What a game's package writes: the engine contract, but with `apply` (the rules of one move) in place of
 * `applyInPlace`, and no `parseOptions`: the engine reads options from their declaration (`options`). The
 * bookkeeping every move shares is done once, here, rather than at the top of each game's rules (as OpenSpiel's base
 * `ApplyAction` does before `DoApplyAction`).
 */
export interface GameRules<S extends Stepped, M, C, V, O> extends Omit<
  Game<S, M, C, V, O>,
  'applyInPlace' | 'parseOptions'
> {
  /**
   * Applies a validated move in place. `state.step` already counts it: a rule that records "the entry that began
   * this round" reads `state.step - 1`.
   */
  apply: (state: S, actor: Actor, move: M | C) => void;
}

/**
 * A game on the engine contract, from its rules. `O` must be the type of what the declared options parse to (each
 * game's options test checks the defaults against it).
 */
export function defineGame<S extends Stepped, M, C, V, O>(
  rules: GameRules<S, M, C, V, O>,
): Game<S, M, C, V, O> {
  const { apply, ...game } = rules;
  return {
    ...game,
    parseOptions: (players, input) =>
      parseDeclaredOptions(game.options, players, input) as
        { ok: true; options: O } | { ok: false; reason: string; issue: OptionIssue },
    applyInPlace(state, actor, move) {
      state.step++;
      apply(state, actor, move);
    },
  };
}
