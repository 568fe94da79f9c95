/**
 * What the tutorial's words say of its game (src/tutorial.ts; the registry's test plays every tutorial through the
 * rules): each round's score and the final one, the tallest building and the cities each seat holds at the end, and
 * the one lesson whose move the rules force.
 */
import { beginTutorial, currentLesson, tryLesson, type TutorialProgress } from '@skyline/engine';
import { manhattan, scoreBoard, tutorial, type ManhattanState } from '@skyline/manhattan';
import { describe, expect, it } from 'vitest';

/** Each lesson's progress, in order, and the progress after the last one. */
function walk(): { lessons: TutorialProgress[]; end: TutorialProgress } {
  const lessons: TutorialProgress[] = [];
  let progress = beginTutorial(manhattan, tutorial);
  for (let lesson = currentLesson(tutorial, progress); lesson; lesson = currentLesson(tutorial, progress)) {
    lessons.push(progress);
    const answer = tryLesson(manhattan, tutorial, progress, lesson.move);
    if (!answer.ok) throw new Error(answer.say);
    progress = answer.progress;
  }
  return { lessons, end: progress };
}

describe('Manhattan’s tutorial', () => {
  it('scores its rounds 13 to 6, 19 to 9, 23 to 14 and 33 to 12: the learner wins 88 to 41', () => {
    const state = walk().end.state as ManhattanState;
    expect(state.history).toEqual([
      [13, 6],
      [19, 9],
      [23, 14],
      [33, 12],
    ]);
    expect(manhattan.status(state)).toMatchObject({ over: true, scores: [88, 41], winners: [0] });
  });

  it('ends with the learner owning 20 buildings, five cities and the tallest building (16 floors in Sydney)', () => {
    const state = walk().end.state as ManhattanState;
    const round = scoreBoard(2, state.owners, state.heights);
    expect(round.buildings).toEqual([20, 10]);
    expect(round.majorities).toEqual([0, 0, 0, 1, 0, 0]);
    expect(round.tallest).toBe(0);
    expect(Math.max(...state.heights)).toBe(16);
    expect(state.heights[4 * 9 + 4]).toBe(16); // Sydney (city 5), lot 5
  });

  it('has 28 lessons, of which only the last round’s choice of pieces is forced', () => {
    const { lessons } = walk();
    expect(lessons).toHaveLength(28);
    const forced = lessons.flatMap((progress, index) =>
      manhattan.legalMoves(progress.state as ManhattanState, 0).length === 1 ? [index + 1] : [],
    );
    expect(forced).toEqual([22]);
  });
});
