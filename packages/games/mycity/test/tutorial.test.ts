/**
 * What My City's tutorial says, checked against the rules (the registry's test plays every tutorial through and checks
 * that the learner wins; this one checks the numbers the coach gives): the final 14 to −9 and its parts, the squares
 * still showing at the pass, that nothing left fits at the stop, that each lesson's build covers no tree, and that
 * every other build over a tree is answered by the tree's worth.
 */
import {
  beginTutorial,
  currentLesson,
  lessonsOf,
  refusalOf,
  tryLesson,
  type TutorialProgress,
} from '@skyline/engine';
import {
  BUILDING_IDS,
  COLS,
  TERRAIN,
  buildingOf,
  mycity,
  scoreCity,
  tutorial,
  visible,
  type Building,
  type MyCityMove,
  type MyCityState,
} from '@skyline/mycity';
import { describe, expect, it } from 'vitest';

/** Each lesson's progress, in order, and the progress after the last one. */
function walk(): { lessons: TutorialProgress[]; end: TutorialProgress } {
  const lessons: TutorialProgress[] = [];
  let progress = beginTutorial(mycity, tutorial);
  for (let lesson = currentLesson(tutorial, progress); lesson; lesson = currentLesson(tutorial, progress)) {
    lessons.push(progress);
    const answer = tryLesson(mycity, tutorial, progress, lesson.move);
    if (!answer.ok) throw new Error(answer.say);
    progress = answer.progress;
  }
  return { lessons, end: progress };
}

const stateOf = (progress: TutorialProgress) => progress.state as MyCityState;
const lessonMove = (progress: TutorialProgress) => currentLesson(tutorial, progress)?.move as MyCityMove;

describe('My City’s tutorial', () => {
  const { lessons, end } = walk();

  it('has 17 lessons: 15 builds, a pass, then the stop', () => {
    expect(lessonsOf(tutorial)).toHaveLength(17);
    expect(lessons.map((progress) => lessonMove(progress).type)).toEqual([
      ...new Array<string>(11).fill('build'),
      'pass',
      ...new Array<string>(4).fill('build'),
      'stop',
    ]);
  });

  it('ends 14 to −9: 9 + 10 − 0 − 5 for the learner, 10 + 9 − 1 − 27 for the bot', () => {
    const state = stateOf(end);
    const status = mycity.status(stateOf(end));
    expect(status.over).toBe(true);
    expect(status.scores).toEqual([14, -9]);
    expect(state.markers).toEqual([9, 10]);
    expect(visible(state.boards[0] as Building[])).toEqual({ trees: 10, rocks: 0, emptyGrass: 5 });
    expect(visible(state.boards[1] as Building[])).toEqual({ trees: 9, rocks: 1, emptyGrass: 27 });
    expect(state.placed.map((placed) => placed.length)).toEqual([15, 10]);
  });

  it('passes on a card that fits nowhere, with 20 grass squares and 2 rocks still showing, the bot stopped', () => {
    const at = lessons[11] as TutorialProgress;
    const state = stateOf(at);
    expect(mycity.legalMoves(state, 0)).toEqual([{ type: 'pass' }, { type: 'stop' }]);
    const view = mycity.view(state, 0);
    const city = scoreCity(view.boards[0] ?? [], 10);
    expect([city.empty, city.rocks]).toEqual([20, 2]);
    expect(state.stopped).toEqual([false, true]);
  });

  it('stops when neither the card shown nor any of the 7 cards not yet shown fits anywhere', () => {
    const at = lessons[16] as TutorialProgress;
    const state = stateOf(at);
    const shown = state.deck.slice(0, state.card + 1).map((b) => BUILDING_IDS[b]);
    const left = BUILDING_IDS.filter((id) => !shown.includes(id));
    expect(left).toHaveLength(7);
    for (const id of [BUILDING_IDS[state.deck[state.card] as Building] as string, ...left]) {
      const building = buildingOf(id) as Building;
      const copy = mycity.clone(state);
      copy.deck[copy.card] = building; // the same board, that building shown
      expect(
        mycity.legalMoves(copy, 0).filter((move) => move.type === 'build'),
        id,
      ).toEqual([]);
    }
  });

  it('never builds over a tree, and answers every other build over a tree with its worth', () => {
    for (const progress of lessons) {
      const move = lessonMove(progress);
      if (move.type !== 'build') continue;
      expect(move.cells.some(([r, c]) => TERRAIN[r * COLS + c] === 'T')).toBe(false);
      const lesson = currentLesson(tutorial, progress);
      if (!lesson) throw new Error('no lesson');
      const overTrees = mycity
        .legalMoves(stateOf(progress), 0)
        .filter(
          (other) => other.type === 'build' && other.cells.some(([r, c]) => TERRAIN[r * COLS + c] === 'T'),
        );
      for (const other of overTrees) expect(refusalOf(lesson, other)).toBe('mycity.tut.coversTree');
    }
  });
});
