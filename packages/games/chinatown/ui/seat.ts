/**
 * Chinatown's part of a seat's panel (the board kit's `SeatFacts`): where it stands in the phase (trading or ready,
 * chosen or not, done placing), its number of lot cards, its shop tiles in hand and its money where the view shows
 * it (the viewer's own until the end: another seat's money is left out, never guessed).
 */
import type { Lang, SeatFacts } from '@skyline/board-kit';
import { kindName, money, type ChinatownView } from './pieces.js';
import type { T } from './words.js';

export function seatState(view: ChinatownView, seat: number, t: T): string {
  if (view.phase === 'trade') return t(view.ready[seat] ? 'chinatown.isReady' : 'chinatown.trading');
  if (view.phase === 'settle') return t(view.chosen[seat] ? 'table.chosen' : 'table.notChosen');
  if (view.phase === 'place' && view.done[seat]) return t('chinatown.isDone');
  return '';
}

export function chinatownSeat(view: ChinatownView, seat: number, t: T, lang: Lang): SeatFacts {
  const cash = view.money[seat];
  return {
    state: seatState(view, seat, t),
    holds: [
      {
        label: t('chinatown.lotCardsCount', { n: '' }).trim(),
        value: `${view.handSizes[seat] ?? 0}`,
      },
      {
        label: t('chinatown.tilesInHand'),
        value:
          Object.entries(view.tiles[seat] ?? {})
            .map(([kind, n]) => `${kindName(kind, lang)} ×${n}`)
            .join(', ') || '—',
      },
      ...(cash === null || cash === undefined
        ? []
        : [{ label: t('chinatown.money'), value: money(cash, lang) }]),
    ],
  };
}
