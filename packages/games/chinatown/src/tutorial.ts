/**
 * Chinatown's tutorial (docs/tutorials.md): a whole game of 6 years, the fewest seats the rules allow (3: the learner
 * against two bots), without the economy cards (as the later editions play it), on a deal written out card by card
 * and tile by tile. The learner builds in block 4, then block 5; bot 1 in blocks 6 and 2, bot 2 in blocks 3 and 1.
 *
 * The lessons: which lot cards to keep (lots that touch each other, or touch one's shops), tiles of one kind side by
 * side to grow a shop, a complete shop earning more, a trade that completes a shop for both sides (one offered, one
 * accepted), the income of each year, and a tile left in hand when no lot is free for it. The learner wins
 * $168,000 to $145,000 and $121,000.
 */
import { lessonWriter, type Tutorial } from '@skyline/engine';
import { KIND_IDS, KIND_TILES, LOT_COUNT } from './data.js';
import type { ChinatownChance, ChinatownMove } from './moves.js';

const LEARNER = 0;
const BOT1 = 1;
const BOT2 = 2;

/** One year of the deal: each seat's lot cards (the learner's, bot 1's, bot 2's) and shop tiles, as drawn. */
interface Year {
  cards: [number[], number[], number[]];
  tiles: [string[], string[], string[]];
}

/**
 * The deal, year by year. Each seat keeps all its lot cards but two, which go back to the deck: lots none of the
 * seats ever settles (11 to 15, 26, 27, 68 to 70), so that they come round again.
 */
const YEARS: readonly Year[] = [
  {
    cards: [
      [43, 44, 45, 47, 48, 13, 70],
      [71, 72, 73, 75, 76, 26, 27],
      [28, 29, 31, 32, 34, 11, 12],
    ],
    tiles: [
      ['seafood', 'seafood', 'pharmacy', 'restaurant', 'restaurant', 'radio', 'agency'],
      ['pharmacy', 'pharmacy', 'seafood', 'teahouse', 'teahouse', 'hardware', 'watchmaker'],
      ['teahouse', 'sports', 'sports', 'antiques', 'antiques', 'watchmaker', 'tailor'],
    ],
  },
  {
    cards: [
      [46, 49, 50, 54, 14, 68],
      [74, 77, 78, 16, 13, 27],
      [30, 33, 35, 36, 15, 26],
    ],
    tiles: [
      ['restaurant', 'teahouse', 'drycleaner', 'drycleaner'],
      ['restaurant', 'watchmaker', 'hardware', 'tailor'],
      ['sports', 'antiques', 'agency', 'seafood'],
    ],
  },
  {
    cards: [
      [53, 56, 59, 60, 11, 69],
      [79, 80, 17, 18, 12, 26],
      [37, 38, 1, 2, 14, 70],
    ],
    tiles: [
      ['drycleaner', 'drycleaner', 'radio', 'radio'],
      ['tailor', 'tailor', 'hardware', 'watchmaker'],
      ['seafood', 'pharmacy', 'agency', 'antiques'],
    ],
  },
  {
    cards: [
      [61, 62, 63, 64, 12, 27],
      [81, 82, 19, 20, 11, 15],
      [39, 40, 3, 4, 13, 68],
    ],
    tiles: [
      ['radio', 'radio', 'radio', 'antiques'],
      ['tailor', 'watchmaker', 'watchmaker', 'hardware'],
      ['drycleaner', 'restaurant', 'agency', 'antiques'],
    ],
  },
  {
    cards: [
      [51, 52, 55, 57, 13, 26],
      [83, 84, 21, 22, 14, 69],
      [41, 42, 5, 6, 15, 70],
    ],
    tiles: [
      ['antiques', 'antiques', 'sports', 'sports'],
      ['tailor', 'watchmaker', 'hardware', 'agency'],
      ['drycleaner', 'restaurant', 'agency', 'pharmacy'],
    ],
  },
  {
    cards: [
      [58, 65, 66, 67, 14, 68],
      [85, 23, 24, 25, 11, 27],
      [7, 8, 9, 10, 12, 69],
    ],
    tiles: [
      ['sports', 'agency', 'hardware', 'tailor'],
      ['watchmaker', 'hardware', 'agency', 'radio'],
      ['watchmaker', 'agency', 'tailor', 'radio'],
    ],
  },
];

/** The lots each seat settles in `year` (0-based): its cards but the last two. */
const kept = (year: number, seat: number): number[] => {
  const cards = (YEARS[year] as Year).cards[seat] as number[];
  return cards.slice(0, -2).sort((a, b) => a - b);
};

/** The lot deck at the start of `year`: that year's cards in drawing order, then every other lot not yet settled. */
function lotDeck(year: number): number[] {
  const settled = new Set<number>();
  for (let before = 0; before < year; before++)
    for (const seat of [0, 1, 2]) kept(before, seat).forEach((lot) => settled.add(lot));
  const drawn = (YEARS[year] as Year).cards.flat();
  const rest = Array.from({ length: LOT_COUNT }, (_, k) => k + 1).filter(
    (lot) => !settled.has(lot) && !drawn.includes(lot),
  );
  return [...drawn, ...rest];
}

/** The shop tiles in drawing order: every year's, seat by seat, then the ones never drawn. */
function shopOrder(): string[] {
  const drawn = YEARS.flatMap((year) => year.tiles.flat());
  const rest = KIND_IDS.flatMap((id, kind) =>
    new Array<string>((KIND_TILES[kind] as number) - drawn.filter((tile) => tile === id).length).fill(id),
  );
  return [...drawn, ...rest];
}

/** Year `year`'s first step: the setup (year 0) or the shuffle of the cards sent back, which deals that year's. */
const deal = (year: number): { chance: ChinatownChance } =>
  year === 0
    ? { chance: { type: 'setup', lots: lotDeck(0), shops: shopOrder(), start: 0 } }
    : { chance: { type: 'shuffleLots', order: lotDeck(year) } };

/** After the last year's settling, the cards sent back are shuffled once more (in plain order: none is drawn again). */
const LAST_SHUFFLE: { chance: ChinatownChance } = {
  chance: {
    type: 'shuffleLots',
    order: Array.from({ length: LOT_COUNT }, (_, k) => k + 1).filter(
      (lot) => !YEARS.some((_, year) => [0, 1, 2].some((seat) => kept(year, seat).includes(lot))),
    ),
  },
};

const settle = (year: number, seat: number): ChinatownMove => ({ type: 'settle', lots: kept(year, seat) });
const place = (lot: number, shop: string): ChinatownMove => ({ type: 'place', lot, shop });
const READY: ChinatownMove = { type: 'ready' };
const DONE: ChinatownMove = { type: 'done' };

/** A bot's moves: its settling, or its placements then Done. */
const bot = (seat: number, ...moves: ChinatownMove[]) => moves.map((move) => ({ seat, move }));
const botPlaces = (seat: number, placements: [number, string][]) =>
  bot(seat, ...placements.map(([lot, shop]) => place(lot, shop)), DONE);

const lotAt = (lot: number) => `[data-lot="${lot}"]`;
const tileOf = (kind: string) => `[data-testid="tile"][data-kind="${kind}"]`;

const lesson = lessonWriter<ChinatownMove>('chinatown', LEARNER);

/** The settling of `year`: its cards, outlined on the map and in the hand, and the Settle button. */
const settleLesson = (key: string, year: number) =>
  lesson(key, settle(year, LEARNER), [
    ...kept(year, LEARNER).flatMap((lot) => [lotAt(lot), `[data-card="${lot}"]`]),
    '[data-testid="settle"]',
  ]);

/** A tile placed: the tile in the hand and the lot. Its wrong choice is answered with the same words each time. */
const placeLesson = (key: string, lot: number, shop: string) =>
  lesson(key, place(lot, shop), [tileOf(shop), lotAt(lot)], { wrong: 'chinatown.tut.place.wrong' });

const NOT_DONE_YET = { when: DONE, say: 'chinatown.tut.notDoneYet' };
const placeMore = (key: string, lot: number, shop: string) => ({
  ...placeLesson(key, lot, shop),
  lesson: { ...placeLesson(key, lot, shop).lesson, refusals: [NOT_DONE_YET] },
});

const READY_PLACE = ['[data-testid="ready"]'];
const DONE_PLACE = ['[data-testid="done"]'];
/** Done, once every lot of the learner's is built: the rules leave no other move, the lesson says the year's income. */
const doneLesson = (key: string) => lesson(key, DONE, DONE_PLACE, { wrong: 'chinatown.tut.done.wrong' });

/** The offer the learner makes in year 1: its pharmacy for bot 1's seafood. */
const OFFER: ChinatownMove = {
  type: 'offer',
  to: BOT1,
  give: { shops: { pharmacy: 1 } },
  get: { shops: { seafood: 1 } },
};
/** The offer bot 1 makes in year 2 (offer number 2): its restaurant for the learner's tea house. */
const BOT_OFFER: ChinatownMove = {
  type: 'offer',
  to: LEARNER,
  give: { shops: { restaurant: 1 } },
  get: { shops: { teahouse: 1 } },
};

export const tutorial: Tutorial<ChinatownMove, ChinatownChance> = {
  game: 'chinatown',
  players: 3,
  options: {
    economy: false,
    streetAccess: false,
    keepLotCards: false,
    drawMax: false,
    sequentialPlacement: false,
  },
  learner: LEARNER,
  intro: 'chinatown.tut.intro',
  done: 'chinatown.tut.done',
  steps: [
    // Year 1.
    deal(0),
    ...bot(BOT1, settle(0, BOT1)),
    ...bot(BOT2, settle(0, BOT2)),
    settleLesson('settle1', 0),
    deal(1), // the cards sent back are shuffled into the deck; the shop tiles are drawn
    ...bot(BOT2, READY),
    lesson(
      'offer',
      OFFER,
      [
        '[data-testid="offer-to"]',
        '[data-testid="give-tile"][data-kind="pharmacy"]',
        '[data-testid="get-tile"][data-kind="seafood"]',
        '[data-testid="send-offer"]',
      ],
      { refusals: [{ when: READY, say: 'chinatown.tut.offer.notReady' }] },
    ),
    ...bot(BOT1, { type: 'accept', offer: 1 }, READY),
    lesson('ready1', READY, READY_PLACE),
    ...botPlaces(BOT1, [
      [71, 'pharmacy'],
      [72, 'pharmacy'],
      [75, 'pharmacy'],
      [73, 'hardware'],
      [76, 'watchmaker'],
    ]),
    ...botPlaces(BOT2, [
      [28, 'sports'],
      [29, 'sports'],
      [31, 'antiques'],
      [32, 'antiques'],
      [34, 'teahouse'],
    ]),
    placeMore('seafood1', 43, 'seafood'),
    placeMore('seafood2', 47, 'seafood'),
    placeMore('seafood3', 48, 'seafood'),
    placeMore('restaurant1', 44, 'restaurant'),
    placeMore('restaurant2', 45, 'restaurant'),
    doneLesson('done1'),

    // Year 2.
    ...bot(BOT1, settle(1, BOT1)),
    ...bot(BOT2, settle(1, BOT2)),
    settleLesson('settle2', 1),
    deal(2),
    ...bot(BOT2, READY),
    ...bot(BOT1, BOT_OFFER),
    lesson('accept', { type: 'accept', offer: 2 }, ['[data-testid="incoming-2"] [data-testid="accept"]'], {
      refusals: [
        { when: READY, say: 'chinatown.tut.accept.notReady' },
        { when: { type: 'decline', offer: 2 }, say: 'chinatown.tut.accept.decline' },
      ],
    }),
    ...bot(BOT1, READY),
    lesson('ready2', READY, READY_PLACE),
    ...botPlaces(BOT1, [
      [74, 'teahouse'],
      [77, 'teahouse'],
      [78, 'teahouse'],
      [16, 'hardware'],
    ]),
    ...botPlaces(BOT2, [
      [30, 'sports'],
      [35, 'antiques'],
      [33, 'seafood'],
      [36, 'agency'],
    ]),
    placeMore('restaurant3', 46, 'restaurant'),
    placeMore('restaurant4', 49, 'restaurant'),
    placeMore('dry1', 50, 'drycleaner'),
    placeMore('dry2', 54, 'drycleaner'),
    doneLesson('done2'),

    // Year 3.
    ...bot(BOT1, settle(2, BOT1)),
    ...bot(BOT2, settle(2, BOT2)),
    settleLesson('settle3', 2),
    deal(3),
    ...bot(BOT1, READY),
    ...bot(BOT2, READY),
    lesson('ready', READY, READY_PLACE),
    ...botPlaces(BOT1, [
      [17, 'tailor'],
      [18, 'tailor'],
      [79, 'watchmaker'],
      [80, 'watchmaker'],
    ]),
    ...botPlaces(BOT2, [
      [37, 'antiques'],
      [38, 'seafood'],
      [1, 'pharmacy'],
      [2, 'agency'],
    ]),
    placeMore('dry3', 53, 'drycleaner'),
    placeMore('dry4', 56, 'drycleaner'),
    placeMore('radio1', 59, 'radio'),
    placeMore('radio2', 60, 'radio'),
    doneLesson('done3'),

    // Year 4.
    ...bot(BOT1, settle(3, BOT1)),
    ...bot(BOT2, settle(3, BOT2)),
    settleLesson('settle4', 3),
    deal(4),
    ...bot(BOT1, READY),
    ...bot(BOT2, READY),
    lesson('ready', READY, READY_PLACE),
    ...botPlaces(BOT1, [
      [81, 'watchmaker'],
      [82, 'watchmaker'],
      [20, 'tailor'],
      [19, 'hardware'],
    ]),
    ...botPlaces(BOT2, [
      [40, 'antiques'],
      [39, 'agency'],
      [3, 'drycleaner'],
      [4, 'restaurant'],
    ]),
    placeMore('radio3', 61, 'radio'),
    placeMore('radio4', 62, 'radio'),
    placeMore('radio5', 63, 'radio'),
    placeMore('radio6', 64, 'radio'),
    doneLesson('done4'),

    // Year 5.
    ...bot(BOT1, settle(4, BOT1)),
    ...bot(BOT2, settle(4, BOT2)),
    settleLesson('settle5', 4),
    deal(5),
    ...bot(BOT1, READY),
    ...bot(BOT2, READY),
    lesson('ready', READY, READY_PLACE),
    ...botPlaces(BOT1, [
      [83, 'watchmaker'],
      [21, 'tailor'],
      [22, 'hardware'],
      [84, 'agency'],
    ]),
    ...botPlaces(BOT2, [
      [41, 'drycleaner'],
      [42, 'restaurant'],
      [5, 'agency'],
      [6, 'pharmacy'],
    ]),
    placeMore('antiques1', 51, 'antiques'),
    placeMore('antiques2', 52, 'antiques'),
    placeMore('sports1', 55, 'sports'),
    placeMore('sports2', 57, 'sports'),
    doneLesson('done5'),

    // Year 6.
    ...bot(BOT1, settle(5, BOT1)),
    ...bot(BOT2, settle(5, BOT2)),
    settleLesson('settle6', 5),
    LAST_SHUFFLE,
    ...bot(BOT1, READY),
    ...bot(BOT2, READY),
    lesson('ready', READY, READY_PLACE),
    ...botPlaces(BOT1, [
      [85, 'watchmaker'],
      [23, 'radio'],
      [24, 'hardware'],
      [25, 'agency'],
    ]),
    ...botPlaces(BOT2, [
      [7, 'watchmaker'],
      [8, 'watchmaker'],
      [9, 'tailor'],
      [10, 'agency'],
    ]),
    placeMore('sports3', 58, 'sports'),
    placeMore('antiques3', 65, 'antiques'),
    placeMore('agency1', 66, 'agency'),
    placeMore('agency2', 67, 'agency'),
    doneLesson('done6'),
  ],
};
