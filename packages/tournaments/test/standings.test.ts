import { describe, expect, it } from 'vitest';
import { placePoints, places } from '../src/places.js';
import { duplicateComparison, roundPoints } from '../src/scoring.js';
import { standings } from '../src/standings.js';

describe('place points', () => {
  it('1 for the winner, 0 for the last, evenly between; ties share', () => {
    expect(placePoints({ scores: [3, 9], winners: [1] })).toEqual([0, 1]);
    expect(placePoints({ scores: [5, 9, 7], winners: [1] })).toEqual([0, 1, 0.5]);
    expect(placePoints({ scores: [9, 9, 1], winners: [0, 1] })).toEqual([0.75, 0.75, 0]);
    expect(placePoints({ scores: [4, 4], winners: [] })).toEqual([0.5, 0.5]);
  });

  it('winners (the game tie-break) come before a higher score', () => {
    expect(places({ scores: [10, 10, 3], winners: [1] })).toEqual([1, 0, 2]);
  });
});

describe('duplicate scoring', () => {
  it('compares each seat with the same seat at the other tables: 1 per player beaten, 1/2 per tie', () => {
    const tables = [
      { players: ['a', 'b'], scores: [10, 5], winners: [0] },
      { players: ['c', 'd'], scores: [8, 9], winners: [1] },
      { players: ['e', 'f'], scores: [10, 5], winners: [0] },
    ];
    const [seat0, seat1] = duplicateComparison(tables);
    // Seat 0: a and e won with 10 (tie with each other, beat c); c lost.
    expect(seat0!.rows.map((row) => [row.player, row.matchpoints, row.fraction])).toEqual([
      ['a', 1.5, 0.75],
      ['c', 0, 0],
      ['e', 1.5, 0.75],
    ]);
    expect(seat1!.rows.map((row) => row.matchpoints)).toEqual([0.5, 2, 0.5]);
    const points = roundPoints({ tables, byes: ['g'], duplicate: true });
    expect(points.get('d')).toBe(1);
    expect(points.get('g')).toBe(0.5);
  });
});

describe('standings', () => {
  const entrants = ['a', 'b', 'c', 'd'].map((id) => ({ id, name: id.toUpperCase() }));

  it('ranks by points, then Buchholz, then game score, then head-to-head, then name', () => {
    const rounds = [
      {
        duplicate: false,
        byes: [],
        tables: [
          { players: ['a', 'b'], scores: [10, 2], winners: [0] },
          { players: ['c', 'd'], scores: [6, 5], winners: [0] },
        ],
      },
      {
        duplicate: false,
        byes: [],
        tables: [
          { players: ['a', 'c'], scores: [3, 7], winners: [1] },
          { players: ['b', 'd'], scores: [8, 1], winners: [0] },
        ],
      },
    ];
    const list = standings(entrants, rounds);
    // c 2 points; a and b 1 each (a's opponents b, c: 3; b's opponents a, d: 1); d 0.
    expect(list.map((row) => [row.id, row.rank, row.points, row.buchholz])).toEqual([
      ['c', 1, 2, 1],
      ['a', 2, 1, 3],
      ['b', 3, 1, 1],
      ['d', 4, 0, 3],
    ]);
    expect(list[1]!.gameScore).toBe(13);
    expect(list[0]!.rounds).toEqual([1, 1]);
  });

  it('players equal on every criterion share the rank and are listed by name (a cycle: head-to-head 0)', () => {
    const beat = (winner: string, loser: string) => ({
      players: [winner, loser],
      scores: [5, 5],
      winners: [0],
    });
    const rounds = [
      { duplicate: false, byes: [], tables: [beat('a', 'b'), beat('c', 'd')] },
      { duplicate: false, byes: [], tables: [beat('d', 'a'), beat('b', 'c')] },
    ];
    const list = standings(entrants, rounds);
    expect(list.map((row) => [row.id, row.rank, row.points, row.buchholz, row.headToHead])).toEqual([
      ['a', 1, 1, 2, 0],
      ['b', 1, 1, 2, 0],
      ['c', 1, 1, 2, 0],
      ['d', 1, 1, 2, 0],
    ]);
  });
});

describe('places given by the server', () => {
  it('a seat placed last by the server (it forfeited) scores 0 whatever its score', () => {
    expect(placePoints({ scores: [30, 10, 20], winners: [0], places: [2, 0, 1] })).toEqual([0, 1, 0.5]);
  });
});
