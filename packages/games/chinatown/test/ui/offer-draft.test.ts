import { describe, expect, it } from 'vitest';
import { bundleInput, emptyGet, emptyGive, isEmptyOffer, offerMove, toggled } from '../../ui/offerDraft.js';

describe('the offer draft', () => {
  it('adds a lot clicked once and takes it out when clicked again', () => {
    expect(toggled([12], 30)).toEqual([12, 30]);
    expect(toggled([12, 30], 12)).toEqual([30]);
  });

  it('says only what a side holds: lots in order, tiles counted above zero, money above zero, lot cards', () => {
    expect(bundleInput(emptyGive())).toEqual({});
    expect(
      bundleInput({ lots: [30, 12], shops: { radio: 2, seafood: 0 }, money: 3000, lotCards: [7] }),
    ).toEqual({ lots: [12, 30], shops: { radio: 2 }, money: 3000, lotCards: [7] });
    expect(bundleInput({ lots: [], shops: { radio: 0 }, money: 0 })).toEqual({});
  });

  it('becomes an offer move to the chosen seat', () => {
    const give = { ...emptyGive(), money: 5000 };
    const get = { ...emptyGet(), lots: [44] };
    expect(offerMove(2, give, get)).toEqual({
      type: 'offer',
      to: 2,
      give: { money: 5000 },
      get: { lots: [44] },
    });
  });

  it('is empty (nothing to send) until either side holds something', () => {
    expect(isEmptyOffer(emptyGive(), emptyGet())).toBe(true);
    expect(isEmptyOffer({ ...emptyGive(), shops: { radio: 0 } }, emptyGet())).toBe(true);
    expect(isEmptyOffer({ ...emptyGive(), lotCards: [3] }, emptyGet())).toBe(false);
    expect(isEmptyOffer(emptyGive(), { ...emptyGet(), money: 1000 })).toBe(false);
    expect(isEmptyOffer(emptyGive(), { ...emptyGet(), shops: { radio: 1 } })).toBe(false);
  });
});
