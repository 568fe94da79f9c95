/**
 * Chinatown's part of the seats' panels (`ui/seat.ts`): a seat's state in the phase, its lot cards (a count), its shop
 * tiles (public) and its money only where the view shows it (the viewer's own until the end).
 */
import { chinatown } from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import { chinatownSeat } from '../../ui/seat.js';
import { t } from './english.js';
import { opening, openingTrade, place, READY, play } from '../helpers.js';

describe("a Chinatown seat's panel", () => {
  it('says who is still choosing lots and who has chosen, with seven lot cards each, and never which', () => {
    const state = play(opening(), [1, { type: 'settle', lots: [16, 17, 18, 23, 25] }]);
    const view = chinatown.view(state, 0);
    expect(chinatownSeat(view, 1, t, 'en').state).toBe('has chosen');
    expect(chinatownSeat(view, 0, t, 'en').state).toBe('choosing…');
    expect(chinatownSeat(view, 2, t, 'en').holds?.[0]).toEqual({ label: 'lot cards', value: '7', amount: 7 });
    expect(JSON.stringify(chinatownSeat(view, 1, t, 'en'))).not.toMatch(/16|17|18|23|25/);
  });

  it("shows the viewer's own money and no one else's; tiles are public", () => {
    const state = play(openingTrade(), [2, READY]);
    const view = chinatown.view(state, 0);
    const mine = chinatownSeat(view, 0, t, 'en');
    expect(mine.state).toBe('trading');
    expect(mine.holds?.find((h) => h.label === 'money')?.value).toBe('$5,000');
    const theirs = chinatownSeat(view, 1, t, 'en');
    expect(theirs.holds?.map((h) => h.label)).toEqual(['lot cards', 'tiles in hand', 'would earn now']);
    // What its shops would earn is public (the board shows them); its money is not.
    const { picture: _, ...tilesHeld } = theirs.holds?.[1] ?? { label: '', value: '' };
    expect(JSON.stringify([theirs.holds?.[0], tilesHeld])).not.toContain('$');
    expect(theirs.holds?.[2]?.value).toBe('$0');
    expect(chinatownSeat(view, 2, t, 'en').state).toBe('ready');
    // Each seat's tiles, as the view gives them to everyone, in words.
    const tiles = Object.entries(view.tiles[1] ?? {});
    expect(tiles.length).toBeGreaterThan(0);
    expect(theirs.holds?.[1]?.value.split(', ')).toHaveLength(tiles.length);
  });

  it('says what each seat would earn now from the shops it has built (seat 0: three seafood in a row, $5,000)', () => {
    let state = play(openingTrade(), [0, READY], [1, READY], [2, READY]);
    // Seat 0 owns 19 20 22 24 26 and holds 3 seafood tiles; 19, 22 and 24 are neighbours down block 2's first column.
    state = play(state, [0, place(19, 'seafood')], [0, place(22, 'seafood')], [0, place(24, 'seafood')]);
    const view = chinatown.view(state, 1);
    expect(chinatownSeat(view, 0, t, 'en').holds?.find((h) => h.label === 'would earn now')?.value).toBe(
      '$5,000',
    );
    expect(chinatownSeat(view, 1, t, 'en').holds?.find((h) => h.label === 'would earn now')?.value).toBe(
      '$0',
    );
  });
});
