import { describe, expect, it } from 'vitest';
import { ClockSetting } from '@skyline/protocol';
import {
  ManualTime,
  advanceClocks,
  beforeMove,
  clocksBeforeMove,
  expiredSeats,
  nextDeadline,
  parseDuration,
  readClockOption,
  resumeClock,
  startClocks,
  stopClock,
  timeLeft,
} from '../src/clocks/clocks.js';

const T0 = 1_000_000;
const everyone = [true, true, true];

describe('live (Fischer) clocks', () => {
  const live = { kind: 'live', initial: 300, increment: 5 } as const;

  it('runs only the awaited seat and adds the increment after its move', () => {
    const start = startClocks(live, 3, [0], everyone, T0);
    expect(start).toEqual([
      { left: 300_000, deadline: T0 + 300_000 },
      { left: 300_000, deadline: null },
      { left: 300_000, deadline: null },
    ]);
    // Seat 0 thinks 40 s and moves: 260 s left + 5 s; seat 1's clock starts with its 300 s.
    const after = advanceClocks(live, start, 0, [1], everyone, T0 + 40_000);
    expect(after[0]).toEqual({ left: 265_000, deadline: null });
    expect(after[1]).toEqual({ left: 300_000, deadline: T0 + 40_000 + 300_000 });
    expect(timeLeft(after, T0 + 100_000)).toEqual([265_000, 240_000, 300_000]);
  });

  it('a seat that moves and is still awaited gets the increment on its running clock', () => {
    const start = startClocks(live, 2, [0], [true, true], T0);
    const after = advanceClocks(live, start, 0, [0], [true, true], T0 + 10_000);
    // 290 s left after 10 s, plus 5 s: runs again from T0 + 10 s with 295 s.
    expect(after[0]).toEqual({ left: 295_000, deadline: T0 + 10_000 + 295_000 });
  });

  it('in a simultaneous phase every awaited seat runs, and one seat moving leaves the others running', () => {
    const start = startClocks(live, 3, [0, 1, 2], everyone, T0);
    expect(start.every((clock) => clock.deadline === T0 + 300_000)).toBe(true);
    const after = advanceClocks(live, start, 1, [0, 2], everyone, T0 + 30_000);
    expect(after[0]).toEqual(start[0]);
    expect(after[2]).toEqual(start[2]);
    expect(after[1]).toEqual({ left: 275_000, deadline: null });
  });

  it('runs out: the seat is expired at its deadline, not before', () => {
    const start = startClocks(live, 2, [1], [true, true], T0);
    expect(expiredSeats(start, T0 + 299_999)).toEqual([]);
    expect(expiredSeats(start, T0 + 300_000)).toEqual([1]);
    expect(nextDeadline(start)).toBe(T0 + 300_000);
  });

  it('a seat played by a bot has no running clock', () => {
    const start = startClocks(live, 2, [0, 1], [true, false], T0);
    expect(start[1]?.deadline).toBeNull();
    expect(nextDeadline(start)).toBe(T0 + 300_000);
  });

  it('taking a seat back gives the increment only (at least 10 s)', () => {
    const out = stopClock(startClocks(live, 2, [0], [true, true], T0), 0, T0 + 300_000);
    expect(out[0]).toEqual({ left: 0, deadline: null });
    expect(resumeClock(live, out, 0, true, T0 + 400_000)[0]).toEqual({
      left: 10_000,
      deadline: T0 + 410_000,
    });
    const generous = { kind: 'live', initial: 60, increment: 30 } as const;
    expect(resumeClock(generous, out, 0, false, T0)[0]).toEqual({ left: 30_000, deadline: null });
  });
});

describe('the clocks kept for taking a move back', () => {
  const live = { kind: 'live', initial: 300, increment: 5 } as const;

  it("gives back the clocks of before the move, with the mover's deadline of then (no time gained)", () => {
    const start = startClocks(live, 2, [0], [true, true], T0);
    const after = beforeMove(start, advanceClocks(live, start, 0, [0], [true, true], T0 + 40_000));
    // After the move: 265 s from T0 + 40 s. Taken back: the deadline of the start again, T0 + 300 s.
    expect(after[0]).toMatchObject({ left: 265_000, deadline: T0 + 305_000 });
    expect(clocksBeforeMove(after)).toEqual(start);
  });

  it('keeps nothing once the clocks change in another way (the next move, a seat handed to a bot or taken back)', () => {
    const start = startClocks(live, 2, [0], [true, true], T0);
    const after = beforeMove(start, advanceClocks(live, start, 0, [0], [true, true], T0 + 40_000));
    expect(clocksBeforeMove(advanceClocks(live, after, null, [0], [true, true], T0 + 41_000))).toBeNull();
    expect(clocksBeforeMove(stopClock(after, 1, T0 + 41_000))).toBeNull();
    expect(clocksBeforeMove(resumeClock(live, after, 1, false, T0 + 41_000))).toBeNull();
    // The clocks of a start keep nothing: no move to take back.
    expect(clocksBeforeMove(start)).toBeNull();
  });
});

describe('turn clocks', () => {
  const day = { kind: 'turn', perMove: 86_400 } as const;

  it('gives each awaited seat the time of one move, restarted at each of its moves', () => {
    const start = startClocks(day, 2, [0], [true, true], T0);
    expect(start[0]).toEqual({ left: 86_400_000, deadline: T0 + 86_400_000 });
    // Seat 0 moves after 20 hours and must move again: a full day from now, not the 4 hours left.
    const again = advanceClocks(day, start, 0, [0], [true, true], T0 + 72_000_000);
    expect(again[0]?.deadline).toBe(T0 + 72_000_000 + 86_400_000);
    // Then seat 1 is awaited: seat 0 stops, seat 1 has a day.
    const next = advanceClocks(day, again, 0, [1], [true, true], T0 + 80_000_000);
    expect(next[0]?.deadline).toBeNull();
    expect(next[1]).toEqual({ left: 86_400_000, deadline: T0 + 80_000_000 + 86_400_000 });
  });

  it('restarts from a full move when next awaited, whatever was left last time', () => {
    const start = startClocks(day, 2, [0], [true, true], T0);
    const handed = advanceClocks(day, start, 0, [1], [true, true], T0 + 1000);
    const back = advanceClocks(day, handed, 1, [0], [true, true], T0 + 5000);
    expect(back[0]).toEqual({ left: 86_400_000, deadline: T0 + 5000 + 86_400_000 });
  });

  it('is read from deadlines, so a restart in the middle loses nothing: the stored clocks say the same later', () => {
    const time = new ManualTime(T0);
    const clocks = startClocks(day, 2, [1], [true, true], time.now());
    const stored = JSON.parse(JSON.stringify(clocks)) as typeof clocks; // through the database
    time.advance(86_400_000 - 1);
    expect(expiredSeats(stored, time.now())).toEqual([]);
    time.advance(1);
    expect(expiredSeats(stored, time.now())).toEqual([1]);
  });
});

describe('/option clock', () => {
  it('reads durations with units', () => {
    expect(parseDuration('300')).toBe(300);
    expect(parseDuration('90s')).toBe(90);
    expect(parseDuration('5m')).toBe(300);
    expect(parseDuration('2h')).toBe(7200);
    expect(parseDuration('1d')).toBe(86_400);
    expect(parseDuration('1w')).toBeNull();
    expect(parseDuration('-5')).toBeNull();
  });

  it('reads none, live and turn settings, and refuses the rest with the usage', () => {
    expect(readClockOption('none', ClockSetting)).toEqual({ ok: true, clock: null });
    expect(readClockOption('live 300 5', ClockSetting)).toEqual({
      ok: true,
      clock: { kind: 'live', initial: 300, increment: 5 },
    });
    expect(readClockOption('turn 1d', ClockSetting)).toEqual({
      ok: true,
      clock: { kind: 'turn', perMove: 86_400 },
    });
    expect(readClockOption({ kind: 'turn', perMove: 60 }, ClockSetting)).toEqual({
      ok: true,
      clock: { kind: 'turn', perMove: 60 },
    });
    // Refused with a code (the client says it in the player's language), not with English words to pass on.
    for (const bad of ['live 300', 'turn', 'turn 5x', 'fast', 300])
      expect(readClockOption(bad, ClockSetting), String(bad)).toEqual({ ok: false, code: 'clock.usage' });
    for (const bad of ['turn 31d', 'live 0 5', 'live 5m 2h', { kind: 'turn', perMove: 0 }])
      expect(readClockOption(bad, ClockSetting), JSON.stringify(bad)).toEqual({
        ok: false,
        code: 'clock.range',
      });
  });
});
