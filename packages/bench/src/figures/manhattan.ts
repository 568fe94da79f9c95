import { manhattan } from '@skyline/manhattan';
import type { Figure } from '../measure.js';
import { moveRateFigure, playoutFigure } from './playouts.js';

export const manhattanFigures: Figure[] = [
  // Budget: at least 2,000 complete random 4-seat games per second on one core.
  playoutFigure('manhattan.playouts.4p', manhattan, 4, {}),
  moveRateFigure('manhattan.moves.4p', manhattan, 4, {}),
];
