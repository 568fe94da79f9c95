/**
 * What New York, New York's board in the browser reads from the rules: the tiles' faces and a view's round score.
 * It is the `./board` entry point, which loads neither the engine nor the rules of play, so that the board's chunk
 * stays small.
 */
import { colourRuns, runBonus, topTiles } from './scoring.js';
import { roundInProgress } from './state.js';
import { COLOURS, tileOf, type Tile } from './tiles.js';
import type { NynyView } from './views.js';

export { boxedNumbers } from './reveal.js';
export { COLOURS, POSITIONS, tileFace, type Colour } from './tiles.js';

/**
 * Each seat's score in the round being played (what the skyline scores for it now, the view's `scores` holding
 * the totals of the rounds before plus that), or in the last round scored between rounds and at the end (0 before
 * the first deal).
 */
export function roundScores(view: Pick<NynyView, 'phase' | 'history' | 'scores' | 'totals'>): number[] {
  if (roundInProgress(view)) return view.scores.map((score, seat) => score - (view.totals[seat] ?? 0));
  const last = view.history[view.history.length - 1];
  return view.scores.map((_, seat) => last?.[seat] ?? 0);
}

/** A run that scores a bonus now: whose colour, its first position (0..11, going round), its length and bonus. */
export interface ScoringRun {
  seat: number;
  start: number;
  length: number;
  bonus: number;
}

/**
 * The runs of the seats' colours on the skyline that score a bonus (two positions or more; none without the bonus
 * rule), by seat then position: what the rules' score counts (`colourScore`), for the board to mark.
 */
export function scoringRuns(view: Pick<NynyView, 'skyline' | 'options'>): ScoringRun[] {
  if (!view.options.bonus) return [];
  const tops = topTiles(view.skyline.map((stack) => stack.map((id) => tileOf(id) as Tile)));
  return view.options.colours.flatMap((letter, seat) =>
    colourRuns(tops, COLOURS.indexOf(letter))
      .filter((run) => run.length >= 2)
      .map((run) => ({ seat, ...run, bonus: runBonus(run.length) })),
  );
}
