/**
 * Manhattan's tutorial (docs/tutorials.md): the shortest game the options allow (4 rounds of 6 pieces), two seats,
 * the learner (seat 0, who starts) against a bot, on a deal written out card by card. Cards are read as printed (the
 * `perspective` option is off): card n means lot n of the 3×3 square, in whichever of the six cities one chooses.
 * The lessons show how a card picks the lot, choosing the round's pieces, the tallest building and its tie, a city's
 * majority, taking a building over by reaching its owner's floors (its top piece makes its owner) and a tower no
 * piece can take any more. Each round is scored: 13 to 6, 19 to 9, 23 to 14, 33 to 12; the learner wins 88 to 41.
 */
import { lessonWriter, type Tutorial } from '@skyline/engine';
import type { ManhattanChance, ManhattanMove } from './moves.js';

const LEARNER = 0;
const BOT = 1;

/**
 * The deal: the learner's four cards, the bot's four, then the draw pile, in the order it is drawn (the 45 cards:
 * five of each number). Each hand holds the cards of its next four builds.
 */
const ORDER = [
  ...[4, 3, 2, 7], // the learner's hand
  ...[1, 2, 9, 4], // the bot's hand
  ...[
    4, 8, 6, 6, 5, 5, 4, 4, 6, 3, 6, 7, 7, 2, 3, 9, 7, 1, 5, 6, 7, 5, 1, 8, 5, 1, 2, 3, 8, 8, 3, 9, 9, 9, 1,
    2, 8,
  ],
];

/** The discard pile (the 38 cards played), shuffled into a new draw pile when the first one runs out in round 4. */
const RESHUFFLED = [
  1, 1, 9, 5, 1, 6, 2, 7, 3, 8, 4, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8,
  8, 9,
];

const select = (...pieces: number[]): ManhattanMove => ({ type: 'select', pieces });
const build = (card: number, city: number, piece: number): ManhattanMove => ({
  type: 'build',
  card,
  city,
  piece,
});

/** Where a build is made on the board: its card in the hand, its piece, and its lot (card n: lot n, as printed). */
const at = (card: number, city: number, piece: number): string[] => [
  `[data-testid="card"][data-card="${card}"]`,
  `[data-testid="piece"][data-floors="${piece}"]`,
  `[data-lot-key="${city}:${card}"]`,
];
/** The choice of the round's pieces. */
const CHOOSE = ['.select-pieces'];

const lesson = lessonWriter<ManhattanMove>('manhattan', LEARNER);

export const tutorial: Tutorial<ManhattanMove, ManhattanChance> = {
  game: 'manhattan',
  players: 2,
  options: { sixrounds: false, perspective: false },
  learner: LEARNER,
  intro: 'manhattan.tut.intro',
  done: 'manhattan.tut.done',
  steps: [
    { chance: { type: 'deal', order: ORDER, first: LEARNER } },
    // Round 1: the learner starts.
    lesson('pieces', select(1, 1, 1, 1, 2, 4), CHOOSE),
    { seat: BOT, move: select(1, 1, 1, 1, 2, 2) },
    lesson('tallest', build(4, 1, 4), at(4, 1, 4), {
      refusals: [{ when: { piece: 4 }, say: 'manhattan.tut.tallest.where' }],
    }),
    { seat: BOT, move: build(1, 1, 1) },
    lesson('majority', build(3, 1, 1), at(3, 1, 1)),
    { seat: BOT, move: build(2, 2, 2) },
    lesson('takeOver', build(2, 2, 2), at(2, 2, 2), {
      refusals: [{ when: { card: 2, piece: 2 }, say: 'manhattan.tut.takeOver.new' }],
    }),
    { seat: BOT, move: build(9, 1, 1) },
    lesson('majorityBack', build(7, 1, 1), at(7, 1, 1)),
    { seat: BOT, move: build(4, 3, 1) },
    lesson('takeSmall', build(4, 3, 1), at(4, 3, 1)),
    { seat: BOT, move: build(8, 3, 2) },
    lesson('lead', build(6, 2, 1), at(6, 2, 1)),
    { seat: BOT, move: build(6, 4, 1) },
    // Round 2: the bot starts.
    { seat: BOT, move: select(1, 1, 1, 1, 2, 4) },
    lesson('pieces2', select(1, 1, 1, 2, 3, 4), CHOOSE),
    { seat: BOT, move: build(5, 5, 4) },
    lesson('topTower', build(5, 5, 4), at(5, 5, 4)),
    { seat: BOT, move: build(4, 3, 1) },
    lesson('floorsCount', build(4, 3, 1), at(4, 3, 1)),
    { seat: BOT, move: build(3, 4, 1) },
    lesson('saoPaulo', build(6, 3, 1), at(6, 3, 1)),
    { seat: BOT, move: build(7, 5, 1) },
    lesson('tie', build(6, 4, 1), at(6, 4, 1)),
    { seat: BOT, move: build(7, 6, 1) },
    lesson('guard', build(2, 2, 3), at(2, 2, 3)),
    { seat: BOT, move: build(3, 6, 2) },
    lesson('cairo', build(9, 6, 2), at(9, 6, 2)),
    // Round 3: the learner starts.
    lesson('pieces3', select(1, 1, 2, 2, 3, 4), CHOOSE),
    { seat: BOT, move: select(1, 2, 3, 3, 4, 4) },
    lesson('manhattan', build(1, 1, 1), at(1, 1, 1)),
    { seat: BOT, move: build(7, 4, 4) },
    lesson('tieCairo', build(6, 6, 2), at(6, 6, 2)),
    { seat: BOT, move: build(5, 5, 1) },
    lesson('retake', build(5, 5, 3), at(5, 5, 3)),
    { seat: BOT, move: build(7, 4, 3) },
    lesson('frankfurt', build(8, 2, 2), at(8, 2, 2)),
    { seat: BOT, move: build(1, 6, 2) },
    lesson('safe', build(5, 5, 4), at(5, 5, 4)),
    { seat: BOT, move: build(1, 4, 3) },
    lesson('keep', build(2, 3, 1), at(2, 3, 1)),
    { seat: BOT, move: build(3, 3, 4) },
    // Round 4: the bot starts; each seat's last six pieces are all its reserve holds.
    { seat: BOT, move: select(1, 1, 2, 2, 3, 3) },
    lesson('lastPieces', select(1, 1, 2, 2, 3, 3), CHOOSE),
    { seat: BOT, move: build(8, 1, 2) },
    lesson('take2', build(8, 1, 2), at(8, 1, 2)),
    { chance: { type: 'shuffle', order: RESHUFFLED } },
    { seat: BOT, move: build(9, 2, 1) },
    lesson('cairoBack', build(3, 6, 2), at(3, 6, 2)),
    { seat: BOT, move: build(9, 5, 1) },
    lesson('sydney', build(9, 5, 1), at(9, 5, 1)),
    { seat: BOT, move: build(2, 4, 2) },
    lesson('hongKong', build(1, 4, 3), at(1, 4, 3)),
    { seat: BOT, move: build(8, 6, 3) },
    lesson('cairoAgain', build(1, 6, 3), at(1, 6, 3)),
    { seat: BOT, move: build(1, 2, 3) },
    lesson('last', build(9, 2, 1), at(9, 2, 1)),
  ],
};
