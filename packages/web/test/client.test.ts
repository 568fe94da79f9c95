/** The client's own logic: following a table through its updates, Manhattan's card reading and live score. */
import type { TableSnapshot, TableUpdate } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { lotOfCard, scoreBoard } from '../src/games/manhattan.js';
import { DICTIONARIES } from '../src/i18n.js';
import { parseRoute } from '../src/router.js';
import { applyUpdate, fromSnapshot, sameJson, worthRetrying } from '../src/table.js';

const snapshot: TableSnapshot = {
  table: {
    id: 't1',
    game: 'nyny',
    title: 'New York, New York',
    players: 2,
    options: {},
    host: 'ann',
    status: 'playing',
    seats: [],
    createdAt: 0,
  },
  viewer: 0,
  version: 3,
  status: { over: false, active: [0], winners: [], scores: null },
  view: { v: 3 },
  legalMoves: [{ type: 'pass' }],
  log: ['a', 'b', 'c'],
};
const update = (version: number, from: number, log: unknown[]): TableUpdate => ({
  tableId: 't1',
  viewer: 0,
  version,
  from,
  status: { over: false, active: [1], winners: [], scores: null },
  view: { v: version },
  legalMoves: [],
  log,
});

describe('following a table', () => {
  it('applies an update: new view and moves, the log replaced from `from`', () => {
    const next = applyUpdate(fromSnapshot(snapshot), update(4, 2, ['C', 'd']));
    expect(next?.version).toBe(4);
    expect(next?.log).toEqual(['a', 'b', 'C', 'd']);
    expect(next?.legalMoves).toEqual([]);
  });
  it('ignores an old update, and asks for a re-open after a gap', () => {
    const state = fromSnapshot(snapshot);
    expect(applyUpdate(state, update(3, 0, []))).toBe(state);
    expect(applyUpdate(state, update(6, 5, ['x']))).toBeNull();
  });
  it('takes an update of the same version that ends the game (a resignation), and only that', () => {
    const state = fromSnapshot(snapshot);
    const resigned: TableUpdate = {
      ...update(3, 3, []),
      status: { over: true, active: [], winners: [1], scores: [0, 5] },
      legalMoves: [],
    };
    const next = applyUpdate(state, resigned);
    expect(next?.status).toEqual({ over: true, active: [], winners: [1], scores: [0, 5] });
    expect(next?.log).toEqual(['a', 'b', 'c']);
    expect(next?.legalMoves).toEqual([]);
    expect(applyUpdate(next!, resigned)).toBe(next);
  });
});

describe('a move refused because the table moved on', () => {
  it('is sent again when the seat may still make it, or when it is an offer', () => {
    const legal = [{ type: 'place', lot: 6, shop: 'radio' }, { type: 'done' }];
    expect(worthRetrying({ shop: 'radio', lot: 6, type: 'place' }, legal)).toBe(true);
    expect(worthRetrying({ type: 'place', lot: 7, shop: 'radio' }, legal)).toBe(false);
    expect(worthRetrying({ type: 'offer', to: 1, give: { money: 1000 } }, legal)).toBe(true);
    expect(sameJson({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});

describe('Manhattan', () => {
  it('reads cards from each side with the perspective option (spec examples)', () => {
    const view = { players: 4, options: { perspective: true, sixrounds: false } };
    expect(lotOfCard(view, 2, 1)).toBe(9);
    expect(lotOfCard(view, 1, 1)).toBe(3);
    expect(lotOfCard(view, 0, 4)).toBe(4);
    expect(lotOfCard({ ...view, players: 2 }, 1, 1)).toBe(9);
    expect(lotOfCard({ ...view, options: { perspective: false, sixrounds: false } }, 3, 7)).toBe(7);
  });
  it('scores the board: buildings, strict majorities, a tallest building held by one seat only', () => {
    const empty = () => Array.from({ length: 9 }, () => [] as { seat: number; floors: number }[]);
    const board = Array.from({ length: 6 }, empty);
    board[0]![0] = [{ seat: 0, floors: 3 }];
    board[0]![1] = [{ seat: 0, floors: 1 }];
    board[0]![2] = [{ seat: 1, floors: 2 }];
    board[1]![0] = [{ seat: 1, floors: 1 }];
    board[1]![1] = [{ seat: 0, floors: 1 }];
    expect(scoreBoard(board, 2)).toEqual({
      buildings: [3, 2],
      majorities: [2, 0],
      tallest: [3, 0],
      total: [8, 2],
    });
    board[2]![0] = [
      { seat: 0, floors: 1 },
      { seat: 1, floors: 2 },
    ];
    expect(scoreBoard(board, 2).tallest).toEqual([0, 0]);
  });
});

describe('the client', () => {
  it('has every text in both languages', () => {
    const missing = Object.keys(DICTIONARIES.en).filter((key) => !(key in DICTIONARIES.fr));
    expect(missing).toEqual([]);
  });
  it('routes page paths', () => {
    expect(parseRoute('/t/abc123')).toEqual({ page: 'table', id: 'abc123' });
    expect(parseRoute('/games')).toEqual({ page: 'mygames' });
    expect(parseRoute('/rules/nyny')).toEqual({ page: 'rules', game: 'nyny' });
    expect(parseRoute('/whatever')).toEqual({ page: 'lobby' });
  });
});
