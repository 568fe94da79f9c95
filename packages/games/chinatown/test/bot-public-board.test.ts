/** What both Chinatown bots read from a view (`src/bot/public-board.ts`). */
import { KIND_IDS, chinatown } from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import { roundsLeft, shopKinds } from '../src/bot/public-board.js';
import { newGame } from './helpers.js';

const viewOf = () => chinatown.view(newGame(3), 0);

describe('roundsLeft', () => {
  it('counts the round in play: six in the first of six, one in the last', () => {
    expect(roundsLeft({ ...viewOf(), phase: 'trade', round: 1 })).toBe(6);
    expect(roundsLeft({ ...viewOf(), phase: 'trade', round: 6 })).toBe(1);
  });

  it('is zero once the game is over, whatever round the view names', () => {
    expect(roundsLeft({ ...viewOf(), phase: 'over', round: 6 })).toBe(0);
  });
});

describe('shopKinds', () => {
  it("gives a tile's kind index and -1 for a lot without a tile", () => {
    const view = viewOf();
    const shop = view.shop.map(() => null as string | null);
    shop[0] = KIND_IDS[2] as string;
    shop[5] = KIND_IDS[0] as string;
    const kinds = shopKinds({ ...view, shop });
    expect(kinds[0]).toBe(2);
    expect(kinds[5]).toBe(0);
    expect(kinds.filter((kind) => kind === -1)).toHaveLength(shop.length - 2);
  });
});
