/**
 * What New York, New York's board in the browser reads from the rules: the tiles' faces and a view's round score.
 * It is the `./board` entry point, which loads neither the engine nor the rules of play, so that the board's chunk
 * stays small.
 */
import { roundInProgress } from './state.js';
import type { NynyView } from './views.js';

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
