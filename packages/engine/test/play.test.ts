import { describe, expect, it } from 'vitest';
import { SeededRng, randomSteps } from '../src/index.js';
import { toy } from './toy.js';

describe('randomSteps', () => {
  it('plays at most the steps asked, and stops at the end of the game', () => {
    const state = toy.setup(2, {});
    expect(randomSteps(toy, state, new SeededRng(3), 2)).toBe(2);
    expect(state.step).toBe(2);
    const played = randomSteps(toy, state, new SeededRng(3), 1000);
    expect(played).toBeLessThan(1000);
    expect(toy.status(state).over).toBe(true);
    expect(state.step).toBe(2 + played);
  });
});
