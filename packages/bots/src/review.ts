import { CHANCE, SeededRng, readLogEntry, replayLog, type AnyGame, type Seat } from '@skyline/engine';
import type { Estimate, GameReview, Mark, ReviewedMove, SeatSummary } from '@skyline/protocol/reviews';
import type { BotInput, Budget } from './bot.js';
import { search, type RootChild } from './ismcts.js';

/** The shapes of a review: declared in the protocol, which the server and the review page read them from. */
export type { Estimate, GameReview, Mark, ReviewedMove, SeatSummary };

/**
 * A review of a finished game by the tree search: for every decision of every seat, the seat's chance to win as the
 * seat saw it — from its own view, what it could not see sampled by `determinize`, never from the full state — with
 * the move it made and with the move the search prefers, and a mark where the move lost much.
 *
 * Each position is searched twice, from the view: once to find the move the search prefers, once more, on other
 * samples, to estimate it and the move made side by side (both kept among the moves searched, whatever their greedy
 * rank, with a fair share of the iterations each): the chance before the move is the preferred move's, the chance
 * after it the move made's, and their difference is what the move lost.
 */

/** How much chance to win a move must lose for each mark; per game where its estimates are noisier. */
export interface MarkThresholds {
  inaccuracy: number;
  mistake: number;
  blunder: number;
}

/**
 * The same for every game today: a search of a few hundred milliseconds estimates a chance to win within a few
 * points (measured in packages/bots/README.md, "Reviews"), so a loss under 5 points is not told from noise.
 */
export const MARKS: MarkThresholds = { inaccuracy: 0.05, mistake: 0.1, blunder: 0.2 };

/**
 * The fewest iterations through each of the two moves compared before a loss is marked: below it, a chance is a
 * handful of playouts (a search cut short on a loaded server gives few), and is shown without a mark.
 */
export const MIN_VISITS = 20;

export interface ReviewSettings {
  /** The search's budget per decision. */
  budget: Budget;
  /** The seed of the searches' samples (a review is reproducible with its seed and an iteration budget). */
  seed: number;
  marks?: MarkThresholds;
  /** Called after each decision reviewed (done of total), for a progress bar. */
  progress?: (done: number, total: number) => void;
}

function markOf(loss: number, marks: MarkThresholds): Mark | null {
  if (loss >= marks.blunder) return 'blunder';
  if (loss >= marks.mistake) return 'mistake';
  if (loss >= marks.inaccuracy) return 'inaccuracy';
  return null;
}

const sameMove = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Reviews one decision: `seat`, in `state`, made `played`. Only `seat`'s view and legal moves of `state` reach the
 * search (`reviewView`), so two states that `seat` cannot tell apart get the same review (the test checks it).
 */
export function reviewDecision(
  game: AnyGame,
  state: unknown,
  seat: Seat,
  played: unknown,
  budget: Budget,
  seed: number,
  marks: MarkThresholds = MARKS,
): Omit<ReviewedMove, 'index'> {
  return reviewView(
    {
      game,
      view: game.view(state, seat),
      seat,
      legalMoves: game.legalMoves(state, seat),
      rng: new SeededRng(seed),
      budget,
    },
    played,
    marks,
  );
}

/**
 * Reviews one decision from what the seat was given — its view and its legal moves, as a bot is given them (a server
 * sends a bot worker nothing else) — and the move it made.
 */
export function reviewView(
  input: BotInput,
  played: unknown,
  marks: MarkThresholds = MARKS,
): Omit<ReviewedMove, 'index'> {
  const { seat, legalMoves } = input;
  const listed = legalMoves.find((move) => sameMove(move, played));
  if (legalMoves.length <= 1 || listed === undefined) {
    // Forced; or a move of the seat's own making that no list holds (a Chinatown offer at its own price), which
    // the search cannot weigh against the listed ones: not judged.
    const estimate = { move: played, win: null, visits: 0 };
    return { seat, played: estimate, best: estimate, loss: 0, mark: null, forced: legalMoves.length <= 1 };
  }
  // Two searches of half the budget each, on samples of their own: the first finds the move the search prefers, the
  // second estimates it and the move made. Estimated by the search that chose it, the preferred move's chance would
  // be the best of several noisy estimates, too high on average (the winner's curse), and every move would seem to
  // lose something to it.
  const half = halfOf(input.budget);
  const first = search({ ...input, budget: half }, undefined, { review: { keep: [listed] } });
  const choice = first.children.reduce<RootChild | undefined>(
    (a, b) => (a === undefined || b.visits - b.kept > a.visits - a.kept ? b : a),
    undefined,
  );
  const preferred = choice?.move ?? listed;
  const second = search({ ...input, budget: half }, undefined, {
    review: { keep: sameMove(preferred, listed) ? [listed] : [listed, preferred] },
  });
  const estimate = (move: unknown): { estimate: Estimate; child: RootChild | undefined } => {
    const child = second.children.find((candidate) => sameMove(candidate.move, move));
    return {
      estimate: child
        ? { move: child.move, win: child.win, visits: child.visits }
        : { move, win: null, visits: 0 },
      child,
    };
  };
  const made = estimate(listed);
  const top = estimate(preferred);
  const playedEstimate = made.estimate;
  const best = top.estimate;
  const loss = made.child && top.child ? Math.max(0, top.child.win - made.child.win) : 0;
  const trusted =
    made.child !== undefined &&
    top.child !== undefined &&
    Math.min(made.child.visits, top.child.visits) >= MIN_VISITS &&
    loss >= 2 * standardError(top.child, made.child);
  const mark = trusted ? markOf(loss, marks) : null;
  return { seat, played: playedEstimate, best, loss, mark, forced: false };
}

/** Half a budget (at least one iteration, or a millisecond). */
function halfOf(budget: Budget): Budget {
  return {
    ...(budget.ms !== undefined ? { ms: Math.max(1, budget.ms / 2) } : {}),
    ...(budget.iterations !== undefined ? { iterations: Math.max(1, Math.ceil(budget.iterations / 2)) } : {}),
  };
}

/**
 * The standard error of the difference of two moves' chances, each a mean of outcomes in 0..1 (at most a Bernoulli's
 * spread), with the chance pulled towards a half by one win and one loss more (Laplace), so that 3 losses out of 3 do
 * not pass for certainty. A loss is marked only when it is at least twice this: otherwise it may be the samples'.
 */
export function standardError(a: RootChild, b: RootChild): number {
  const variance = (child: RootChild) => {
    const p = (child.win * child.visits + 1) / (child.visits + 2);
    return (p * (1 - p)) / child.visits;
  };
  return Math.sqrt(variance(a) + variance(b));
}

/** The states before each seat's move of a log, with the move (chance and ending entries are not decisions). */
export function decisionsOf(
  game: AnyGame,
  players: number,
  options: unknown,
  log: readonly unknown[],
): { index: number; seat: Seat; move: unknown; state: unknown }[] {
  const before: unknown[] = [];
  const replayed = replayLog(game, players, options, log, (state, applied) => {
    before[applied] = state;
  });
  if (!replayed.ok) throw new Error(replayed.error.line);
  const decisions: { index: number; seat: Seat; move: unknown; state: unknown }[] = [];
  log.forEach((raw, index) => {
    const entry = readLogEntry(raw);
    if (entry === null || 'chance' in entry) return;
    const state = before[index];
    // A seat's entry while only chance may move cannot happen in a replayed log; guarded all the same.
    if (game.active(state).includes(CHANCE)) return;
    decisions.push({ index, seat: entry.seat, move: entry.move, state });
  });
  return decisions;
}

/** Reviews every decision of a game's log (a finished game's: a game in play has secrets still to keep). */
export function reviewGame(
  game: AnyGame,
  players: number,
  options: unknown,
  log: readonly unknown[],
  settings: ReviewSettings,
): GameReview {
  const marks = settings.marks ?? MARKS;
  const decisions = decisionsOf(game, players, options, log);
  const moves: ReviewedMove[] = decisions.map((decision, n) => {
    // A seed per decision, so that reviewing one position again gives the same answer as in the whole review.
    const reviewed = reviewDecision(
      game,
      decision.state,
      decision.seat,
      decision.move,
      settings.budget,
      settings.seed + decision.index,
      marks,
    );
    settings.progress?.(n + 1, decisions.length);
    return { index: decision.index, ...reviewed };
  });
  return { moves, seats: summarise(moves, players) };
}

/** Each seat's summary: its mean loss, its marks and its worst moves. */
export function summarise(moves: readonly ReviewedMove[], players: number): SeatSummary[] {
  return Array.from({ length: players }, (_, seat) => {
    const own = moves
      .map((move, n) => ({ move, n }))
      .filter(({ move }) => move.seat === seat && !move.forced);
    const count = (mark: Mark) => own.filter(({ move }) => move.mark === mark).length;
    return {
      seat,
      decisions: own.length,
      meanLoss: own.length === 0 ? 0 : own.reduce((sum, { move }) => sum + move.loss, 0) / own.length,
      blunders: count('blunder'),
      mistakes: count('mistake'),
      inaccuracies: count('inaccuracy'),
      worst: own
        .filter(({ move }) => move.loss > 0)
        .sort((a, b) => b.move.loss - a.move.loss)
        .slice(0, 3)
        .map(({ n }) => n),
    };
  });
}
