/**
 * The engine figures of every game of the registry: a game's own figures where some are about it in particular
 * (named for it, given the game from the registry by its id), the standard ones otherwise (complete random games
 * and legal moves listed, `GAME.playouts.4p` and `GAME.moves.4p`). Budgets of the standard ones: Manhattan at least
 * 2,000 complete random 4-seat games per second on one core; Chinatown 1,000 (its random policy makes, accepts,
 * declines and withdraws offers while trading; `randomActor` moves a seat that is not ready yet).
 */
import type { AnyGame } from '@skyline/engine';
import { GAME_ENTRIES } from '@skyline/games';
import type { Figure } from '../measure.js';
import { mycityFigures } from './mycity.js';
import { nynyFigures } from './nyny.js';
import { moveRateFigure, playoutFigure } from './playouts.js';

const OWN_FIGURES: Readonly<Record<string, (game: AnyGame) => Figure[]>> = {
  nyny: nynyFigures,
  mycity: mycityFigures,
};

function standardFigures(game: AnyGame): Figure[] {
  const players = Math.min(4, game.maxPlayers);
  return [
    playoutFigure(`${game.id}.playouts.${players}p`, game, players, {}),
    moveRateFigure(`${game.id}.moves.${players}p`, game, players, {}),
  ];
}

export function gameFigures(): Figure[] {
  return GAME_ENTRIES.flatMap(({ game }) => (OWN_FIGURES[game.id] ?? standardFigures)(game));
}
