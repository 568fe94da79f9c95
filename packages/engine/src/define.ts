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

/**
 * The functions of the engine contract, by the name a game's module exports them under. `firstSeat` is not one: a
 * game states it beside the contract, from its state's fields.
 */
const CONTRACT_FUNCTIONS = [
  'setup',
  'active',
  'status',
  'legalMoves',
  'validate',
  'apply',
  'sampleChance',
  'clone',
  'view',
  'redact',
  'determinize',
  'secrets',
  'randomMove',
  'randomActor',
  'moveContext',
  'undoable',
  'scoreBreakdown',
] as const satisfies readonly (keyof GameRules<Stepped, unknown, unknown, unknown, unknown>)[];

type ContractFunction = (typeof CONTRACT_FUNCTIONS)[number];

/** Every module's exports as one type, the later module's winning (as in `contractIn`). */
type Exports<T extends readonly object[]> = T extends readonly [infer First, ...infer Rest extends object[]]
  ? Omit<First, keyof Exports<Rest>> & Exports<Rest>
  : unknown;

/**
 * The contract's functions that a game's modules export (`import * as rules from './rules.js'`), picked by name,
 * for `defineGame`. A rule written under its contract name is thereby a rule the game plays: an optional one
 * (`randomMove`, `moveContext`…) cannot be exported and then left out of the list. The modules' other exports are
 * left behind; `defineGame`'s types check the picked ones.
 */
export function contractIn<T extends readonly object[]>(
  ...modules: T
): Pick<Exports<T>, Extract<keyof Exports<T>, ContractFunction>> {
  const picked: Record<string, unknown> = {};
  for (const module of modules) {
    for (const name of CONTRACT_FUNCTIONS) {
      if (name in module) picked[name] = (module as Record<string, unknown>)[name];
    }
  }
  return picked as Pick<Exports<T>, Extract<keyof Exports<T>, ContractFunction>>;
}
