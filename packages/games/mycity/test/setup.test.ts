/**
 * Options, seats and the deal (the rules page, "Options at table creation", "Setup"): `episodes` 1 to 24 (default 1),
 * 2 to 4 seats, a deal of the 24 building cards at the start of every episode.
 */
import { replayRecord } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import {
  BUILDING_IDS,
  BUILDING_KINDS,
  COLS,
  ROWS,
  START_MARKER,
  TERRAIN,
  buildingSize,
  mycity,
} from '@skyline/mycity';
import { describe, expect, it } from 'vitest';
import { CHANCE, dealOf, expectRefused, newGame, play } from './helpers.js';

describe('the board and the buildings (Decision: the project design)', () => {
  it('a board of 10 rows × 12 columns; 24 buildings y1..y8, r1..r8, b1..b8 of 3 to 6 squares, 8 of each kind', () => {
    expect([ROWS, COLS, TERRAIN.length]).toEqual([10, 12, 120]);
    expect(new Set(TERRAIN)).toEqual(new Set(['.', 'T', 'R', '~', 'M', 'F']));
    expect(BUILDING_IDS).toEqual(
      ['y', 'r', 'b'].flatMap((k) => [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${k}${n}`)),
    );
    for (const kind of ['residential', 'public', 'industrial']) {
      expect(BUILDING_KINDS.filter((k) => k === kind)).toHaveLength(8);
    }
    for (let b = 0; b < 24; b++) {
      expect(buildingSize(b)).toBeGreaterThanOrEqual(3);
      expect(buildingSize(b)).toBeLessThanOrEqual(6);
    }
  });
});

describe('options and seats', () => {
  it('episodes defaults to 1 and goes from 1 to 24', () => {
    expect(mycity.parseOptions(2, {})).toEqual({ ok: true, options: { episodes: 1 } });
    expect(mycity.parseOptions(4, { episodes: 24 })).toEqual({ ok: true, options: { episodes: 24 } });
    for (const episodes of [0, 25, 1.5, '2', null]) {
      const parsed = mycity.parseOptions(2, { episodes });
      expect(parsed.ok, String(episodes)).toBe(false);
      if (!parsed.ok) expect(parsed.reason).toMatch(/^options\.episodes: /);
    }
  });

  it('an unknown option is an error', () => {
    const parsed = mycity.parseOptions(2, { rounds: 2 });
    expect(parsed.ok).toBe(false);
  });

  it('2 to 4 seats', () => {
    expect([mycity.minPlayers, mycity.maxPlayers]).toEqual([2, 4]);
    const record = (players: number) => ({ format: 'skyline-record/1', game: 'mycity', players, log: [] });
    expect(replayRecord(GAMES, record(5))).toMatchObject({
      ok: false,
      error: { line: 'record: My City is played by 2 to 4 seats, not 5' },
    });
    expect(replayRecord(GAMES, record(1)).ok).toBe(false);
    expect(replayRecord(GAMES, record(4)).ok).toBe(true);
  });

  it('every seat starts with its own empty board and its marker on 10', () => {
    const state = newGame(4);
    expect(START_MARKER).toBe(10);
    expect(state.markers).toEqual([10, 10, 10, 10]);
    expect(mycity.view(state, 0).boards).toEqual([[], [], [], []]);
    expect(mycity.status(state)).toEqual({
      over: false,
      active: ['chance'],
      scores: [0, 0, 0, 0],
      winners: [],
    });
  });
});

describe('the deal', () => {
  const start = newGame(2);

  it('must hold every building card exactly once', () => {
    const order = dealOf().order;
    expect(mycity.validate(start, CHANCE, dealOf())).toBeNull();
    expectRefused(
      start,
      CHANCE,
      { type: 'deal', order: order.slice(1) },
      'the deal must list all 24 building cards, not 23',
    );
    expectRefused(
      start,
      CHANCE,
      { type: 'deal', order: [...order, 'y1'] },
      'the deal must list all 24 building cards, not 25',
    );
    expectRefused(
      start,
      CHANCE,
      { type: 'deal', order: ['y1', ...order.slice(0, 23)] },
      'building card y1 appears twice in the deal',
    );
    expectRefused(
      start,
      CHANCE,
      { type: 'deal', order: order.map((id) => (id === 'b8' ? 'b9' : id)) },
      'there is no building card "b9" (order[23])',
    );
    expectRefused(start, CHANCE, { type: 'deal' }, 'a deal chance move needs "order"');
    expectRefused(start, CHANCE, { type: 'deal', order: 'y1' }, '"order" must list the 24 building ids');
    expectRefused(
      start,
      CHANCE,
      { type: 'deal', order, first: 0 },
      'a deal chance move has no field "first"',
    );
  });

  it('reveals the cards in its order, one per turn', () => {
    const order = [...BUILDING_IDS].reverse();
    let state = play(start, [CHANCE, { type: 'deal', order }]);
    expect(mycity.view(state, 0).revealed).toEqual(['b8']);
    state = play(state, [0, { type: 'pass' }], [1, { type: 'pass' }]);
    expect(mycity.view(state, 1).revealed).toEqual(['b8', 'b7']);
    expect(mycity.view(state, 1).deckSize).toBe(22);
  });

  it('comes only at the start of an episode', () => {
    const state = play(start, [CHANCE, dealOf()]);
    expectRefused(state, CHANCE, dealOf(), 'no chance move is expected now: the episode has been dealt');
  });

  it('sampled deals are valid', () => {
    let k = 1;
    const rng = { int: (n: number) => (k = (k * 48271) % 2147483647) % n };
    for (let g = 0; g < 5; g++)
      expect(mycity.validate(start, CHANCE, mycity.sampleChance(start, rng))).toBeNull();
  });
});
