import { chinatown } from '@skyline/chinatown';
import type { Figure } from '../measure.js';
import { moveRateFigure, playoutFigure } from './playouts.js';

/**
 * Complete random 4-seat games of Chinatown per second. The random policy (the game's `randomMove`) makes, accepts,
 * declines and withdraws offers during trading; `randomActor` moves a seat that is not ready yet. Budget: 1,000/s.
 */
export const chinatownFigures: Figure[] = [
  playoutFigure('chinatown.playouts.4p', chinatown, 4, {}),
  moveRateFigure('chinatown.moves.4p', chinatown, 4, {}),
];
