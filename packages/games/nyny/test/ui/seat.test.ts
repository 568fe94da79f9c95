/**
 * New York's part of the seats' panels (`ui/seat.ts`): what a seat's panel says from a view, and that it says nothing
 * the view hides (the tiles of a hand dealt face down are a count; a simultaneous choice is only "has chosen").
 */
import { nyny } from '@skyline/nyny';
import { keysShown } from '@skyline/engine/testing';
import { describe, expect, it } from 'vitest';
import { nynySeat } from '../../ui/seat.js';
import type { T } from '../../ui/words.js';
import { CHANCE, lowTilesDeal, newGame, play, playTile, takeTile } from '../helpers.js';

/** The keys and parameters of the words chosen. */
const t: T = keysShown;

/** Seat 0 holds red 1-6, seat 1 blue 1-6, the pool yellow 1-6; seat 0 begins. */
const deal = lowTilesDeal(0);
const text = (facts: object) => JSON.stringify(facts);

describe("a New York seat's panel", () => {
  it("says the seat's colour by name, its score, and its hand as a count with the tiles it took face up", () => {
    const state = play(
      newGame(2, { colours: ['y', 'g'] }),
      [CHANCE, deal],
      [0, playTile('r4')],
      [0, takeTile('y3')],
    );
    const facts = nynySeat(nyny.view(state, 1), 0, t);
    expect(facts.colour).toBe('#e8b923');
    expect(facts.colourName).toBe('colour.y');
    // Played red 4 (one tile out), took yellow 3 (one in): still 6, and everyone saw which one came in.
    expect(facts.holds?.[0]?.value).toBe('6 · nyny.known(tiles=colour.y 3)');
    expect(facts.score).toBe(String(nyny.view(state, 1).scores[0]));
  });

  it("tells another seat nothing of a hand dealt face down: not one of seat 0's red tiles shows to seat 1", () => {
    const state = play(newGame(2, { colours: ['g', 'b'] }), [CHANCE, deal]);
    const seen = text(nynySeat(nyny.view(state, 1), 0, t));
    expect(seen).not.toMatch(/colour\.r/);
    expect(nynySeat(nyny.view(state, 1), 0, t).holds?.[0]?.value).toBe('6');
  });

  it('says only that a seat has chosen in the simultaneous variant, never which tile', () => {
    const state = play(
      newGame(2, { variant: 'simultaneous', colours: ['g', 'b'] }),
      [CHANCE, deal],
      [0, playTile('r4')],
    );
    const facts = nynySeat(nyny.view(state, 1), 0, t);
    expect(facts.state).toBe('table.chosen');
    expect(text(facts)).not.toMatch(/colour\.r|r4/);
    expect(nynySeat(nyny.view(state, 1), 1, t).state).toBe('table.notChosen');
  });
});
