import { KIND_IDS } from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import { bundleWords, economyText, KIND_COLOURS, kindColour, kindName, money } from '../../ui/pieces.js';
import { t } from './english.js';

describe('the shop kinds as the board draws and names them', () => {
  it('gives each of the twelve kinds its own colour, and a kind the data does not know a grey', () => {
    expect(new Set(KIND_IDS.map(kindColour)).size).toBe(KIND_IDS.length);
    expect(KIND_IDS.map(kindColour)).toEqual(KIND_COLOURS);
    expect(kindColour('bakery')).toBe('#999');
  });

  it('names a kind in the viewer’s language, and an unknown one by its id', () => {
    expect(kindName('seafood', 'en')).toBe('Seafood');
    expect(kindName('seafood', 'fr')).toBe('Fruits de mer');
    expect(kindName('bakery', 'en')).toBe('bakery');
  });

  it('writes money as the language does, and money it may not see as a question mark', () => {
    expect(money(12000, 'en')).toBe('$12,000');
    expect(money(null, 'en')).toBe('?');
  });
});

describe('an offer’s side in words', () => {
  it('lists lots, tiles, money and lot cards, and says nothing when it holds nothing', () => {
    expect(
      bundleWords({ lots: [12], shops: { seafood: 2, radio: 0 }, money: 10000, lotCards: [7] }, t, 'en'),
    ).toBe('lot 12, 2× Seafood, $10,000, lot cards 7');
    expect(bundleWords({}, t, 'en')).toBe('nothing');
  });

  it('tells that money it may not see is part of it, and counts lot cards it may not see', () => {
    expect(bundleWords({ money: null, lotCards: [null, null] }, t, 'en')).toBe('some money, lot cards ?, ?');
  });
});

describe('an economy card in words', () => {
  it('says the shop sizes it pays for, or that it pays nothing', () => {
    expect(economyText('all-3-4', t)).toBe('+$1,000 per tile of every shop of size 3, 4');
    expect(economyText('none-1', t)).toBe('no extra income');
  });
});
