/**
 * Chinatown: the tree-search bot's choice among its own candidate offers and declaring itself ready, by playouts
 * rather than by the pricing formula alone. The formula counts only what a trade adds to the bot's potential; the
 * playouts also see what it gives the receiver (a rival that may be leading) and how the next two rounds go.
 *
 * Each playout samples a state from the view (`determinize`, the rivals' money believed from their incomes), makes
 * the candidate (an offer is accepted at once: its price was set so that the receiver, judging as the greedy bot does,
 * gains enough to accept), plays the fast policy for 60 moves and judges the bot's potential over the best rival's.
 * Every candidate is played out from the same samples (common random numbers), so that their difference is measured
 * rather than the samples'.
 */
import { CHANCE, SeededRng, type Actor, type AnyGame, type Seat } from '@skyline/engine';
import type { ChinatownMove, ChinatownState, ChinatownView } from '@skyline/chinatown';
import type { BotInput } from '../bot.js';
import { believeMoney, playoutMove } from './chinatown-playout.js';

/** Moves a playout makes before it is judged (about two rounds), and the scale of the judged margin. */
const DEPTH = 60;
const SCALE = 8000;
/** The share of a time budget the playouts may use (pricing the offers used some before), and the default budget. */
const SAFETY = 0.85;
const DEFAULT_MS = 1000;

export type Judge = (game: AnyGame, state: ChinatownState, seat: Seat) => number;

/** One playout's reward for `seat` after it makes `move` (`null`: the move cannot be made in this sample). */
function playout(
  game: AnyGame,
  input: BotInput,
  move: ChinatownMove,
  seed: number,
  judge: Judge,
): number | null {
  const { seat, view } = input;
  const rng = new SeededRng(seed);
  const state = game.determinize(view, seat, rng) as ChinatownState;
  believeMoney(state, view as ChinatownView, seat);
  if (game.validate(state, seat, move) !== null) return null;
  game.applyInPlace(state, seat, move);
  if (move.type === 'offer') {
    const accept = { type: 'accept', offer: state.offerCount };
    if (game.validate(state, move.to, accept) !== null) return null;
    game.applyInPlace(state, move.to, accept);
  }
  for (let steps = 0; steps < DEPTH; steps++) {
    const active = game.active(state);
    if (active.length === 0) break;
    const actor = game.randomActor ? game.randomActor(state, rng) : (active[0] as Actor);
    if (actor === CHANCE) game.applyInPlace(state, CHANCE, game.sampleChance(state, rng));
    else game.applyInPlace(state, actor, playoutMove(game, state, actor, rng));
  }
  return 1 / (1 + Math.exp(-judge(game, state, seat) / SCALE));
}

/**
 * The candidate with the best mean reward over the budget's playouts (`candidates[0]` on ties and when no playout
 * could be made), and the number of playouts made.
 */
export function choosePlayedOut(
  input: BotInput,
  candidates: readonly ChinatownMove[],
  judge: Judge,
  started: number,
): { move: ChinatownMove; playouts: number } {
  const { game, budget, rng } = input;
  const first = candidates[0] as ChinatownMove;
  if (candidates.length < 2) return { move: first, playouts: 0 };
  const deadline =
    budget.ms === undefined && budget.iterations !== undefined
      ? Infinity
      : started + SAFETY * (budget.ms ?? DEFAULT_MS);
  const cap = budget.iterations ?? Infinity;
  const sums = new Array<number>(candidates.length).fill(0);
  const counts = new Array<number>(candidates.length).fill(0);
  const base = rng.int(2 ** 30);
  let playouts = 0;
  for (let sample = 0; playouts + candidates.length <= cap && performance.now() < deadline; sample++) {
    candidates.forEach((move, k) => {
      const reward = playout(game, input, move, base + sample, judge);
      playouts++;
      if (reward === null) return;
      sums[k] = (sums[k] as number) + reward;
      counts[k] = (counts[k] as number) + 1;
    });
  }
  let best = 0;
  let bestMean = -Infinity;
  candidates.forEach((_, k) => {
    const n = counts[k] as number;
    if (n === 0) return;
    const mean = (sums[k] as number) / n;
    if (mean > bestMean) [best, bestMean] = [k, mean];
  });
  return { move: candidates[best] as ChinatownMove, playouts };
}
