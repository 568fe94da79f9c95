/**
 * The trading form's refusals: an offer the rules refuse is refused in the form, in the player's words, by the rules'
 * own check on the player's view (the one the server makes), and a Counter turns an offer round.
 */
import { chinatown, type ChinatownMove, type OfferView } from '@skyline/chinatown';
import { draftProblem } from '@skyline/chinatown/trading';
import { KIT_WORDS } from '@skyline/board-kit';
import { describe, expect, it } from 'vitest';
import fr from '../../text/fr.json' with { type: 'json' };
import {
  bundleInput,
  emptyGet,
  emptyGive,
  offerMove,
  turnedRound,
  type DraftSide,
  type GiveSide,
} from '../../ui/offerDraft.js';
import { draftRefusal } from '../../ui/refusal.js';
import type { T } from '../../ui/words.js';
import { openingTrade } from '../helpers.js';
import { t } from './english.js';

// Seat 0 (ann) owns lots 19 20 22 24 26, holds 4 restaurant and 3 seafood tiles and $5,000; seat 1 (bob) owns 16 17
// 18 23 25 and holds 3 seafood and 4 radio tiles (test/helpers.ts, `openingTrade`).
const NAMES = ['ann', 'bob', 'cat'];
const state = openingTrade();
const view = chinatown.view(state, 0);
const give = (side: Partial<GiveSide>): GiveSide => ({ ...emptyGive(), ...side });
const get = (side: Partial<DraftSide>): DraftSide => ({ ...emptyGet(), ...side });
const refusal = (g: GiveSide, r: DraftSide, to = 1) => draftRefusal(view, to, g, r, NAMES, t, 'en');

describe('an offer the rules refuse, refused in the form before it is sent', () => {
  it('says the player lacks the money it gives, with both amounts', () => {
    expect(refusal(give({ money: 6000 }), get({}))).toBe('You have $5,000: you cannot give $6,000.');
  });

  it('says money changes hands in whole thousands when $2,500 is typed', () => {
    expect(refusal(give({ money: 2500 }), get({}))).toBe(
      'Money changes hands in whole thousands of dollars ($1,000, $2,000…).',
    );
  });

  it('says how many tiles of a kind the player holds, and the other seat', () => {
    expect(refusal(give({ shops: { restaurant: 5 } }), get({}))).toBe('You have 4 × Restaurant, not 5.');
    expect(refusal(give({}), get({ shops: { seafood: 4 } }))).toBe('bob has 3 × Seafood, not 4.');
  });

  it('says a lot asked for is not the other seat’s, and that an empty offer offers nothing', () => {
    expect(refusal(give({}), get({ lots: [71] }))).toBe('Lot 71 is not bob’s.');
    expect(refusal(give({}), get({}))).toBe('Put something in the offer: a lot, a tile or money.');
  });

  it('says it in French to a French player', () => {
    const words: Record<string, string> = { ...KIT_WORDS.fr, ...fr.words };
    const tFr: T = (key, params = {}) =>
      (words[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
    const said = draftRefusal(view, 1, give({ money: 6000 }), get({}), NAMES, tFr, 'fr');
    // French writes its thousands and the dollar sign with narrow no-break spaces: read as spaces here.
    expect(said?.replace(/\s/g, ' ')).toBe('Vous avez 5 000 $ : vous ne pouvez pas donner 6 000 $.');
  });

  it('takes what the server takes and refuses what it refuses (the same rules on the view)', () => {
    const drafts: [GiveSide, DraftSide][] = [
      [give({ money: 6000 }), get({})],
      [give({ money: 5000 }), get({ lots: [16] })],
      [give({ lots: [19], shops: { seafood: 1 } }), get({ shops: { radio: 2 } })],
      [give({ lots: [16] }), get({})],
      [give({}), get({ shops: { radio: 5 } })],
      [give({ shops: { restaurant: 4 } }), get({ money: 3000 })],
      [give({}), get({})],
    ];
    for (const [g, r] of drafts) {
      const move = offerMove(1, g, r) as ChinatownMove;
      const server = chinatown.validate(state, 0, move);
      const form = draftProblem(view, 1, bundleInput(g), bundleInput(r));
      expect(form === null, JSON.stringify(move)).toBe(server === null);
    }
  });
});

describe('a counter-offer', () => {
  it('goes back to the maker, giving what it asked for and asking for what it gave', () => {
    const offer: OfferView = {
      id: 3,
      from: 1,
      to: 0,
      give: { lots: [16], shops: { radio: 1 }, money: 2000, lotCards: [] },
      get: { lots: [19], shops: {}, money: 0, lotCards: [] },
      acceptable: true,
    };
    expect(turnedRound(offer)).toEqual({
      to: 1,
      give: { lots: [19], shops: {}, money: 0, lotCards: [] },
      get: { lots: [16], shops: { radio: 1 }, money: 2000, lotCards: [] },
    });
  });
});
