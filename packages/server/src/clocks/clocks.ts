/**
 * Clock arithmetic, pure: every function takes the time (`now`, ms since the epoch) instead of reading it, so that
 * tests run a day-long game in no time and every process computes the same deadlines.
 *
 * Two kinds of clock, a table setting (`ClockSetting`):
 * - `live` (Fischer): each seat has its own time bank, `initial` seconds at the start; it runs while the server waits
 *   for that seat, and each move the seat makes adds `increment` seconds.
 * - `turn`: each time the server starts waiting for a seat, the seat has `perMove` seconds (a day for a game played
 *   over weeks); the time restarts at each of its moves.
 *
 * Whenever several seats are awaited at once (a simultaneous phase), each of their clocks runs. A clock is kept as a
 * deadline (an absolute time) while it runs and as the time left while it stands: deadlines are what the database
 * stores and what the time-out keeper looks for. Seats played by a bot (a bot seated, or standing in for an absent
 * or resigned player) have no running clock.
 */

import type { ClockSetting } from '@skyline/protocol';

/** A table's clock, as the host sets it (seconds; the schema is the protocol's). */
export type { ClockSetting };

/** One seat's clock: running (until `deadline`) or standing (with `left` ms). */
export interface SeatClock {
  /** ms left, counted while the clock stands; while it runs, what was left when it started. */
  left: number;
  /** When the seat runs out of time (ms since the epoch) while its clock runs; null while it stands. */
  deadline: number | null;
  /**
   * The seat's clock as it was before the table's last move, kept by that move only (`beforeMove`) so that the move
   * can be taken back with the clocks as they were (`clocksBeforeMove`, `tables/take-back.ts`); every other change of
   * the clocks drops it (`plainClock`), so it never outlives the move it belongs to.
   */
  before?: { left: number; deadline: number | null };
}

export type Clocks = SeatClock[];

/** A source of time: the system's in production, one a test moves by hand. */
export interface TimeSource {
  now(): number;
}

export const systemTime: TimeSource = { now: () => Date.now() };

/** A time source for tests: stands still until moved. */
export class ManualTime implements TimeSource {
  constructor(private current = Date.UTC(2026, 0, 1)) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** What a seat's clock holds before it first runs (`live`: its time bank; `turn`: one move's time). */
function fullTime(setting: ClockSetting): number {
  return setting.kind === 'live' ? setting.initial * 1000 : setting.perMove * 1000;
}

/** Clocks at the start of a game: every seat's full time, running for the awaited seats that are timed. */
export function startClocks(
  setting: ClockSetting,
  players: number,
  awaited: readonly number[],
  timed: readonly boolean[],
  now: number,
): Clocks {
  const clocks = Array.from({ length: players }, () => ({ left: fullTime(setting), deadline: null }));
  return runAwaited(setting, clocks, awaited, timed, now);
}

/**
 * The clocks after a move by `mover` (null: no seat moved, e.g. a seat was handed to a bot): the clocks of the seats
 * no longer awaited stop (a live clock keeps what was left, plus the increment if that seat moved), the clocks of
 * newly awaited seats start, and a seat still awaited keeps running — except that its own move restarts a `turn`
 * clock and adds the increment to a `live` one.
 */
export function advanceClocks(
  setting: ClockSetting,
  before: Clocks,
  mover: number | null,
  awaited: readonly number[],
  timed: readonly boolean[],
  now: number,
): Clocks {
  const increment = setting.kind === 'live' ? setting.increment * 1000 : 0;
  const clocks = before.map((clock, seat): SeatClock => {
    const stillRunning = clock.deadline !== null && awaited.includes(seat) && timed[seat] === true;
    const moved = seat === mover;
    if (clock.deadline === null) return plainClock(clock);
    if (stillRunning && !moved) return plainClock(clock);
    if (setting.kind === 'turn') {
      // The time restarts at each of the seat's moves; a stopped turn clock is restarted when next awaited.
      return { left: fullTime(setting), deadline: null };
    }
    const left = Math.max(0, clock.deadline - now) + (moved ? increment : 0);
    return { left, deadline: null };
  });
  return runAwaited(setting, clocks, awaited, timed, now);
}

/** A seat's clock without what it kept of the clocks before the last move (see `SeatClock.before`). */
export function plainClock(clock: SeatClock): SeatClock {
  return { left: clock.left, deadline: clock.deadline };
}

/** The clocks after a seat's move (`after`), each keeping what it was before the move (`before`, the same seats). */
export function beforeMove(before: Clocks, after: Clocks): Clocks {
  return after.map((clock, seat) => {
    const was = before[seat];
    return was
      ? { ...plainClock(clock), before: { left: was.left, deadline: was.deadline } }
      : plainClock(clock);
  });
}

/**
 * The clocks as they were before the last move, when that move kept them (`beforeMove`) for every seat; null when it
 * did not (the clocks changed since in another way: a seat handed to a bot or taken back, or a move already taken
 * back). The deadlines are the ones of then: the time spent since the move counts as the seat's, so nobody gains time.
 */
export function clocksBeforeMove(clocks: Clocks): Clocks | null {
  if (clocks.some((clock) => clock.before === undefined)) return null;
  return clocks.map((clock) => ({ ...(clock.before as { left: number; deadline: number | null }) }));
}

/** Starts the clocks of the awaited, timed seats that stand. */
function runAwaited(
  setting: ClockSetting,
  clocks: Clocks,
  awaited: readonly number[],
  timed: readonly boolean[],
  now: number,
): Clocks {
  for (const seat of awaited) {
    const clock = clocks[seat];
    if (!clock || clock.deadline !== null || timed[seat] !== true) continue;
    const left = setting.kind === 'turn' ? fullTime(setting) : clock.left;
    clocks[seat] = { left, deadline: now + left };
  }
  return clocks;
}

/** The least a live clock gets when its player takes the seat back (ms). */
export const RESUME_FLOOR_MS = 10_000;

/** Stops a seat's clock with no time left (it ran out, or a bot now plays for it). */
export function stopClock(clocks: Clocks, seat: number, now: number): Clocks {
  return clocks.map((clock, k) =>
    k === seat && clock.deadline !== null
      ? { left: Math.max(0, clock.deadline - now), deadline: null }
      : plainClock(clock),
  );
}

/**
 * A player takes their seat back from the bot that stood in: a live clock gets the increment only (the time bank was
 * spent) but at least `RESUME_FLOOR_MS`, so that a clock without increment does not run out again as the player
 * arrives; a turn clock a move's time. It runs at once if the seat is awaited.
 */
export function resumeClock(
  setting: ClockSetting,
  clocks: Clocks,
  seat: number,
  awaited: boolean,
  now: number,
): Clocks {
  const left =
    setting.kind === 'live' ? Math.max(setting.increment * 1000, RESUME_FLOOR_MS) : fullTime(setting);
  return clocks.map((clock, k) =>
    k === seat ? { left, deadline: awaited ? now + left : null } : plainClock(clock),
  );
}

/**
 * When the server began waiting for a seat whose clock runs: its deadline less what it had then (both kinds of clock
 * keep that while they run), so every look during one wait finds the same time; null while the clock stands.
 */
export function waitingSince(clock: SeatClock | undefined): number | null {
  return clock && clock.deadline !== null ? clock.deadline - clock.left : null;
}

/** The seats whose time has run out at `now`. */
export function expiredSeats(clocks: Clocks, now: number): number[] {
  return clocks.flatMap((clock, seat) => (clock.deadline !== null && clock.deadline <= now ? [seat] : []));
}

/** The earliest deadline (what the database indexes and the keeper waits for), or null when no clock runs. */
export function nextDeadline(clocks: Clocks): number | null {
  let earliest: number | null = null;
  for (const clock of clocks) {
    if (clock.deadline !== null && (earliest === null || clock.deadline < earliest))
      earliest = clock.deadline;
  }
  return earliest;
}

/** Each seat's ms left at `now` (what pages show: a running clock ticks down to 0). */
export function timeLeft(clocks: Clocks, now: number): number[] {
  return clocks.map((clock) => (clock.deadline === null ? clock.left : Math.max(0, clock.deadline - now)));
}

const UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Reads a duration as `/option clock` takes it: `300`, `90s`, `5m`, `2h`, `1d` (seconds if no unit). */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,7})([smhd]?)$/.exec(text.trim().toLowerCase());
  if (!match) return null;
  return Number(match[1]) * (UNITS[match[2] || 's'] as number);
}

/** A clock setting in words (`live 300+5 s`, `turn 1 d per move`), for the chat and the lobby. */
export function describeClock(setting: ClockSetting | null): string {
  if (setting === null) return 'no clock';
  if (setting.kind === 'live')
    return `live clock: ${duration(setting.initial)} + ${duration(setting.increment)} a move`;
  return `turn clock: ${duration(setting.perMove)} a move`;
}

function duration(seconds: number): string {
  if (seconds > 0 && seconds % 86400 === 0) return `${seconds / 86400} d`;
  if (seconds > 0 && seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/**
 * A clock setting as a chat line's parameter (`none`, `live 300 5`, `turn 86400`: seconds), from which a client says
 * it in its player's language; `describeClock` is the English the server sends beside it.
 */
export function clockParam(setting: ClockSetting | null): string {
  if (setting === null) return 'none';
  return setting.kind === 'live' ? `live ${setting.initial} ${setting.increment}` : `turn ${setting.perMove}`;
}

/**
 * Reads the value of `/option clock ...`: `none`, `live INITIAL INCREMENT` or `turn PER_MOVE` in durations
 * (`300`, `5m`, `1d`), or the setting itself as a button sends it. When it is not one, says why as a refusal code:
 * `clock.usage` (not of that shape) or `clock.range` (a time out of the allowed range).
 */
export function readClockOption(
  value: unknown,
  schema: { safeParse(input: unknown): { success: true; data: ClockSetting } | { success: false } },
): { ok: true; clock: ClockSetting | null } | { ok: false; code: 'clock.usage' | 'clock.range' } {
  if (value === null || value === 'none' || value === 'off') return { ok: true, clock: null };
  if (typeof value !== 'string' && typeof value !== 'object') return { ok: false, code: 'clock.usage' };
  let candidate: unknown = value;
  if (typeof value === 'string') {
    const [kind, ...times] = value.trim().toLowerCase().split(/\s+/);
    const seconds = times.map(parseDuration);
    if (seconds.some((s) => s === null)) return { ok: false, code: 'clock.usage' };
    if (kind === 'live' && seconds.length === 2)
      candidate = { kind, initial: seconds[0], increment: seconds[1] };
    else if (kind === 'turn' && seconds.length === 1) candidate = { kind, perMove: seconds[0] };
    else return { ok: false, code: 'clock.usage' };
  }
  const parsed = schema.safeParse(candidate);
  if (!parsed.success) return { ok: false, code: 'clock.range' };
  return { ok: true, clock: parsed.data };
}
