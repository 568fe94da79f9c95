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
 * While settling: the seat's own hand and choice; another seat having chosen (its choice hidden) changes nothing.
 *
 * While placing at the same time as the others (the default): the seat's own lots and what stands on them, and its
 * tiles. A shop is made of one owner's tiles only (`groups` in shops.ts), so another seat's tiles never change where
 * this seat's tile may go or what it earns there.
 *
 * With placement in turn (the `sequentialPlacement` option): the whole board and the turn as well.
 */
export function moveContext(view: ChinatownView, seat: number, move: ChinatownMove): unknown {
  void move;
  const lots = view.owner.flatMap((owner, lot) => (owner === seat ? [lot] : []));
  const own = {
    round: view.round,
    phase: view.phase,
    hand: view.hand,
    settle: view.settle,
    lots,
    shops: lots.map((lot) => view.shop[lot]),
    tiles: view.tiles[seat],
    money: view.money[seat],
    ready: view.ready[seat],
    done: view.done[seat],
    offers: view.offers
      .filter((offer) => offer.from === seat || offer.to === seat)
      .map(({ id, from, to, give, get }) => ({ id, from, to, give, get })),
  };
  const simultaneous =
    view.phase === 'trade' ||
    view.phase === 'settle' ||
    (view.phase === 'place' && !view.options.sequentialPlacement);
  if (simultaneous) return own;
  return { ...own, turn: view.turn, owner: view.owner, shop: view.shop, chosen: view.chosen };
}
