import type { ChinatownMove } from './moves.js';
import type { ChinatownView } from './views.js';

/**
 * What a seat's Chinatown move depends on (see `Game.moveContext`).
 *
 * While trading: the seat's own lots, shop tiles, money and readiness, and the offers made by it or to it (an offer is
 * immutable once made: `accept 3` means the same offer whatever else happened). Trades between two other seats and
 * offers between others are not in it, so a move sent while they trade is not stale. A new offer to the seat, or a
 * trade that moved its lots, is: the seat decided without it.
 *
 * In every other phase: the whole board and turn as well (where a shop goes, and whose turn it is, depend on them).
 */
export function moveContext(view: ChinatownView, seat: number, move: ChinatownMove): unknown {
  void move;
  const own = {
    round: view.round,
    phase: view.phase,
    hand: view.hand,
    settle: view.settle,
    lots: view.owner.flatMap((owner, lot) => (owner === seat ? [lot] : [])),
    tiles: view.tiles[seat],
    money: view.money[seat],
    ready: view.ready[seat],
    done: view.done[seat],
    offers: view.offers
      .filter((offer) => offer.from === seat || offer.to === seat)
      .map(({ id, from, to, give, get }) => ({ id, from, to, give, get })),
  };
  if (view.phase === 'trade') return own;
  return { ...own, turn: view.turn, owner: view.owner, shop: view.shop, chosen: view.chosen };
}
