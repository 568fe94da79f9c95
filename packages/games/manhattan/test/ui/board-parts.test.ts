/** The board's pure parts: where cities and lots sit, lots in words, the build the viewer drafts, the log in words. */
import { SPECTATOR } from '@skyline/engine';
import { manhattan, type ManhattanMove } from '@skyline/manhattan';
import { keysShown } from '@skyline/engine/testing';
import { describe, expect, it } from 'vitest';
import { draftOf, justBuiltAt, whyNot } from '../../ui/draft.js';
import {
  BADGE,
  cityOrigin,
  CITY_H,
  CITY_W,
  buildingScale,
  LOT,
  lotOrigin,
  TOWER,
  TOWER_ROOM,
} from '../../ui/geometry.js';
import { cityName, lotLabel } from '../../ui/labels.js';
import { describeEntry } from '../../ui/log.js';
import type { T } from '../../ui/words.js';
import { CHANCE, dealOf, newGame, play, startBuild } from '../helpers.js';

/** The keys and parameters of the words chosen. */
const t: T = keysShown;

const names = ['Ann', 'Bob'];
const HANDS = [
  [1, 2, 3, 4],
  [5, 6, 7, 8],
];
const moves = (state: ReturnType<typeof startBuild>, seat: number) =>
  manhattan.legalMoves(state, seat) as ManhattanMove[];

describe('the map', () => {
  it('sets the six cities in two rows of three and each city in three rows of three lots', () => {
    expect(cityOrigin(0)).toEqual({ x: 4, y: 4 });
    expect(cityOrigin(2)).toEqual({ x: 4 + 2 * CITY_W, y: 4 });
    expect(cityOrigin(4)).toEqual({ x: 4 + CITY_W, y: 4 + CITY_H });
    expect(lotOrigin({ x: 0, y: 0 }, 0)).toEqual({ x: 8, y: 26 });
    expect(lotOrigin({ x: 0, y: 0 }, 5)).toEqual({ x: 8 + 2 * LOT, y: 26 + LOT });
    expect(lotOrigin({ x: 0, y: 0 }, 8)).toEqual({ x: 8 + 2 * LOT, y: 26 + 2 * LOT });
  });

  it('draws every building at one scale, the tallest filling its lot once it passes 3 floors', () => {
    // The room: from the ground (39 units down the 46-unit lot) up to 3 units from its top, less the roof's rise
    // (0.6 of the depth, 6): 39 - 3 - 3.6 = 32.4 units.
    expect(TOWER_ROOM).toBeCloseTo(32.4);
    const early = buildingScale([0, 1, 2]);
    expect(early(3)).toBeCloseTo(32.4);
    expect(early(0)).toBe(0);
    const late = buildingScale([0, 13, 4]);
    expect(late(13)).toBeCloseTo(32.4);
    // More floors always draw taller, on the whole board's one scale.
    for (let floors = 1; floors <= 13; floors++) expect(late(floors)).toBeGreaterThan(late(floors - 1));
  });

  it('keeps a piece of 1 floor a building beside a tower of 17, not a slab (in proportion: 1.9 units)', () => {
    const scale = buildingScale([17, 1]);
    // 32.4 × (1/17)^0.6 = 5.92 units; 2 floors 8.97, 4 floors 13.6: still in order, each step visible.
    expect(scale(1)).toBeCloseTo(5.92, 1);
    expect(scale(2)).toBeCloseTo(8.97, 1);
    expect(scale(4)).toBeCloseTo(13.6, 1);
    expect(scale(1)).toBeGreaterThan(3 * (32.4 / 17));
  });

  it('puts the floor count beside the building, never over it, and both inside the lot', () => {
    // The building's front (3..23) and its receding side (23..29) end left of the badge (29.5..41.5).
    expect(TOWER.left + TOWER.width + TOWER.depth).toBeLessThanOrEqual(BADGE.left);
    expect(BADGE.left + BADGE.width).toBeLessThanOrEqual(LOT - 4); // the lot's square is LOT - 4 wide
    // The tallest building's roof stays in the lot (its top at 39 - 32.4 - 3.6 = 3 units from the lot's top).
    expect(TOWER.ground - TOWER_ROOM - TOWER.depth * 0.6).toBeGreaterThanOrEqual(0);
  });

  it('names the tallest building as such, before who just built there', () => {
    const stack = [{ seat: 1, floors: 4 }];
    expect(
      lotLabel({ city: 6, lot: 9, owner: 1, height: 4, stack, justBuilt: 1, tallest: true }, names, t),
    ).toBe(
      'manhattan.lotLabel(city=manhattan.city.6,lot=9): manhattan.building(h=4,owner=Bob) (Bob 4). ' +
        'manhattan.tallestHere. manhattan.justBuilt(who=Bob)',
    );
  });

  it("names a lot: its city, its height and owner, each seat's floors, who just built", () => {
    expect(cityName(t, 3)).toBe('manhattan.city.3');
    const stack = [
      { seat: 0, floors: 1 },
      { seat: 1, floors: 2 },
      { seat: 0, floors: 2 },
    ];
    expect(lotLabel({ city: 2, lot: 5, owner: 0, height: 5, stack, justBuilt: 0 }, names, t)).toBe(
      'manhattan.lotLabel(city=manhattan.city.2,lot=5): manhattan.building(h=5,owner=Ann) (Ann 3, Bob 2). ' +
        'manhattan.justBuilt(who=Ann)',
    );
    expect(
      lotLabel({ city: 1, lot: 1, owner: -1, height: 0, stack: [], justBuilt: undefined }, names, t),
    ).toBe('manhattan.lotLabel(city=manhattan.city.1,lot=1): manhattan.emptyLot');
  });
});

describe('the build the viewer drafts', () => {
  it('offers every card and piece until both are chosen, then the lots that build goes to', () => {
    const state = startBuild(2, HANDS);
    const view = manhattan.view(state, 0);
    const open = draftOf(view, moves(state, 0), null, null);
    expect(open.cards.sort()).toEqual([1, 2, 3, 4]);
    expect(open.pieces).toEqual([1, 2, 3, 4]);
    expect([open.card, open.piece]).toEqual([null, null]);
    expect(open.targetAt.size).toBe(0);
    expect(open.highlighted.size).toBe(4 * 6); // each card's lot in each city, dashed

    const settled = draftOf(view, moves(state, 0), 2, 3);
    expect([...settled.targetAt.keys()].sort()).toEqual(['1:2', '2:2', '3:2', '4:2', '5:2', '6:2']);
    expect([...settled.targetAt.values()].every((m) => m.card === 2 && m.piece === 3)).toBe(true);
    // A choice no build allows any more is dropped.
    expect(draftOf(view, moves(state, 0), 9, 3).card).toBeNull();
  });

  it("puts a card on the lot it means from the seat's side, with the perspective option", () => {
    const state = startBuild(2, HANDS, { perspective: true }, 1);
    const view = manhattan.view(state, 1);
    const draft = draftOf(view, moves(state, 1), 7, 1);
    expect([...draft.targetAt.keys()].sort()).toEqual(['1:3', '2:3', '3:3', '4:3', '5:3', '6:3']);
    const recent = [{ seat: 1, move: { type: 'build', card: 7, city: 2, piece: 1 } }];
    expect([...justBuiltAt(view, recent)]).toEqual([['2:3', 1]]);
    expect([...justBuiltAt(manhattan.view(startBuild(2, HANDS), 1), recent)]).toEqual([['2:7', 1]]);
  });

  it('says why a card or a lot is not offered', () => {
    const state = startBuild(2, HANDS);
    const mine = (card: number | null, piece: number | null) => ({
      view: manhattan.view(state, 0),
      draft: draftOf(manhattan.view(state, 0), moves(state, 0), card, piece),
      t,
      names,
      status: null,
    });
    expect(whyNot('lot', mine(null, null))).toBe('why.cardFirst');
    expect(whyNot('lot', mine(2, 3))).toBe('why.notThere');
    expect(whyNot('card', mine(2, 3))).toBe('why.cardNoLot');
    const other = manhattan.view(state, 1);
    const waiting = { view: other, draft: draftOf(other, moves(state, 1), null, null), t, names };
    const status = { over: false, active: [0], scores: [0, 0], winners: [] };
    expect(whyNot('lot', { ...waiting, status })).toBe('why.notYourTurn(who=Ann)');
    const spectator = manhattan.view(state, SPECTATOR);
    expect(whyNot('lot', { ...waiting, view: spectator, status })).toBeNull();

    const selecting = play(newGame(2), [CHANCE, dealOf(HANDS)]);
    const selectView = manhattan.view(selecting, 0);
    const select = draftOf(selectView, moves(selecting, 0), null, null);
    expect(select.selects.length).toBeGreaterThan(0);
    expect(whyNot('card', { view: selectView, draft: select, t, names, status: null })).toBe(
      'why.piecesFirst',
    );
  });
});

describe('the log in words', () => {
  it('tells a build on the lot its card meant for its player', () => {
    const state = startBuild(2, HANDS, { perspective: true }, 1);
    const view = manhattan.view(state, 0);
    const entry = { seat: 1, move: { type: 'build', card: 7, city: 2, piece: 2 } };
    expect(describeEntry(entry, names, t, { log: [entry], index: 0, view })).toBe(
      'manhattan.log.build(who=Bob,floors=2,city=manhattan.city.2,lot=3,card=7)',
    );
    expect(describeEntry(entry, names, t)).toBe(
      'manhattan.log.build(who=Bob,floors=2,city=manhattan.city.2,lot=7,card=7)',
    );
    expect(describeEntry({ chance: { type: 'shuffle' } }, names, t)).toBe('manhattan.log.shuffle');
    expect(describeEntry({ seat: 0, move: { type: 'select', pieces: [1, 2] } }, names, t)).toBe(
      'manhattan.log.select(who=Ann,pieces=1, 2)',
    );
    expect(describeEntry({ seat: 0, move: { type: 'discard', card: 4 } }, names, t)).toBe(
      'manhattan.log.discard(who=Ann,card=4)',
    );
    expect(describeEntry({ seat: 1, move: { type: 'skip' } }, names, t)).toBe('manhattan.log.skip(who=Bob)');
  });
});
