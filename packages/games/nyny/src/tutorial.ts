/**
 * New York's tutorial (docs/tutorials.md): one round, two seats, red (the learner) against a bot playing blue, on a
 * deal written out tile by tile so that each lesson has something to show: a high tile of one's colour, a take that
 * builds a run, covering a run of the other colour with a neutral tile, a take that keeps a tile from the other, and
 * when to pass. The learner wins 26 to 16 (red 12 and 11 with their run's bonus of 3; blue 7 and 9, 8 covered).
 */
import { lessonWriter, type Tutorial } from '@skyline/engine';
import type { NynyDeal, NynyMove } from './moves.js';
import { TILE_IDS } from './tiles.js';

const LEARNER = 0;
const BOT = 1;

/** The deal: each seat's six tiles, the pool, then the deck (its first tiles refill the pool, the rest never shows). */
const HANDS_AND_POOL = [
  ...['r12', 'y8', 'b3', 'b5', 'g2', 'y4'], // the learner's hand
  ...['b8', 'b7', 'r2', 'r6', 'g3', 'y1'], // the bot's hand
  ...['r11', 'b9', 'y5', 'g12', 'y6', 'b10'], // the pool
  ...['g1', 'y2', 'g4', 'y3', 'g5', 'y7'], // the six tiles that refill the pool, none of them a threat
];
const ORDER = [...HANDS_AND_POOL, ...TILE_IDS.filter((id) => !HANDS_AND_POOL.includes(id))];

const play = (tile: string): NynyMove => ({ type: 'play', tile });
const take = (tile: string): NynyMove => ({ type: 'take', tile });
const PASS: NynyMove = { type: 'pass' };

const tile = (id: string) => `[data-tile="${id}"]`;
const position = (n: number) => `[data-testid="position-${n}"]`;
const NOT_PASS_YET = { when: { type: 'pass' }, say: 'nyny.tut.notPassYet' };

const lesson = lessonWriter<NynyMove>('nyny', LEARNER);

export const tutorial: Tutorial<NynyMove, NynyDeal> = {
  game: 'nyny',
  players: 2,
  options: { variant: 'classic', rounds: 1, bonus: true },
  learner: LEARNER,
  intro: 'nyny.tut.intro',
  done: 'nyny.tut.done',
  steps: [
    { chance: { type: 'deal', order: ORDER, first: BOT } },
    { seat: BOT, move: play('b8') },
    { seat: BOT, move: take('b9') },
    lesson('playHigh', play('r12'), [tile('r12'), position(12)], { refusals: [NOT_PASS_YET] }),
    lesson('takeNeighbour', take('r11'), [tile('r11')]),
    { seat: BOT, move: play('b9') },
    { seat: BOT, move: take('y6') },
    lesson('cover', play('y8'), [tile('y8'), position(8)], { refusals: [NOT_PASS_YET] }),
    lesson('deny', take('b10'), [tile('b10')]),
    { seat: BOT, move: play('b7') },
    { seat: BOT, move: take('y5') },
    lesson('run', play('r11'), [tile('r11'), position(11)], { refusals: [NOT_PASS_YET] }),
    lesson('protect', take('g12'), [tile('g12')]),
    { seat: BOT, move: PASS },
    lesson('pass', PASS, ['.nyny .pass'], {
      refusals: [
        { when: play('b10'), say: 'nyny.tut.pass.blue10' },
        { when: play('g12'), say: 'nyny.tut.pass.green12' },
      ],
    }),
  ],
};
