import type { MyCityMove } from './moves.js';
import type { MyCityView } from './views.js';

/**
 * What a seat's My City move depends on (see `Game.moveContext`): the card everybody builds now and the episode and
 * phase it belongs to, the seat's own board, and its own choice and stop. Other seats' boards and choices are not in
 * it: they never change what this seat may build, so a build sent while another seat chose is not stale. When the
 * last seat chooses, every board changes and the next card is drawn: a move made before that is refused.
 */
export function moveContext(view: MyCityView, seat: number, move: MyCityMove): unknown {
  void move;
  return {
    episode: view.episode,
    phase: view.phase,
    revealed: view.revealed,
    board: view.boards[seat],
    stopped: view.stopped[seat],
    chosen: view.chosen[seat],
    choice: view.choice,
  };
}
