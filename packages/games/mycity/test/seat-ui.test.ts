/**
 * My City's part of the seats' panels (`ui/seat.ts`): a seat's state, score and the parts of its score from a view,
 * and nothing the view hides (a choice not yet revealed is "has chosen", never which building or where, nor a pass).
 */
import { mycity } from '@skyline/mycity';
import { describe, expect, it } from 'vitest';
import { mycitySeat } from '../ui/seat.js';
import type { T } from '../ui/words.js';
import { CHANCE, PASS, STOP, build, dealOf, newGame, play } from './helpers.js';

const t: T = (key) => key;
const Y3 = build([3, 3], [3, 4], [4, 3], [4, 4]);

describe("a My City seat's panel", () => {
  const state = play(newGame(3), [CHANCE, dealOf('y3', 'y1')], [0, Y3], [1, PASS]);

  it('says who has chosen, who is still choosing, and nothing of what was chosen', () => {
    const view = mycity.view(state, 2);
    const panels = [0, 1, 2].map((seat) => mycitySeat(view, seat, t));
    expect(panels.map((facts) => facts.state)).toEqual(['table.chosen', 'table.chosen', 'table.notChosen']);
    // Seat 1 passed (its marker goes down once revealed): until then its panel reads like seat 0's, who built.
    expect(JSON.stringify(panels[1])).toBe(JSON.stringify(panels[0]));
  });

  it('gives the score and its parts, which add up to it (marker + trees − rocks − empty grass)', () => {
    const facts = mycitySeat(mycity.view(state, 2), 0, t);
    // Nothing built yet: the starting marker 10 and the view's score −59 (as the views test checks).
    expect(facts.score).toBe('-59');
    const parts = Object.fromEntries(
      (facts.holds ?? []).map((h) => [h.label, Number(h.value.replace('−', '-'))]),
    );
    expect(parts['mycity.marker']).toBe(10);
    expect(
      parts['mycity.marker']! + parts['mycity.trees']! + parts['mycity.rocks']! + parts['mycity.empty']!,
    ).toBe(-59);
  });

  it('says a seat has stopped for the episode once the stop is revealed, and only "has chosen" before', () => {
    const chosen = play(newGame(3), [CHANCE, dealOf('y3', 'y1')], [0, STOP]);
    expect(mycitySeat(mycity.view(chosen, 1), 0, t).state).toBe('table.chosen');
    const revealed = play(chosen, [1, PASS], [2, PASS]);
    expect(mycitySeat(mycity.view(revealed, 1), 0, t).state).toBe('mycity.stopped');
  });
});
