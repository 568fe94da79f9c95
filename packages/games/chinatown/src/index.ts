import { contractIn, defineGame, type Game } from '@skyline/engine';
import type { ChinatownChance, ChinatownMove } from './moves.js';
import { OPTIONS, type ChinatownOptions } from './options.js';
import * as rules from './rules.js';
import * as stateModule from './state.js';
import type { ChinatownState } from './state.js';
import * as views from './views.js';
import type { ChinatownView } from './views.js';
import * as commute from './commute.js';
import * as breakdown from './breakdown.js';

/**
 * Chinatown on the engine contract. Its rules are the rules page (`text/rules.en.json` and `rules.fr.json`,
 * `/rules/chinatown` in the client).
 */
export const chinatown: Game<
  ChinatownState,
  ChinatownMove,
  ChinatownChance,
  ChinatownView,
  ChinatownOptions
> = defineGame({
  id: 'chinatown',
  title: 'Chinatown',
  minPlayers: 3,
  maxPlayers: 5,
  options: OPTIONS,
  ...contractIn(rules, stateModule, views, commute, breakdown),
});

export {
  BLOCK,
  COMPLETE,
  ECONOMY_IDS,
  ECONOMY_PUT_AWAY,
  INCOMPLETE,
  KIND_COUNT,
  KIND_IDS,
  KIND_SIZE,
  LOT_COUNT,
  NEIGHBOURS,
  NO_STREET_ACCESS_LOTS,
  ROUNDS,
  SHOP_TILE_COUNT,
  START_MONEY,
  lotCardsOf,
  shopTilesOf,
} from './data.js';
export type { BundleInput, ChinatownChance, ChinatownMove } from './moves.js';
export type { ChinatownOptions } from './options.js';
export {
  completeShops,
  economyIncome,
  groupIncome,
  groups,
  shopIncome,
  shopsOnBoard,
  type Group,
  type ShopOnBoard,
} from './shops.js';
export type { Bundle, ChinatownState, Offer, Phase } from './state.js';
export type { BundleView, ChinatownView, OfferView } from './views.js';
export { opening } from './opening.js';
export { tutorial } from './tutorial.js';
export { roundParts, scoreBreakdown } from './breakdown.js';
