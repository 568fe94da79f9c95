import { describe, expect, it } from 'vitest';
import { RECORD_FORMAT, recordStatus, replayLog, replayRecord } from '../src/index.js';
import { toy } from './toy.js';

// Toy: scores are what a seat added plus its card's rank (a=1, b=2, c=3); the game ends once 6 is added in all.
const add = (n: number) => ({ type: 'add', n });
const games = new Map([['toy', toy]]);
const statusOf = (players: number, log: unknown[]) => {
  const result = replayRecord(games, { format: RECORD_FORMAT, game: 'toy', players, log });
  if (!result.ok) throw new Error(result.error.line);
  return recordStatus(result);
};

describe('resignation entries in a record', () => {
  it('a resignation ends a 2-seat game: the other seat wins even with the lower score', () => {
    // Scores after the deal: seat 0 has a (1), seat 1 has b (2).
    const status = statusOf(2, [{ chance: { type: 'deal', cards: ['a', 'b'] } }, { seat: 1, resign: true }]);
    expect(status).toEqual({ over: true, active: [], scores: [1, 2], winners: [0], resigned: [1] });
  });

  it('in a 3-seat game the resigned seat plays on (its moves are in the log) and is placed last', () => {
    // Cards a, b, c; each seat adds 2: scores 3, 4, 5. By the rules seat 2 wins; it resigned, so seat 1 does.
    const status = statusOf(3, [
      { chance: { type: 'deal', cards: ['a', 'b', 'c'] } },
      { seat: 2, resign: true },
      { seat: 0, move: add(2) },
      { seat: 1, move: add(2) },
      { seat: 2, move: add(2) },
    ]);
    expect(status).toEqual({ over: true, active: [], scores: [3, 4, 5], winners: [1], resigned: [2] });
  });

  it('a game goes on after one resignation of three, and ends when only one seat has not resigned', () => {
    const deal = { chance: { type: 'deal', cards: ['a', 'b', 'c'] } };
    expect(statusOf(3, [deal, { seat: 0, resign: true }])).toMatchObject({ over: false, active: [0] });
    expect(statusOf(3, [deal, { seat: 0, resign: true }, { seat: 2, resign: true }])).toEqual({
      over: true,
      active: [],
      scores: [1, 2, 3],
      winners: [1],
      resigned: [0, 2],
    });
  });

  it('stop and abort end the game with no winner', () => {
    const deal = { chance: { type: 'deal', cards: ['a', 'b'] } };
    expect(statusOf(2, [deal, { stop: true }])).toEqual({
      over: true,
      active: [],
      scores: [1, 2],
      winners: [],
      stopped: true,
    });
    expect(statusOf(2, [deal, { abort: true }])).toMatchObject({ over: true, winners: [], aborted: true });
  });

  it('a moderator’s close ends a game that was not over with no winner, even in the middle of a round', () => {
    // Cards a, b, c; seat 0 added 2 and seat 1 added 1 (3 of the 6 that end it): scores 3, 3, 3, nobody awaited.
    const log = [
      { chance: { type: 'deal', cards: ['a', 'b', 'c'] } },
      { seat: 0, move: add(2) },
      { seat: 1, move: add(1) },
      { close: true },
    ];
    expect(statusOf(3, log)).toEqual({
      over: true,
      active: [],
      scores: [3, 3, 3],
      winners: [],
      closed: true,
    });
    expect(replayLog(toy, 3, {}, [...log, { seat: 2, move: add(1) }])).toMatchObject({
      ok: false,
      error: { index: 4, line: 'log[4] record: the game was closed before this entry' },
    });
    expect(replayLog(toy, 2, {}, [{ close: 1 }])).toMatchObject({ ok: false, error: { malformed: true } });
  });

  it('refuses what cannot be: an entry after the end, resigning twice, a seat that does not exist', () => {
    const deal = { chance: { type: 'deal', cards: ['a', 'b', 'c'] } };
    const deal2 = { chance: { type: 'deal', cards: ['a', 'b'] } };
    expect(
      replayLog(toy, 2, {}, [deal2, { seat: 0, resign: true }, { seat: 1, move: add(1) }]),
    ).toMatchObject({
      ok: false,
      error: { index: 2, line: 'log[2] record: the game was resigned before this entry' },
    });
    expect(replayLog(toy, 3, {}, [deal, { seat: 0, resign: true }, { seat: 0, resign: true }])).toMatchObject(
      {
        ok: false,
        error: { index: 2, line: 'log[2] seat 0: seat 0 has already resigned' },
      },
    );
    expect(replayLog(toy, 3, {}, [deal, { seat: 3, resign: true }])).toMatchObject({
      ok: false,
      error: { line: 'log[1] seat 3: there is no seat 3 in a 3-seat game' },
    });
    for (const entry of [{ seat: 0, resign: false }, { seat: 0, resign: true, move: add(1) }, { stop: 1 }])
      expect(replayLog(toy, 2, {}, [entry])).toMatchObject({ ok: false, error: { malformed: true } });
  });
});
