/**
 * The public status of a game (`publicStatusOf`), built in one place for the server's table pages
 * (`server/src/tables/views.ts`) and the replay page (`web/src/replay-engine.ts`).
 */
import { statusWithEndings, type Status } from '@skyline/engine';
import { describe, expect, it } from 'vitest';
import { publicStatusOf } from '../src/index.js';

const playing: Status = { over: false, active: [1], scores: [3, 5], winners: [] };
const finished: Status = { over: true, active: [], scores: [7, 5], winners: [0] };

describe('publicStatusOf', () => {
  it('says whose turn it is, and no scores while the game is played (each view tells what its seat may know)', () => {
    expect(publicStatusOf(statusWithEndings(playing, { resigned: [], closed: null }))).toEqual({
      over: false,
      active: [1],
      winners: [],
      scores: null,
    });
  });

  it('gives the scores and the winners once the game is over', () => {
    expect(publicStatusOf(statusWithEndings(finished, { resigned: [], closed: null }))).toEqual({
      over: true,
      active: [],
      winners: [0],
      scores: [7, 5],
    });
  });

  it('marks the seats that resigned (placed last), and only when some did', () => {
    const status = publicStatusOf(statusWithEndings(finished, { resigned: [0], closed: 'resigned' }));
    expect(status).toEqual({ over: true, active: [], winners: [1], scores: [7, 5], resigned: [0] });
    expect(publicStatusOf({ ...finished, resigned: [] })).not.toHaveProperty('resigned');
  });

  it('says a game was stopped or aborted', () => {
    expect(publicStatusOf(statusWithEndings(playing, { resigned: [], closed: 'stopped' }))).toEqual({
      over: true,
      active: [],
      winners: [],
      scores: [3, 5],
      stopped: true,
    });
    expect(publicStatusOf(statusWithEndings(playing, { resigned: [], closed: 'aborted' }))).toMatchObject({
      over: true,
      aborted: true,
    });
  });

  it('offers /abort only when the server says the opening is still being played', () => {
    expect(publicStatusOf(playing, true)).toMatchObject({ abortable: true });
    expect(publicStatusOf(playing)).not.toHaveProperty('abortable');
  });
});
