import { describe, expect, it } from 'vitest';
import { SPECTATOR, viewBasics } from '../src/index.js';

describe('viewBasics', () => {
  it('shows the viewer, the players, the options and the step', () => {
    const state = { players: 3, options: { short: true }, step: 7, secret: 'deck' };
    expect(viewBasics(state, SPECTATOR)).toEqual({
      viewer: SPECTATOR,
      players: 3,
      options: { short: true },
      step: 7,
    });
  });

  it('copies the options, so that a change made to the view never reaches the state', () => {
    const state = { players: 2, options: { short: true }, step: 0 };
    const basics = viewBasics(state, 1);
    basics.options.short = false;
    expect(state.options.short).toBe(true);
  });
});
