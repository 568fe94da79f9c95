import { contractIn, defineGame, type Game } from '@skyline/engine';
import type { NynyDeal, NynyMove } from './moves.js';
import { OPTIONS, type NynyOptions } from './options.js';
import * as rules from './rules.js';
import * as stateModule from './state.js';
import type { NynyState } from './state.js';
import * as views from './views.js';
import type { NynyView } from './views.js';
import * as commute from './commute.js';
import * as breakdown from './breakdown.js';

/**
 * New York, New York on the engine contract. Its rules are the rules page (`text/rules.en.json` and `rules.fr.json`,
 * `/rules/nyny` in the client).
 */
export const nyny: Game<NynyState, NynyMove, NynyDeal, NynyView, NynyOptions> = defineGame({
  id: 'nyny',
  title: 'New York, New York',
  minPlayers: 2,
  maxPlayers: 4,
  options: OPTIONS,
  ...contractIn(rules, stateModule, views, commute, breakdown),
  firstSeat: (state) =>
    state.first < 0 ? null : (state.first - (state.round - 1) + 10 * state.players) % state.players,
});

export type { NynyDeal, NynyMove } from './moves.js';
export type { NynyOptions, Variant } from './options.js';
export { colourScore, runBonus, skylineScores, topTiles } from './scoring.js';
export type { NynyState, Phase } from './state.js';
export { roundScores } from './board.js';
export { roundParts, scoreBreakdown } from './breakdown.js';
export {
  COLOURS,
  HAND_SIZE,
  POOL_SIZE,
  TILE_COUNT,
  TILE_IDS,
  tileFace,
  tileId,
  tileOf,
  type Colour,
} from './tiles.js';
export type { NynyView } from './views.js';
export { opening } from './opening.js';
export { tutorial } from './tutorial.js';
