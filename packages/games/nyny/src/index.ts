import { defineGame, type Game } from '@skyline/engine';
import type { NynyDeal, NynyMove } from './moves.js';
import { OPTIONS, type NynyOptions } from './options.js';
import { active, apply, legalMoves, randomMove, sampleChance, status, validate } from './rules.js';
import { clone, setup, type NynyState } from './state.js';
import { determinize, redact, secrets, view, type NynyView } from './views.js';
import { moveContext } from './commute.js';
import { scoreBreakdown } from './breakdown.js';

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
  setup,
  active,
  status,
  legalMoves,
  validate,
  apply,
  sampleChance,
  clone,
  view,
  moveContext,
  redact,
  determinize,
  randomMove,
  secrets,
  scoreBreakdown,
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
