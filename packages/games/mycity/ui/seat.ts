/**
 * My City's part of a seat's panel (the board kit's `SeatFacts`): stopped for the episode, chosen or still choosing,
 * its score, and its board's score if the episode ended now in its parts (marker, trees, rocks, empty grass), counted
 * by the game (`scoreCity`) from the board the view shows (every city is public; a choice not yet revealed is only
 * "has chosen").
 */
import type { SeatFacts } from '@skyline/board-kit';
import { scoreCity, type MyCityView } from '@skyline/mycity';
import type { T } from './words.js';

/** Where a seat stands in the turn: stopped for the episode, chosen, still to choose, or out of it. */
export function seatState(view: MyCityView, seat: number, t: T): string {
  if (view.stopped[seat]) return t('mycity.stopped');
  if (view.chosen[seat]) return t('table.chosen');
  return view.active.includes(seat) ? t('table.notChosen') : '';
}

export function mycitySeat(view: MyCityView, seat: number, t: T): SeatFacts {
  const s = scoreCity(view.boards[seat] ?? [], view.markers[seat] ?? 0);
  return {
    state: seatState(view, seat, t),
    score: `${view.scores[seat] ?? 0}`,
    holds: [
      { label: t('mycity.marker'), value: `${s.marker}` },
      { label: t('mycity.trees'), value: s.trees ? `+${s.trees}` : '0' },
      { label: t('mycity.rocks'), value: s.rocks ? `−${s.rocks}` : '0' },
      { label: t('mycity.empty'), value: s.empty ? `−${s.empty}` : '0' },
    ],
  };
}
