import { contractIn, defineGame, type Game } from '@skyline/engine';
import type { MyCityDeal, MyCityMove } from './moves.js';
import { OPTIONS, type MyCityOptions } from './options.js';
import * as rules from './rules.js';
import * as stateModule from './state.js';
import type { MyCityState } from './state.js';
import * as views from './views.js';
import type { MyCityView } from './views.js';
import * as commute from './commute.js';
import * as breakdown from './breakdown.js';

/**
 * My City, the eternal game as a series of episodes, on the engine contract. Its rules are the rules page
 * (`text/rules.en.json` and `rules.fr.json`, `/rules/mycity` in the client).
 */
export const mycity: Game<MyCityState, MyCityMove, MyCityDeal, MyCityView, MyCityOptions> = defineGame({
  id: 'mycity',
  title: 'My City',
  minPlayers: 2,
  maxPlayers: 4,
  options: OPTIONS,
  ...contractIn(rules, stateModule, views, commute, breakdown),
});

export {
  BY_THE_RIVER,
  COLS,
  CONTACTS,
  ROWS,
  SQUARES,
  START_MARKER,
  TERRAIN,
  isGrass,
  square,
  type Terrain,
} from './board.js';
export {
  BUILDING_COUNT,
  BUILDING_IDS,
  BUILDING_KINDS,
  BUILDING_SHAPES,
  MIRRORED_SHAPES,
  PLACEMENTS,
  PLACEMENTS_OF,
  TURNED_SHAPES,
  buildingId,
  buildingOf,
  buildingSize,
  shapeKey,
  turnShape,
  type Building,
  type Placement,
} from './buildings.js';
export type { BuildMove, MyCityDeal, MyCityMove } from './moves.js';
export type { MyCityOptions } from './options.js';
export { legalPlacements, scores, winners } from './rules.js';
export {
  breakTie,
  emptyGrassByRow,
  episodeScore,
  scoreCity,
  visible,
  type CityScore,
  type Visible,
} from './scoring.js';
export { EMPTY, NO_CHOICE, type MyCityState, type Phase } from './state.js';
export type { BuiltView, MyCityView } from './views.js';
export { opening } from './opening.js';
export { episodeParts, scoreBreakdown } from './breakdown.js';
export { tutorial } from './tutorial.js';
