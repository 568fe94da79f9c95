/**
 * What Manhattan's board in the browser reads from the rules: the lots' owners and heights as the rules derive them
 * from a view's stacks, what the round would score now (and who holds each city's majority and the tallest
 * building), and which lot a card means for a seat. It is the `./board`
 * entry point, which loads neither the engine nor the rules of play, so that the board's chunk stays small.
 */
import { pointsBySource, scoreBoard, type PointsBySource } from './scoring.js';
import { boardFromStacks, placedPiece } from './state.js';
import type { ViewPiece } from './views.js';

export { pointsBySource, scoreBoard, type PointsBySource, type RoundScore } from './scoring.js';
export { roundsOf } from './options.js';
export { lotOfCard } from './state.js';
export type { ViewPiece } from './views.js';

/** A view's board: `board[city - 1][lot - 1]` is the stack on that lot, bottom first. */
export type ViewBoard = readonly (readonly (readonly ViewPiece[])[])[];

/** Each lot's owner (-1: empty) and height, indexed `(city - 1) * 9 + (lot - 1)`, as the rules keep them. */
export function lotsOfView(board: ViewBoard, players: number): { owners: number[]; heights: number[] } {
  const stacks = board.flat().map((stack) => stack.map((piece) => placedPiece(piece.seat, piece.floors)));
  const { owners, heights } = boardFromStacks(players, stacks);
  return { owners, heights };
}

/** What each seat would score if the round were scored now, by source: the rules' own scoring of the board. */
export function scoreView(board: ViewBoard, players: number): PointsBySource {
  const { owners, heights } = lotsOfView(board, players);
  return pointsBySource(scoreBoard(players, owners, heights));
}
