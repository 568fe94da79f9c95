/**
 * My City's tutorial (docs/tutorials.md): one episode, two seats, the learner (seat 0) against a bot, on a deck
 * written out card by card. Each of the learner's turns is a lesson: the first building by the river, the next ones
 * touching it (beside it, or facing it across the river), covering grass and rocks while the trees stay visible, a
 * pass when a card fits nowhere, and the stop once nothing left fits. The learner builds on 15 of the 17 cards: 9
 * (one pass) + 10 trees − 0 rocks − 5 empty grass squares = 14; the bot stops after 10 buildings: 10 + 9 − 1 − 27 = −9.
 *
 * Every build the learner could make instead that covers a tree is answered by the tree's worth (`coversTree`),
 * worked out from the rules as the script is played through (`withTreeRefusals`).
 */
import {
  CHANCE,
  lessonWriter,
  type Lesson,
  type Refusal,
  type Tutorial,
  type TutorialStep,
} from '@skyline/engine';
import { TERRAIN } from './board.js';
import type { MyCityDeal, MyCityMove } from './moves.js';
import { apply, legalPlacements } from './rules.js';
import { setup } from './state.js';

const LEARNER = 0;
const BOT = 1;

/** The deck, in the order its cards are revealed: the learner stops on `y8`; the cards after it never show. */
const DECK = [
  ...['r7', 'r2', 'b8', 'r3', 'b3', 'b2', 'b6', 'r5', 'b1', 'r6', 'b4', 'b7', 'r8', 'r4', 'y2', 'y6', 'y8'],
  ...['b5', 'y7', 'y4', 'y5', 'y3', 'r1', 'y1'],
];

type Cells = [number, number][];
/** Squares written `'row,col row,col …'` (from 0, in reading order, as the rules list a build's squares). */
const cellsOf = (text: string): Cells =>
  text.split(' ').map((pair) => pair.split(',').map(Number) as [number, number]);
const build = (cells: Cells): MyCityMove => ({ type: 'build', cells });
const PASS: MyCityMove = { type: 'pass' };
const STOP: MyCityMove = { type: 'stop' };

/** The squares of the learner's own board (its terrain's `data-square`, `ui/Board.tsx`), `[row, col]` from 0. */
const squares = (cells: Cells) =>
  cells.map(([r, c]) => `[data-testid="mycity-board"] [data-square="${r}-${c}"]`);

const lesson = lessonWriter<MyCityMove>('mycity', LEARNER);

const NOT_PASS: Refusal = { when: PASS, say: 'mycity.tut.notPass' };
const NOT_STOP: Refusal = { when: STOP, say: 'mycity.tut.notStop' };

/** The lesson of a build (`key`: its words, `mycity.tut.<key>`), pointing at its squares. */
const builds = (key: string, text: string): TutorialStep<MyCityMove, MyCityDeal> => {
  const cells = cellsOf(text);
  // Every build lesson answers another build with the same words.
  return lesson(key, build(cells), squares(cells), {
    wrong: 'mycity.tut.wrong',
    refusals: [NOT_PASS, NOT_STOP],
  });
};

const bot = (move: MyCityMove | string): TutorialStep<MyCityMove, MyCityDeal> => ({
  seat: BOT,
  move: typeof move === 'string' ? build(cellsOf(move)) : move,
});

const STEPS: TutorialStep<MyCityMove, MyCityDeal>[] = [
  { chance: { type: 'deal', order: DECK } },
  // r7
  bot('8,5 8,6 9,3 9,4 9,5'),
  builds('river', '0,3 1,3 1,4 2,4 3,4'),
  // r2
  bot('7,9 8,8 8,9 9,8 9,9'),
  builds('touch', '2,3 3,2 3,3 4,2 4,3'),
  // b8
  bot('7,2 7,3 7,4 7,5 8,3 8,4'),
  builds('across', '2,7 3,6 3,7 4,6 4,7 5,7'),
  // r3
  bot('5,9 5,11 6,9 6,10 6,11'),
  builds('aroundTree', '0,7 0,8 0,9 1,7 1,9'),
  // b3
  bot('3,7 4,6 4,7 4,8 5,7'),
  builds('b3', '3,9 4,8 4,9 4,10 5,9'),
  // b2
  bot('4,1 5,1 5,2 6,2 6,3'),
  builds('twoRocks', '5,2 6,2 6,3 7,3 7,4'),
  // b6
  bot('2,9 2,10 3,9 3,10 4,9 4,10'),
  builds('b6', '8,2 8,3 8,4 9,2 9,3 9,4'),
  // r5
  bot('3,0 3,1 3,2 4,0 5,0'),
  builds('r5', '4,11 5,11 6,9 6,10 6,11'),
  // b1
  bot('1,2 1,3 2,3 3,3 4,3'),
  builds('b1', '4,1 5,1 6,1 7,1 7,2'),
  // r6
  bot('0,8 1,8 1,9 2,7 2,8'),
  builds('r6', '7,9 8,9 8,10 9,8 9,9'),
  // b4 (the bot stops, its city left with many empty squares)
  bot(STOP),
  builds('b4', '6,4 6,5 7,5 8,5 8,6'),
  // b7 fits nowhere
  lesson('pass', PASS, ['[data-testid="pass"]']),
  builds('r8', '5,8 6,7 6,8 7,8 8,8'),
  builds('r4', '1,10 2,8 2,9 2,10 3,10'),
  builds('y2', '0,2 1,1 1,2'),
  builds('y6', '2,1 3,0 3,1 4,0'),
  // y8 fits nowhere, nor does any card left in the deck
  lesson('stop', STOP, ['[data-testid="stop"]']),
];

const TREE = 'mycity.tut.coversTree';

/**
 * The script with, at each build lesson, a refusal for every other build the learner could make that covers a tree:
 * the lesson's own build never does. Played through the rules once, when the module is loaded.
 */
function withTreeRefusals(
  steps: readonly TutorialStep<MyCityMove, MyCityDeal>[],
): TutorialStep<MyCityMove, MyCityDeal>[] {
  const state = setup(2, { episodes: 1 });
  return steps.map((step) => {
    let out = step;
    if ('lesson' in step && step.lesson.move.type === 'build') {
      const taught: Lesson<MyCityMove> = step.lesson;
      const trees = legalPlacements(state, LEARNER)
        .filter((p) => p.squares.some((sq) => TERRAIN[sq] === 'T'))
        .map((p): Refusal => ({ when: { type: 'build', cells: p.move.cells }, say: TREE }));
      out = { ...step, lesson: { ...taught, refusals: [...(taught.refusals ?? []), ...trees] } };
    }
    const move = 'chance' in step ? step.chance : 'lesson' in step ? step.lesson.move : step.move;
    state.step++; // as the engine counts a move before its rules apply it (`defineGame`)
    apply(state, 'chance' in step ? CHANCE : step.seat, move);
    return out;
  });
}

export const tutorial: Tutorial<MyCityMove, MyCityDeal> = {
  game: 'mycity',
  players: 2,
  options: { episodes: 1 },
  learner: LEARNER,
  intro: 'mycity.tut.intro',
  done: 'mycity.tut.done',
  steps: withTreeRefusals(STEPS),
};
