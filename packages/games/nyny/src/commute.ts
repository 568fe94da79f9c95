import type { NynyMove } from './moves.js';
import type { NynyView } from './views.js';

/**
 * What a seat's New York move depends on (see `Game.moveContext`): the round, phase and turn, its own hand and
 * choice, and everything on the table (the skyline, the pool, who passed). In the simultaneous variant, another seat
 * choosing changes none of these (choices stay hidden until all are in), so a choice sent meanwhile is not stale; the
 * reveal changes the skyline and the turn, and a move made before it is refused. In the classic game only one seat
 * moves at a time, so any move in between changes the turn.
 */
export function moveContext(view: NynyView, seat: number, move: NynyMove): unknown {
  void move;
  return {
    round: view.round,
    phase: view.phase,
    turn: view.turn,
    hand: view.hand,
    choice: view.choice,
    chosen: view.chosen[seat],
    skyline: view.skyline,
    pool: view.pool,
    passed: view.passed,
    takeQueue: view.takeQueue,
  };
}
