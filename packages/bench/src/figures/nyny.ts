import type { AnyGame } from '@skyline/engine';
import type { Figure } from '../measure.js';
import { moveRateFigure, playoutFigure } from './playouts.js';

/** New York, New York's own figures: its two variants (`figures/games.ts` gives it the game from the registry). */
export function nynyFigures(nyny: AnyGame): Figure[] {
  return [
    playoutFigure('nyny.playouts.classic.4p', nyny, 4, { variant: 'classic' }),
    playoutFigure('nyny.playouts.simultaneous.4p', nyny, 4, { variant: 'simultaneous' }),
    moveRateFigure('nyny.moves.classic.4p', nyny, 4, { variant: 'classic' }),
  ];
}
