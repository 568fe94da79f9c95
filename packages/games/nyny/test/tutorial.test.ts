/**
 * New York's tutorial ends as its texts say (`nyny.tut.done`): the learner's red 12 and 11 with the run's bonus of 3
 * (26) against blue 7 and 9, blue 8 covered by yellow 8 (16), counted by hand from the script in src/tutorial.ts.
 */
import {
  beginTutorial,
  currentLesson,
  lessonsOf,
  tryLesson,
  type AnyGame,
  type AnyTutorial,
} from '@skyline/engine';
import { describe, expect, it } from 'vitest';
import { nyny, tutorial, type NynyState } from '../src/index.js';

const game = nyny as AnyGame;
const script = tutorial as AnyTutorial;

describe('New York’s tutorial', () => {
  it('teaches in seven lessons, in one round', () => {
    expect(lessonsOf(tutorial)).toHaveLength(7);
    expect(tutorial.options.rounds).toBe(1);
  });

  it('ends 26 to 16, with red on 11 and 12 and blue on 7 and 9 under the learner’s yellow 8', () => {
    let progress = beginTutorial(game, script);
    for (let lesson = currentLesson(script, progress); lesson; lesson = currentLesson(script, progress)) {
      const answer = tryLesson(game, script, progress, lesson.move);
      if (!answer.ok) throw new Error(answer.say);
      progress = answer.progress;
    }
    const status = game.status(progress.state);
    expect(status.scores).toEqual([26, 16]);
    const tops = (progress.state as NynyState).skyline.map((stack) => stack.length);
    expect(tops).toEqual([0, 0, 0, 0, 0, 0, 1, 2, 1, 0, 1, 1]);
  });

  it('answers a pass tried too early with why passing waits', () => {
    const progress = beginTutorial(game, script);
    expect(tryLesson(game, script, progress, { type: 'pass' })).toEqual({
      ok: false,
      say: 'nyny.tut.notPassYet',
    });
    expect(tryLesson(game, script, progress, { type: 'play', tile: 'b3' })).toEqual({
      ok: false,
      say: 'nyny.tut.playHigh.wrong',
    });
  });
});
