import { CHANCE } from '@skyline/engine';
import type { ClockView } from '@skyline/protocol';
import { timedSeats, type LiveTable } from './live.js';
import {
  advanceClocks,
  beforeMove,
  nextDeadline,
  startClocks,
  timeLeft,
  type Clocks,
} from '../clocks/clocks.js';

/** The seats a game state awaits (not chance). */
export function awaitedSeats(table: Pick<LiveTable, 'game'>, state: unknown): number[] {
  return table.game.active(state).filter((actor): actor is number => actor !== CHANCE);
}

/**
 * The table's clocks once the game is at `state` after `mover`'s move (null: no move, e.g. a seat handed to a bot,
 * or the start); null for a table without a clock or a game that is over.
 */
export function clocksAt(table: LiveTable, state: unknown, mover: number | null, now: number): Clocks | null {
  if (table.clock === null || table.game.status(state).over) return null;
  const awaited = awaitedSeats(table, state);
  const timed = timedSeats(table);
  if (table.clocks === null) return startClocks(table.clock, table.players, awaited, timed, now);
  const after = advanceClocks(table.clock, table.clocks, mover, awaited, timed, now);
  // A seat's move keeps the clocks as they were, for as long as it may be taken back (`tables/take-back.ts`).
  return mover === null ? after : beforeMove(table.clocks, after);
}

/** The columns that store a table's clocks (see migration 005). */
export function clockColumns(clocks: Clocks | null): { clocks: string | null; deadline: number | null } {
  return {
    clocks: clocks === null ? null : JSON.stringify(clocks),
    deadline: clocks === null ? null : nextDeadline(clocks),
  };
}

/** Each seat's clock as pages show it, at `now`. */
export function clockViews(table: Pick<LiveTable, 'clocks' | 'status'>, now: number): ClockView[] | null {
  if (table.clocks === null) return null;
  const left = timeLeft(table.clocks, now);
  return table.clocks.map((clock, seat) => ({
    left: left[seat] as number,
    running: clock.deadline !== null && table.status === 'playing',
  }));
}
