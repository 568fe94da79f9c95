/**
 * The tutorial runner on the toy game (test/toy.ts): two seats add 1 or 2 in turns until the total reaches 6. The
 * script: the deal, the learner adds 2, the bot adds 2, the learner adds 2; the game is then over.
 */
import { describe, expect, it } from 'vitest';
import {
  beginTutorial,
  checkTutorial,
  currentLesson,
  lessonsOf,
  movesMatch,
  tryLesson,
  type Tutorial,
} from '../src/index.js';
import { toy, type ToyDeal, type ToyMove } from './toy.js';

const add = (n: number): ToyMove => ({ type: 'add', n });
const lesson = (key: string) => ({
  move: add(2),
  say: `toy.tut.${key}`,
  why: `toy.tut.${key}.why`,
  wrong: `toy.tut.${key}.wrong`,
  places: [],
});

function script(): Tutorial<ToyMove, ToyDeal> {
  return {
    game: 'toy',
    players: 2,
    options: {},
    learner: 0,
    intro: 'toy.tut.intro',
    done: 'toy.tut.done',
    steps: [
      { chance: { type: 'deal', cards: ['a', 'b'] } },
      { seat: 0, lesson: { ...lesson('first'), refusals: [{ when: { n: 1 }, say: 'toy.tut.first.one' }] } },
      { seat: 1, move: add(2) },
      { seat: 0, lesson: lesson('last') },
    ],
  };
}

describe('a tutorial', () => {
  it('plays the deal and stops at the first lesson', () => {
    const progress = beginTutorial(toy, script());
    expect(progress.log).toEqual([{ chance: { type: 'deal', cards: ['a', 'b'] } }]);
    expect(currentLesson(script(), progress)?.say).toBe('toy.tut.first');
  });

  it('refuses another move with its own refusal, and leaves the game where it was', () => {
    const tutorial = script();
    const progress = beginTutorial(toy, tutorial);
    const before = JSON.stringify(progress);
    expect(tryLesson(toy, tutorial, progress, add(1))).toEqual({ ok: false, say: 'toy.tut.first.one' });
    expect(JSON.stringify(progress)).toBe(before);
  });

  it('refuses a move no refusal names (an illegal one too) with the lesson’s wrong words', () => {
    const tutorial = script();
    const progress = beginTutorial(toy, tutorial);
    expect(tryLesson(toy, tutorial, progress, add(3))).toEqual({ ok: false, say: 'toy.tut.first.wrong' });
    expect(tryLesson(toy, tutorial, progress, { type: 'add', n: 2, extra: 1 })).toEqual({
      ok: false,
      say: 'toy.tut.first.wrong',
    });
    expect(tryLesson(toy, tutorial, progress, 'add')).toEqual({ ok: false, say: 'toy.tut.first.wrong' });
  });

  it('plays the lesson’s move and the bot’s after it, up to the next lesson, then to the end', () => {
    const tutorial = script();
    const first = beginTutorial(toy, tutorial);
    const second = tryLesson(toy, tutorial, first, add(2));
    if (!second.ok) throw new Error(second.say);
    expect(second.progress.log.slice(1)).toEqual([
      { seat: 0, move: add(2) },
      { seat: 1, move: add(2) },
    ]);
    expect(first.log).toHaveLength(1); // the earlier progress is untouched
    expect(currentLesson(tutorial, second.progress)?.say).toBe('toy.tut.last');
    const end = tryLesson(toy, tutorial, second.progress, add(2));
    if (!end.ok) throw new Error(end.say);
    expect(currentLesson(tutorial, end.progress)).toBeNull();
    expect(toy.status(end.progress.state as never).over).toBe(true);
    expect(tryLesson(toy, tutorial, end.progress, add(2))).toEqual({ ok: false, say: 'toy.tut.done' });
  });

  it('lists its lessons in order', () => {
    expect(lessonsOf(script()).map((each) => each.say)).toEqual(['toy.tut.first', 'toy.tut.last']);
  });
});

describe('checkTutorial', () => {
  it('passes a script that plays legally to the end', () => {
    expect(checkTutorial(toy, script())).toEqual([]);
  });

  it('fails a script whose game is not over after its last step', () => {
    const tutorial = script();
    const short = { ...tutorial, steps: tutorial.steps.slice(0, 3) };
    expect(checkTutorial(toy, short)).toEqual(['the game is not over after the last step']);
  });

  it('fails an illegal bot move', () => {
    const tutorial = script();
    const steps = [...tutorial.steps];
    steps[2] = { seat: 1, move: add(3) };
    expect(checkTutorial(toy, { ...tutorial, steps })).toEqual(['step 2: add 1 or 2']);
  });

  it('fails a move by a seat that is not awaited, and a learner’s move outside a lesson', () => {
    const tutorial = script();
    const wrongSeat = [...tutorial.steps];
    wrongSeat[2] = { seat: 0, lesson: lesson('again') };
    expect(checkTutorial(toy, { ...tutorial, steps: wrongSeat })[0]).toMatch(/^step 2: 0 moves, but \[1\]/);
    const learnerScripted = [...tutorial.steps];
    learnerScripted[1] = { seat: 0, move: add(2) };
    expect(checkTutorial(toy, { ...tutorial, steps: learnerScripted })[0]).toMatch(
      /learner moves only in lessons/,
    );
  });

  it('fails a refusal that names no other legal move', () => {
    const tutorial = script();
    const steps = [...tutorial.steps];
    steps[3] = {
      seat: 0,
      lesson: { ...lesson('last'), refusals: [{ when: { n: 3 }, say: 'toy.tut.never' }] },
    };
    expect(checkTutorial(toy, { ...tutorial, steps })).toEqual([
      'step 3: refusal {"n":3} matches no other legal move',
    ]);
  });

  it('fails a tutorial written for another game', () => {
    expect(checkTutorial(toy, { ...script(), game: 'nyny' })).toEqual([
      'the tutorial is for "nyny", not "toy"',
    ]);
  });
});

describe('movesMatch', () => {
  it('compares the pattern’s fields only, values as JSON', () => {
    expect(movesMatch({ type: 'add' }, add(1))).toBe(true);
    expect(movesMatch({ n: 2 }, add(1))).toBe(false);
    expect(movesMatch({ list: [1, 2] }, { list: [1, 2], more: 0 })).toBe(true);
    expect(movesMatch({ type: 'add' }, null)).toBe(false);
  });
});
