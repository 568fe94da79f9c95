/**
 * `skyline review RECORD`: the tree search's review of a finished game, each seat's decisions judged from its own view
 * (the contract is in docs/command-line.md, `skyline review`).
 */
import { recordStatus, replayRecord } from '@skyline/engine';
import { MARKS, reviewGame, type GameReview, type ReviewedMove } from '@skyline/bots';
import { GAMES } from '@skyline/games';
import { percent } from './stats.js';

export type ReviewOutput = { ok: true; review: GameReview; text: string } | { ok: false; stderr: string };

export interface ReviewRequest {
  /** The record file's text. */
  text: string;
  budget: { ms?: number; iterations?: number };
  seed: number;
  progress?: (done: number, total: number) => void;
}

/** A move as one short line of JSON (a Chinatown offer can be long). */
function shortMove(move: unknown, width = 34): string {
  const text = JSON.stringify(move);
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

function chance(win: number | null): string {
  return win === null ? '–' : percent(win);
}

function moveLine(move: ReviewedMove, names: readonly string[]): string {
  const who = names[move.seat] ?? `seat ${move.seat}`;
  const head = `log[${move.index}]`.padEnd(9) + who.slice(0, 12).padEnd(13);
  if (move.forced) return `${head}${shortMove(move.played.move).padEnd(35)}(forced)`;
  const same = JSON.stringify(move.played.move) === JSON.stringify(move.best.move);
  const better = same ? '=' : `${shortMove(move.best.move)} ${chance(move.best.win)}`;
  const lost = move.loss > 0 ? `−${(100 * move.loss).toFixed(0)}` : '';
  return `${head}${shortMove(move.played.move).padEnd(35)}${chance(move.played.win).padStart(6)}  ${better.padEnd(42)}${lost.padStart(4)} ${move.mark ?? ''}`.trimEnd();
}

/** Reads, replays and reviews a record; refuses a game that is not over (its hidden parts are still secret). */
export function reviewText(request: ReviewRequest): ReviewOutput {
  let input: unknown;
  try {
    input = JSON.parse(request.text);
  } catch (error) {
    return { ok: false, stderr: `record: not valid JSON (${(error as Error).message})` };
  }
  const replayed = replayRecord(GAMES, input);
  if (!replayed.ok) return { ok: false, stderr: replayed.error.line };
  const { game, record, options } = replayed;
  if (!recordStatus(replayed).over)
    return {
      ok: false,
      stderr: 'record: the game is not over: a game in play is not reviewed (its secrets are kept)',
    };
  const started = performance.now();
  const review = reviewGame(game, record.players, options, record.log, {
    budget: request.budget,
    seed: request.seed,
    progress: request.progress,
  });
  const seconds = (performance.now() - started) / 1000;
  const names = record.names ?? [];
  const judged = review.moves.filter((move) => !move.forced).length;
  const budget =
    request.budget.iterations !== undefined
      ? `${request.budget.iterations} iterations`
      : `${request.budget.ms ?? 1000} ms`;
  const lines = [
    `${game.id}: ${record.players} seats, ${review.moves.length} decisions (${judged} judged, the others forced), ${budget} each, seed ${request.seed}, ${seconds.toFixed(1)} s`,
    'chance: the seat’s chance to win as it saw the game (its own view), after the move made, and with the move preferred',
    '',
    `${'entry'.padEnd(9)}${'seat'.padEnd(13)}${'move made'.padEnd(35)}${'chance'.padStart(6)}  ${'move preferred, chance'.padEnd(42)}lost`,
    ...review.moves.map((move) => moveLine(move, names)),
    '',
    ...review.seats.map((seat) => {
      const who = names[seat.seat] ?? `seat ${seat.seat}`;
      const worst = seat.worst.map((n) => {
        const move = review.moves[n]!;
        return `log[${move.index}] −${(100 * move.loss).toFixed(0)}`;
      });
      return `${who} (seat ${seat.seat}): ${seat.decisions} decisions, ${(100 * seat.meanLoss).toFixed(1)} points of chance lost per decision, ${seat.blunders} blunders, ${seat.mistakes} mistakes, ${seat.inaccuracies} inaccuracies${worst.length > 0 ? `; worst: ${worst.join(', ')}` : ''}`;
    }),
    `marks: a blunder loses ${100 * MARKS.blunder} points of chance to win or more, a mistake ${100 * MARKS.mistake}, an inaccuracy ${100 * MARKS.inaccuracy}`,
  ];
  return { ok: true, review, text: lines.join('\n') };
}
