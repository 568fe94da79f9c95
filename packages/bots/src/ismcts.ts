import {
  CHANCE,
  randomMove,
  shuffle,
  type AnyGame,
  type Heuristic,
  type IsmctsSettings,
  type Rng,
  type Seat,
} from '@skyline/engine';
import { WAIT, type Bot, type BotInput, type Budget } from './bot.js';
import { heuristicFor, searchSettingsFor } from './facets.js';
import { argmax, greedyChoice, lookahead, shouldWait } from './greedy.js';

/** The search's settings: the contract lives in the engine, where a game's `./bot` facet can import it. */
export type { IsmctsSettings };

/**
 * Single-observer Information-Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse 2012): each iteration samples
 * a full state consistent with the bot's view (`determinize`), walks one tree of moves (shared by every sample, the
 * observer's move at the root), expands one node, plays the game out and backs the result up. A move is chosen among
 * the children legal in the sample, by UCB with availability counts; chance moves are sampled, not stored.
 *
 * The greedy heuristic guides the root (expansion order and a progressive bias that fades with visits). Playouts use
 * the game's random policy (`randomMove`), the greedy bot with `playout: 'greedy'`, or the heuristic's own fast policy
 * with `playout: 'policy'`. Samples may be refined by the heuristic (`refine`: what the seat can believe beyond
 * `determinize`).
 */
/**
 * The settings of every game, but those its package's `./bot` facet sets over them (`searchSettingsFor`: Manhattan's and
 * Chinatown's playouts use their heuristic's fast policy, cut short and judged).
 */
export const DEFAULT_ISMCTS: IsmctsSettings = {
  exploration: 0.7,
  bias: 1,
  rootWidth: 8,
  playout: 'random',
  playoutDepth: Infinity,
  evalScale: 1,
  defaultMs: 1000,
  // Measured at the server's 1 s (packages/bots/README.md, "The ladder"): at a tenth, club and ismcts were too close in
  // Manhattan to tell apart; at a thirtieth each game's club still beats greedy by its whole 95% interval.
  clubFraction: 1 / 30,
};

/** The share of the time budget the search plans to use. */
const SAFETY = 0.85;

/**
 * The least share of a review's iterations that go through each move it keeps (the move made, the move preferred), so
 * that their estimates are worth comparing: a weak move the search would visit a handful of times otherwise.
 */
const KEPT_SHARE = 0.3;

class Node {
  readonly children = new Map<string, Node>();
  visits = 0;
  available = 0;
  reward = 0;
  /** The sum of the acting seat's win share over the iterations through this node (a review's chance to win). */
  wins = 0;
  /** Visits a review gave the move it keeps, beyond those the search chose (`KEPT_SHARE`). */
  kept = 0;
  constructor(
    readonly actor: Seat,
    readonly move: unknown,
    readonly prior: number,
  ) {}
}

const keys = new WeakMap<object, string>();
/** A move's identity in the tree (move objects are often shared, so the key is cached on them). */
function keyOf(move: unknown): string {
  if (typeof move !== 'object' || move === null) return JSON.stringify(move);
  let key = keys.get(move);
  if (key === undefined) {
    key = JSON.stringify(move);
    keys.set(move, key);
  }
  return key;
}

/** Each seat's reward for a finished game: mostly the win (shared wins split), a little the score margin. */
export function rewards(scores: readonly number[], winners: readonly Seat[]): number[] {
  const scale = Math.max(1, 0.15 * Math.max(...scores.map(Math.abs)));
  return scores.map((score, seat) => {
    let best = -Infinity;
    scores.forEach((other, s) => {
      if (s !== seat && other > best) best = other;
    });
    const win = winners.includes(seat) ? 1 / winners.length : 0;
    return 0.8 * win + 0.2 * (0.5 + 0.5 * Math.tanh((score - best) / scale));
  });
}

function actorOf(game: AnyGame, state: unknown, rng: Rng): Seat | typeof CHANCE | null {
  const active = game.active(state);
  if (active.length === 0) return null;
  if (active[0] === CHANCE) return CHANCE;
  const actor = game.randomActor ? game.randomActor(state, rng) : active[0];
  return actor as Seat;
}

/** What the search learnt of one of the root's moves. */
export interface RootChild {
  move: unknown;
  visits: number;
  /** Of `visits`, those a review gave the move it keeps beyond the search's choice (0 for every other move). */
  kept: number;
  /** The mean reward (0..1: mostly the win share, a little the score margin) of the iterations through it. */
  reward: number;
  /** The mean win share of the searching seat over those iterations (a judged, cut playout counts its judgement). */
  win: number;
}

export interface SearchResult {
  move: unknown;
  iterations: number;
  /** The root's moves the search tried, most visited first (empty when it answered without searching). */
  children: RootChild[];
}

/** How a search is asked for other than choosing a move at a table. */
export interface SearchOptions {
  /**
   * For a review: search the position even where a bot would not (it would wait, its heuristic would answer at once,
   * or only one move is legal), and always keep these moves among the root's moves, whatever their greedy rank, each
   * with at least `KEPT_SHARE` of the iterations.
   */
  review?: { keep: readonly unknown[] };
}

/** The search's settings for `game`: the defaults, with what the game's `./bot` facet sets instead. */
function settingsOf(game: BotInput['game']): IsmctsSettings {
  return { ...DEFAULT_ISMCTS, ...searchSettingsFor(game) };
}

export function search(
  input: BotInput,
  settings: IsmctsSettings = settingsOf(input.game),
  options: SearchOptions = {},
): SearchResult {
  const { game, view, seat, legalMoves, rng, budget } = input;
  if (legalMoves.length === 0) throw new Error(`seat ${seat} has no legal move`);
  const heuristic = heuristicFor(game);
  const review = options.review;
  if (!review && shouldWait(input, heuristic)) return { move: WAIT, iterations: 0, children: [] };
  const start = performance.now();
  const value = lookahead(game, heuristic, view, seat, rng);
  if (!review) {
    const direct = heuristic.choose?.(input, value, true);
    if (direct !== undefined) return { move: direct, iterations: 0, children: [] };
    if (legalMoves.length === 1) return { move: legalMoves[0], iterations: 0, children: [] };
  }

  // The root's children, best greedy value first, with a prior in 0..1 by rank.
  const values = legalMoves.map(value);
  // Ties in a random order (not the list's), so that the root's width cuts no kind of move away systematically.
  const order = shuffle(
    legalMoves.map((_, index) => index),
    rng,
  ).sort((a, b) => (values[b] as number) - (values[a] as number));
  const priors = new Map<string, number>();
  const width = Math.max(2, settings.rootWidth);
  order.slice(0, width).forEach((index, rank) => priors.set(keyOf(legalMoves[index]), 1 - rank / width));
  for (const move of review?.keep ?? []) if (!priors.has(keyOf(move))) priors.set(keyOf(move), 0);
  const root = new Node(seat, null, 0);

  const { ms, iterations: cap } = limits(budget, settings);
  // Stop early enough that the slowest iteration so far still fits, with a margin for collecting garbage and for
  // sharing the processor.
  const deadline = start + SAFETY * ms;
  let iterations = 0;
  let slowest = 0;
  for (;;) {
    if (cap !== undefined && iterations >= cap) break;
    const now = performance.now();
    if (now + slowest > deadline) break;
    const keep = review ? { keys: review.keep.map(keyOf), iterations } : null;
    if (!iterate(game, heuristic, root, view, seat, rng, settings, priors, deadline, keep)) {
      break;
    }
    iterations++;
    slowest = Math.max(slowest, performance.now() - now);
  }
  let best: Node | null = null;
  for (const move of legalMoves) {
    const child = root.children.get(keyOf(move));
    if (child && (best === null || child.visits > best.visits)) best = child;
  }
  const children = [...root.children.values()]
    .filter((child) => child.visits > 0)
    .sort((a, b) => b.visits - a.visits)
    .map((child) => ({
      move: legalMoves.find((move) => keyOf(move) === keyOf(child.move)) ?? child.move,
      visits: child.visits,
      kept: child.kept,
      reward: child.reward / child.visits,
      win: child.wins / child.visits,
    }));
  if (best === null) return { move: legalMoves[argmax(values, rng)], iterations, children };
  const chosen = legalMoves.find((move) => keyOf(move) === keyOf(best.move));
  return { move: chosen, iterations, children };
}

function limits(budget: Budget, settings: IsmctsSettings): { ms: number; iterations?: number } {
  if (budget.ms === undefined && budget.iterations !== undefined) {
    return { ms: Infinity, iterations: budget.iterations };
  }
  return { ms: budget.ms ?? settings.defaultMs, iterations: budget.iterations };
}

function iterate(
  game: AnyGame,
  heuristic: Heuristic,
  root: Node,
  view: unknown,
  observer: Seat,
  rng: Rng,
  settings: IsmctsSettings,
  priors: ReadonlyMap<string, number>,
  deadline: number,
  /** A review's moves to keep visiting (`KEPT_SHARE` each), and the iterations made so far. */
  keep: { keys: readonly string[]; iterations: number } | null = null,
): boolean {
  const state = game.determinize(view, observer, rng);
  heuristic.refine?.(state, view, observer);
  const path: Node[] = [];
  let node = root;
  let expanded = false;
  // Selection and expansion.
  while (!expanded) {
    const actor = node === root ? observer : actorOf(game, state, rng);
    if (actor === null) break;
    if (actor === CHANCE) {
      game.applyInPlace(state, CHANCE, game.sampleChance(state, rng));
      continue;
    }
    const moves = game.legalMoves(state, actor);
    if (moves.length === 0) break;
    let untried: unknown[] | null = null;
    let bestChild: Node | null = null;
    let bestScore = -Infinity;
    for (const move of moves) {
      if (node === root && !priors.has(keyOf(move))) continue; // beyond the root's width
      const child = node.children.get(keyOf(move));
      if (child === undefined) {
        (untried ??= []).push(move);
        continue;
      }
      child.available++;
      if (untried !== null) continue;
      if (child.visits === 0) {
        // Expanded by a dropped iteration: treated as untried.
        bestChild = child;
        bestScore = Infinity;
        continue;
      }
      const mean = child.reward / child.visits;
      const explore = settings.exploration * Math.sqrt(Math.log(child.available) / child.visits);
      const score = mean + explore + (settings.bias * child.prior) / (child.visits + 1);
      if (score > bestScore) [bestScore, bestChild] = [score, child];
    }
    if (node === root && untried === null && keep !== null) {
      for (const key of keep.keys) {
        const kept = node.children.get(key);
        if (kept && kept.visits > 0 && kept.visits < KEPT_SHARE * keep.iterations) {
          kept.kept++;
          [bestChild, bestScore] = [kept, Infinity];
          break;
        }
      }
    }
    if (untried !== null) {
      let move: unknown;
      if (node === root) {
        // A review's kept move first (its estimate is what the review is for); then the untried root move with the
        // best prior.
        move =
          (keep && untried.find((candidate) => keep.keys.includes(keyOf(candidate)))) ??
          untried.reduce((a, b) => ((priors.get(keyOf(b)) ?? 0) > (priors.get(keyOf(a)) ?? 0) ? b : a));
      } else move = untried[rng.int(untried.length)];
      const child = new Node(actor, move, node === root ? (priors.get(keyOf(move)) ?? 0) : 0);
      child.available = 1;
      node.children.set(keyOf(move), child);
      game.applyInPlace(state, actor, move);
      path.push(child);
      node = child;
      expanded = true;
    } else {
      if (bestChild === null) break;
      const child = bestChild;
      game.applyInPlace(state, actor, child.move);
      path.push(child);
      node = child;
    }
  }
  // Playout.
  let cut = false;
  for (let steps = 0; steps < 100_000; steps++) {
    const actor = actorOf(game, state, rng);
    if (actor === null) break;
    if (steps >= settings.playoutDepth) {
      cut = true;
      break;
    }
    // Out of time in a long playout: the iteration is dropped (nothing backed up) and the search stops.
    if ((steps & 15) === 15 && performance.now() > deadline) return false;
    if (actor === CHANCE) game.applyInPlace(state, CHANCE, game.sampleChance(state, rng));
    else if (settings.playout === 'greedy') {
      const moves = game.legalMoves(state, actor);
      const move = greedyChoice(
        { game, view: game.view(state, actor), seat: actor, legalMoves: moves, rng, budget: {} },
        heuristic,
      );
      game.applyInPlace(state, actor, move);
    } else if (settings.playout === 'policy' && heuristic.playout) {
      game.applyInPlace(state, actor, heuristic.playout(game, state, actor, rng));
    } else game.applyInPlace(state, actor, randomMove(game, state, actor, rng));
  }
  let reward: number[];
  let win: number[];
  if (cut) {
    const players = game.status(state).scores.length;
    reward = Array.from({ length: players }, (_, seat) => {
      const value = heuristic.judge
        ? heuristic.judge(game, state, seat)
        : heuristic.evaluate(game.view(state, seat), seat);
      return 1 / (1 + Math.exp(-value / settings.evalScale));
    });
    win = reward;
  } else {
    const status = game.status(state);
    reward = rewards(status.scores, status.winners);
    win = status.scores.map((_, seat) => (status.winners.includes(seat) ? 1 / status.winners.length : 0));
  }
  for (const visited of path) {
    visited.visits++;
    visited.reward += reward[visited.actor] as number;
    visited.wins += win[visited.actor] as number;
  }
  return true;
}

/** The share of the budget the club bot's search is given where its game sets none (a thirtieth: `clubBudget`). */
export const CLUB_FRACTION = DEFAULT_ISMCTS.clubFraction;

/**
 * The budget the club bot searches with: `fraction` of the one it is given, in time and in iterations where set (at
 * least 1 iteration); with neither set, `fraction` of the game's default time (`defaultMs`).
 */
export function clubBudget(budget: Budget, defaultMs: number, fraction = CLUB_FRACTION): Budget {
  const ms = budget.ms ?? (budget.iterations === undefined ? defaultMs : undefined);
  return {
    ...(ms === undefined ? {} : { ms: ms * fraction }),
    ...(budget.iterations === undefined
      ? {}
      : { iterations: Math.max(1, Math.floor(budget.iterations * fraction)) }),
  };
}

/**
 * The search of the `ismcts` bot on its game's `clubFraction` of the budget (`clubBudget`): a rung between `greedy`
 * and `ismcts`.
 */
export function clubSearch(input: BotInput, fraction?: number): SearchResult {
  const settings = settingsOf(input.game);
  const share = fraction ?? settings.clubFraction;
  return search({ ...input, budget: clubBudget(input.budget, settings.defaultMs, share) }, settings);
}

export const clubBot: Bot = {
  level: 'club',
  choose(input: BotInput): unknown {
    return clubSearch(input).move;
  },
};

export const ismctsBot: Bot = {
  level: 'ismcts',
  choose(input: BotInput): unknown {
    return search(input).move;
  },
};
