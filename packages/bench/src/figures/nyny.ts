import { nyny } from '@skyline/nyny';
import type { Figure } from '../measure.js';
import { moveRateFigure, playoutFigure } from './playouts.js';

export const nynyFigures: Figure[] = [
  playoutFigure('nyny.playouts.classic.4p', nyny, 4, { variant: 'classic' }),
  playoutFigure('nyny.playouts.simultaneous.4p', nyny, 4, { variant: 'simultaneous' }),
  moveRateFigure('nyny.moves.classic.4p', nyny, 4, { variant: 'classic' }),
];
