import { contractIn, defineGame, type Game } from '@skyline/engine';
import type { ManhattanChance, ManhattanMove } from './moves.js';
import { OPTIONS, type ManhattanOptions } from './options.js';
import * as rules from './rules.js';
import * as stateModule from './state.js';
import type { ManhattanState } from './state.js';
import * as views from './views.js';
import type { ManhattanView } from './views.js';
import * as breakdown from './breakdown.js';

/**
 * Manhattan on the engine contract. Its rules are the rules page (`text/rules.en.json` and `rules.fr.json`,
 * `/rules/manhattan` in the client).
 */
export const manhattan: Game<
  ManhattanState,
  ManhattanMove,
  ManhattanChance,
  ManhattanView,
  ManhattanOptions
> = defineGame({
  id: 'manhattan',
  title: 'Manhattan',
  minPlayers: 2,
  maxPlayers: 4,
  options: OPTIONS,
  ...contractIn(rules, stateModule, views, breakdown),
  firstSeat: (state) => (state.first < 0 ? null : state.first),
});

export {
  CARD_NUMBERS,
  CARDS_PER_NUMBER,
  CITIES,
  CITY_NAMES,
  DECK,
  HAND_SIZE,
  LOTS,
  LOT_SEEN_FROM,
  MAX_FLOORS,
  PIECES_PER_SEAT,
  PIECE_COUNT,
  lotIndex,
  sideOf,
} from './components.js';
export type { ManhattanChance, ManhattanMove } from './moves.js';
export { piecesPerRound, roundsOf, type ManhattanOptions } from './options.js';
export { startSeat } from './rules.js';
export { lotsOfView, scoreView, type ViewBoard } from './board.js';
export {
  MAJORITY_POINTS,
  pointsBySource,
  scoreBoard,
  TALLEST_POINTS,
  type PointsBySource,
  type RoundScore,
} from './scoring.js';
export {
  boardFromStacks,
  lotOfCard,
  pieceFloors,
  pieceSeat,
  placedPiece,
  smallestPieceFor,
  type ManhattanState,
  type Phase,
} from './state.js';
export type { ManhattanView, ViewPiece } from './views.js';
export { opening } from './opening.js';
export { roundParts, scoreBreakdown } from './breakdown.js';
export { tutorial } from './tutorial.js';
