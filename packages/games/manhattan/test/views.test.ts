import { SeededRng, randomStep, type LogEntry } from '@skyline/engine';
import { manhattan, type ManhattanState } from '@skyline/manhattan';
import { describe, expect, it } from 'vitest';
import { CHANCE, build, dealOf, newGame, play, startBuild } from './helpers.js';

const HANDS = [
  [1, 2, 3, 4],
  [5, 6, 7, 8],
  [9, 9, 1, 2],
];

describe('views (spec "Secrets")', () => {
  const state = play(startBuild(3, HANDS, {}, 0, [7, 7, 3]), [0, build(1, 2, 4)]);

  it("a seat sees its own hand and only the size of the others' hands and of the draw pile", () => {
    const view = manhattan.view(state, 1);
    expect(view.hand).toEqual([5, 6, 7, 8]);
    expect(view.handSizes).toEqual([4, 4, 4]);
    expect(view.drawSize).toBe(45 - 12 - 1);
    // nothing else in the view is a list of cards but the viewer's hand and the public discard pile
    expect(Object.keys(view).sort()).toEqual(
      [
        'active',
        'afterDraw',
        'board',
        'chosen',
        'discard',
        'discardShuffles',
        'drawSize',
        'first',
        'game',
        'hand',
        'handSizes',
        'history',
        'historyParts',
        'lost',
        'options',
        'phase',
        'players',
        'reserves',
        'round',
        'scores',
        'start',
        'step',
        'totals',
        'turn',
        'viewer',
      ].sort(),
    );
    expect(view.discard).toEqual([1]);
    // seat 0 drew the 7 on top of the pile: seat 1 is not told
    expect(JSON.stringify(manhattan.view(state, 0).hand)).toBe('[2,3,4,7]');
    expect(view.hand).not.toContain(9);
  });

  it('the board, reserves, chosen pieces and scores are public, the same for everyone', () => {
    const spectator = manhattan.view(state, 'spectator');
    expect(spectator.hand).toBeNull();
    expect(spectator.board[1]![0]).toEqual([{ seat: 0, floors: 4 }]);
    for (const seat of [0, 1, 2]) {
      const view = manhattan.view(state, seat);
      expect(view.board).toEqual(spectator.board);
      expect(view.reserves).toEqual(spectator.reserves);
      expect(view.chosen).toEqual(spectator.chosen);
      expect(view.discard).toEqual(spectator.discard);
    }
  });

  it('the log: a deal shows a seat only its own cards, a reshuffle shows nobody the order', () => {
    const deal = dealOf(HANDS, [7, 7, 3]);
    const entry: LogEntry = { chance: deal };
    const seen = manhattan.redact(entry as never, 0, 1, state) as { chance: { order: (number | null)[] } };
    expect(seen.chance.order.slice(0, 12)).toEqual([
      null,
      null,
      null,
      null,
      5,
      6,
      7,
      8,
      null,
      null,
      null,
      null,
    ]);
    expect(seen.chance.order.slice(12).every((card) => card === null)).toBe(true);
    const spectator = manhattan.redact(entry as never, 0, 'spectator', state) as {
      chance: { order: unknown[] };
    };
    expect(spectator.chance.order.every((card) => card === null)).toBe(true);
    const shuffle = { chance: { type: 'shuffle', order: [3, 1, 2] } };
    expect(manhattan.redact(shuffle as never, 40, 0, state)).toEqual({
      chance: { type: 'shuffle', order: [null, null, null] },
    });
    const move = { seat: 0, move: build(1, 2, 4) };
    expect(manhattan.redact(move as never, 4, 2, state)).toEqual(move);
  });

  it('once the game is over, the whole log is shown', () => {
    const rng = new SeededRng(5);
    const over: ManhattanState = play(newGame(2), [CHANCE, dealOf([HANDS[0]!, HANDS[1]!])]);
    while (randomStep(manhattan, over, rng) !== null);
    const entry = { chance: dealOf([HANDS[0]!, HANDS[1]!]) };
    expect(manhattan.redact(entry as never, 0, 1, over)).toEqual(entry);
    expect(manhattan.redact(entry as never, 0, 'spectator', over)).toEqual(entry);
  });

  it('determinize: the unseen cards go to the other hands and the draw pile; the view comes back the same', () => {
    const rng = new SeededRng(3);
    const view = manhattan.view(state, 2);
    const sampled = manhattan.determinize(view, 2, rng);
    expect(manhattan.view(sampled, 2)).toEqual(view);
    expect(sampled.hands[2]).toEqual(state.hands[2]);
    expect(manhattan.legalMoves(sampled, 0)).toEqual(manhattan.legalMoves(state, 0));
    // the deck less seat 2's hand and the discard pile: 45 - 4 - 1 = 40 cards, dealt as 4 + 4 + 32
    const unseen = [...sampled.hands[0]!, ...sampled.hands[1]!, ...sampled.draw];
    expect(unseen.length).toBe(40);
    const counts = new Array<number>(9).fill(5);
    for (const card of [...state.hands[2]!, ...state.discard]) counts[card - 1]! -= 1;
    for (const card of unseen) counts[card - 1]! -= 1;
    expect(counts).toEqual(new Array(9).fill(0));
  });
});
