/**
 * Chinatown's part of a seat's panel (the board kit's `SeatFacts`): where it stands in the phase (trading or ready,
 * chosen or not, done placing), its number of lot cards, its shop tiles in hand and its money where the view shows
 * it (the viewer's own until the end: another seat's money is left out, never guessed), and what its shops would earn
 * if the round ended now (public: the board shows every shop), by the rules' own income.
 */
import { shopIncomeOnBoard } from '@skyline/chinatown/shops';
import type { Lang, SeatFacts } from '@skyline/board-kit';
import { kindName, money, type ChinatownView } from './pieces.js';
import { ShopTiles } from './ShopTile.js';
import type { T } from './words.js';

export function seatState(view: ChinatownView, seat: number, t: T): string {
  if (view.phase === 'trade') return t(view.ready[seat] ? 'chinatown.isReady' : 'chinatown.trading');
  if (view.phase === 'settle') return t(view.chosen[seat] ? 'table.chosen' : 'table.notChosen');
  if (view.phase === 'place' && view.done[seat]) return t('chinatown.isDone');
  return '';
}

export function chinatownSeat(view: ChinatownView, seat: number, t: T, lang: Lang): SeatFacts {
  const cash = view.money[seat];
  const tiles = view.tiles[seat] ?? {};
  const earns = shopIncomeOnBoard(view.players, view.owner, view.shop)[seat] ?? 0;
  return {
    state: seatState(view, seat, t),
    holds: [
      {
        label: t('chinatown.lotCardsCount', { n: '' }).trim(),
        value: `${view.handSizes[seat] ?? 0}`,
        amount: view.handSizes[seat] ?? 0,
      },
      {
        label: t('chinatown.tilesInHand'),
        value:
          Object.entries(tiles)
            .map(([kind, n]) => `${kindName(kind, lang)} ×${n}`)
            .join(', ') || '—',
        // Drawn as tiles, each named (the same words as `value`, for a screen reader).
        picture: <ShopTiles tiles={tiles} lang={lang} none="—" size={22} />,
        // Pulses when tiles are gained (drawn, or traded for).
        amount: Object.values(tiles).reduce((sum, n) => sum + n, 0),
      },
      ...(view.phase === 'over' ? [] : [{ label: t('chinatown.wouldEarn'), value: money(earns, lang) }]),
      ...(cash === null || cash === undefined
        ? []
        : [{ label: t('chinatown.money'), value: money(cash, lang), amount: cash }]),
    ],
  };
}
