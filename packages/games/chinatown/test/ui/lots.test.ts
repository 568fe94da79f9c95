import { describe, expect, it } from 'vitest';
import { justPlaced, lotChoice, lotLabel, lotWhyNot, settleMoveFor, type LotChoices } from '../../ui/lots.js';
import type { ChinatownView, Move } from '../../ui/pieces.js';
import { t } from './english.js';

const names = ['Ann', 'Bob', 'Cy'];

describe("a lot's name", () => {
  it('says its number, then its owner, its shop and whether the shop is complete, then who just built there', () => {
    const facts = { lot: 12, owner: -1, kind: null, complete: false, placedBy: null };
    expect(lotLabel(facts, names, t, 'en')).toBe('lot 12');
    expect(lotLabel({ ...facts, owner: 1 }, names, t, 'en')).toBe('lot 12, Bob');
    expect(
      lotLabel({ ...facts, owner: 1, kind: 'seafood', complete: true, placedBy: 1 }, names, t, 'en'),
    ).toBe('lot 12, Bob, Seafood (complete shop). Bob just placed it');
    expect(lotLabel({ ...facts, owner: 0, kind: 'seafood' }, names, t, 'fr')).toBe(
      'lot 12, Ann, Fruits de mer',
    );
  });
});

describe('what a click on a lot does', () => {
  const owner = [-1, 0, 1, 2, -1];
  const none: LotChoices = {
    settleable: new Set(),
    tile: null,
    placeLots: new Set(),
    trading: false,
    me: 0,
    offerTo: 1,
    owner,
  };

  it('picks a lot of the viewer’s lot cards to settle', () => {
    expect(lotChoice(4, { ...none, settleable: new Set([4]) })).toBe('settle');
  });

  it('places the chosen tile on an empty lot of the viewer, never without a tile chosen', () => {
    expect(lotChoice(1, { ...none, tile: 'radio', placeLots: new Set([1]) })).toBe('place');
    expect(lotChoice(1, { ...none, placeLots: new Set([1]) })).toBe(null);
  });

  it('while trading, gives the viewer’s lots and asks for those of the seat the offer goes to, no one else’s', () => {
    const trading = { ...none, trading: true };
    expect([1, 2, 3, 4].map((lot) => lotChoice(lot, trading))).toEqual(['give', 'get', null, null]);
    expect(lotChoice(3, { ...trading, offerTo: 2 })).toBe('get');
  });

  it('does nothing for a spectator', () => {
    expect([1, 2, 3, 4].map((lot) => lotChoice(lot, { ...none, me: null }))).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('why a lot is not a choice', () => {
  const view = (phase: ChinatownView['phase']) =>
    ({ phase, owner: [-1, 0, 1, -1], shop: [null, 'radio', null, null] }) as unknown as ChinatownView;
  const some: Move[] = [{ type: 'done' }];
  const at = (phase: ChinatownView['phase'], more: Partial<Parameters<typeof lotWhyNot>[1]> = {}) => ({
    view: view(phase),
    me: 0,
    legalMoves: some,
    canSettle: false,
    tile: null,
    names,
    status: null,
    t,
    ...more,
  });

  it('says nothing to a spectator, nor once the game is over', () => {
    expect(lotWhyNot(2, at('trade', { me: null }))).toBe(null);
    expect(lotWhyNot(2, at('over'))).toBe(null);
  });

  it('names the seats the game waits for when the viewer has no move', () => {
    const status = { active: [1, 2] } as Parameters<typeof lotWhyNot>[1]['status'];
    expect(lotWhyNot(2, at('place', { legalMoves: [], status }))).toBe(
      t('why.notYourTurn', { who: 'Bob, Cy' }),
    );
  });

  it('while settling, says the lot is not on the viewer’s cards (or to wait, once chosen)', () => {
    expect(lotWhyNot(3, at('settle', { canSettle: true }))).toBe(t('why.lotNotCard'));
    expect(lotWhyNot(3, at('settle'))).toBe(t('why.wait'));
  });

  it('while trading, says whose lot it is, and to make an offer to its owner for another seat’s', () => {
    expect(lotWhyNot(3, at('trade'))).toBe(t('why.lotNobody'));
    expect(lotWhyNot(2, at('trade'))).toBe('That lot is Bob’s: make your offer to Bob to ask for it.');
  });

  it('while placing, says whose lot it is, that it is built, or to choose a tile first', () => {
    expect(lotWhyNot(2, at('place'))).toBe('That lot is Bob’s.');
    expect(lotWhyNot(1, at('place'))).toBe(t('why.lotBuilt'));
    const empty = { ...view('place'), shop: [null, null, null, null] } as ChinatownView;
    expect(lotWhyNot(1, at('place', { view: empty }))).toBe(t('why.tileFirst'));
    expect(lotWhyNot(1, at('place', { view: empty, tile: 'radio' }))).toBe(t('why.wait'));
  });
});

describe('the settle move of the lots picked', () => {
  const settles = [
    { type: 'settle', lots: [3, 12] },
    { type: 'settle', lots: [3, 40] },
  ] as const;

  it('is the legal move of exactly those lots, in any order', () => {
    expect(settleMoveFor(settles, [12, 3])).toBe(settles[0]);
    expect(settleMoveFor(settles, [40, 3])).toBe(settles[1]);
  });

  it('is none for too few, too many or other lots', () => {
    expect(settleMoveFor(settles, [3])).toBeUndefined();
    expect(settleMoveFor(settles, [3, 12, 40])).toBeUndefined();
    expect(settleMoveFor(settles, [12, 40])).toBeUndefined();
  });
});

describe('the lots just built on', () => {
  it('are the lots of the recent place moves, with who placed there', () => {
    const recent = [
      { seat: 1, move: { type: 'place', lot: 30, shop: 'radio' } },
      { seat: 2, move: { type: 'done' } },
      { seat: 2, move: { type: 'place', lot: 7, shop: 'seafood' } },
    ];
    expect([...justPlaced(recent)]).toEqual([
      [30, 1],
      [7, 2],
    ]);
  });
});
