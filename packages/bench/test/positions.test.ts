/** The positions the search's figures are measured from (`src/positions.ts`). */
import { nyny } from '@skyline/nyny';
import { describe, expect, it } from 'vitest';
import { midGame, searchPositions } from '../src/positions.js';

describe('positions for the search figures', () => {
  it('are positions of a seeded game where the seat has more than one move, the same ones for the same seed', () => {
    const found = searchPositions(nyny, 2, 2026);
    expect(found.length).toBeGreaterThan(10);
    for (const position of found) expect(position.moves.length).toBeGreaterThan(1);
    expect(JSON.stringify(searchPositions(nyny, 2, 2026))).toBe(JSON.stringify(found));
  });

  it('the mid-game position of the 4-seat game has a choice for the search, the same one each time', () => {
    const position = midGame(nyny);
    expect(position.moves.length).toBeGreaterThan(1);
    expect(JSON.stringify(midGame(nyny))).toBe(JSON.stringify(position));
  });
});
