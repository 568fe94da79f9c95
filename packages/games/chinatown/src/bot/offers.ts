/**
 * Chinatown offers priced from the greedy valuation, for the tree-search bot. The game's sample of offers
 * (`legalMoves` in trading) holds fixed prices ($1,000 a tile, $2,000 a lot), and almost none of them helps both
 * seats; here the bot names its own price.
 *
 * The bot judges its side by its **potential**: money, plus the income of its shops once its tiles in hand are placed
 * on its empty lots (each where it adds most, `shopIncome`), for the rounds left. Unlike the heuristic's value (which
 * counts a tile and a lot as a pair whatever their kinds), this sees that a tile of the kind of a shop beside an empty
 * lot, or a lot beside a shop of the kind of a tile in hand, grows a shop. It judges the other side as the greedy bot
 * does (its value must rise by more than its acceptance margin), so a greedy seat accepts, and a person is offered a
 * price that is fair by the same measure.
 *
 * Candidates, per other seat: each tile kind it holds and each of its lots beside the bot's lots, alone or a lot with
 * one of its tiles (a lot and the tile for it), bought for the least money (in thousands) it would accept; each of the
 * bot's tiles and empty lots, sold for the most money it would pay; one of the bot's tiles for one of its tiles, money
 * going whichever way its value asks. Money moves values one for one on both sides, so each exchange is judged once
 * and its price follows.
 */
import type { BotInput, Seat } from '@skyline/engine';
import {
  KIND_IDS,
  NEIGHBOURS,
  START_MONEY,
  shopIncome,
  type BundleInput,
  type ChinatownMove,
  type ChinatownView,
} from '../index.js';
import { placementGain } from './playout.js';
import { roundsLeft, shopKinds } from './public-board.js';

/** A tile that finds no lot is still worth something in trades. */
const SPARE_TILE = 300;
/** What an offer must add to the bot's potential, after the price, to be worth making. */
const POTENTIAL_MARGIN = 500;
/** The most money the bot pays or asks in one offer. */
const MAX_PRICE = 12_000;
/** The share of the time budget that pricing may take, and the budget when none is given. */
const TIME_SHARE = 0.6;
const DEFAULT_MS = 1000;

/** `seat`'s income per round once its tiles in hand are placed, each where it adds most; and the tiles left over. */
function placedIncome(view: ChinatownView, seat: Seat): { income: number; spare: number } {
  const shop = shopKinds(view);
  const board = { owner: view.owner, shop };
  const held = KIND_IDS.map((id) => view.tiles[seat]?.[id] ?? 0);
  const empty: number[] = [];
  view.owner.forEach((owner, lot) => {
    if (owner === seat && shop[lot] === -1) empty.push(lot);
  });
  let income = shopIncome(view.players, view.owner, shop)[seat] as number;
  for (let free = empty.length; free > 0; free--) {
    let best: [number, number] | null = null;
    let bestGain = -1;
    for (const lot of empty) {
      if (shop[lot] !== -1) continue;
      for (let kind = 0; kind < held.length; kind++) {
        if ((held[kind] as number) === 0) continue;
        // What `shopIncome` would say after the placement, from the lot's neighbourhood only (much faster).
        const gain = placementGain(board, seat, lot, kind);
        if (gain > bestGain) [best, bestGain] = [[lot, kind], gain];
      }
    }
    if (best === null) break;
    shop[best[0]] = best[1];
    held[best[1]] = (held[best[1]] as number) - 1;
    income += bestGain;
  }
  return { income, spare: held.reduce((sum, n) => sum + n, 0) };
}

/** Money plus what the board will earn for the rounds left once the tiles in hand are placed. */
export function potential(view: ChinatownView, seat: Seat): number {
  const left = roundsLeft(view);
  const { income, spare } = placedIncome(view, seat);
  return (view.money[seat] ?? 0) + left * income + SPARE_TILE * spare;
}

/** The items worth pricing between `seat` and `to`: what `to` could give, and what `seat` could give. */
function items(view: ChinatownView, seat: Seat, to: Seat): { buy: BundleInput[]; sell: BundleInput[] } {
  const buy: BundleInput[] = [];
  const sell: BundleInput[] = [];
  for (const [id, count] of Object.entries(view.tiles[to] ?? {}))
    if (count > 0) buy.push({ shops: { [id]: 1 } });
  for (const [id, count] of Object.entries(view.tiles[seat] ?? {}))
    if (count > 0) sell.push({ shops: { [id]: 1 } });
  const theirTiles = Object.entries(view.tiles[to] ?? {}).filter(([, count]) => count > 0);
  view.owner.forEach((owner, lot) => {
    if (owner === to && (NEIGHBOURS[lot] as number[]).some((next) => view.owner[next] === seat)) {
      buy.push({ lots: [lot] });
      // A lot and the tile for it: worth more together than apart when the tile grows a shop there.
      for (const [id] of theirTiles) buy.push({ lots: [lot], shops: { [id]: 1 } });
    }
    if (owner === seat && view.shop[lot] === null) sell.push({ lots: [lot] });
  });
  return { buy, sell };
}

/**
 * The best priced offer for `seat` (see the module), or `undefined`. `receiverValue` is the greedy bot's value and
 * `acceptMargin` what it must gain to accept.
 */
export function pricedOffer(
  input: BotInput,
  receiverValue: (view: ChinatownView, seat: Seat) => number,
  acceptMargin: number,
): ChinatownMove | undefined {
  const { game, seat, rng } = input;
  // Pricing takes tens of milliseconds, more on crowded boards: it stops at a share of the time budget.
  const deadline = performance.now() + TIME_SHARE * (input.budget.ms ?? DEFAULT_MS);
  const view = input.view as ChinatownView;
  const sampled = game.determinize(view, seat, rng);
  const mine = potential(view, seat);
  /** Both sides' gains if `give` went to `to` for `get`, money aside; null if the trade cannot be made. */
  const gains = (to: Seat, give: BundleInput, get: BundleInput): { mine: number; theirs: number } | null => {
    const offer = { type: 'offer', to, give, get };
    if (game.validate(sampled, seat, offer) !== null) return null;
    const theirsBefore = receiverValue(game.view(sampled, to) as ChinatownView, to);
    const state = game.clone(sampled);
    game.applyInPlace(state, seat, offer);
    const accept = { type: 'accept', offer: (state as { offerCount: number }).offerCount };
    if (game.validate(state, to, accept) !== null) return null;
    game.applyInPlace(state, to, accept);
    return {
      mine: potential(game.view(state, seat) as ChinatownView, seat) - mine,
      theirs: receiverValue(game.view(state, to) as ChinatownView, to) - theirsBefore,
    };
  };
  const money = view.money[seat] ?? 0;
  let best: ChinatownMove | undefined;
  let bestNet = POTENTIAL_MARGIN;
  for (let to = 0; to < view.players; to++) {
    if (to === seat) continue;
    const { buy, sell } = items(view, seat, to);
    for (const get of buy) {
      if (performance.now() > deadline) return best;
      const gain = gains(to, {}, get);
      if (gain === null) continue;
      // The least price in thousands that leaves them more than the margin.
      const price = Math.max(0, Math.floor((acceptMargin - gain.theirs) / 1000) + 1) * 1000;
      const net = gain.mine - price;
      if (price <= Math.min(money, MAX_PRICE) && net > bestNet) {
        best = { type: 'offer', to, give: price > 0 ? { money: price } : {}, get };
        bestNet = net;
      }
    }
    for (const give of sell) {
      if (performance.now() > deadline) return best;
      const gain = gains(to, give, {});
      if (gain === null) continue;
      // The most price in thousands that still leaves them more than the margin, and that they can pay (asked
      // more than it has, a receiver declines, and the bot would ask again once its view changed).
      const price = Math.min(
        MAX_PRICE,
        Math.ceil((gain.theirs - acceptMargin) / 1000 - 1) * 1000,
        Math.floor(moneyOf(view, to) / 1000) * 1000,
      );
      const net = gain.mine + price;
      if (price >= 1000 && net > bestNet) {
        best = { type: 'offer', to, give, get: { money: price } };
        bestNet = net;
      }
    }
    // One tile for another, with money whichever way the receiver's value asks.
    for (const [mine, mineCount] of Object.entries(view.tiles[seat] ?? {})) {
      if (mineCount <= 0) continue;
      for (const [theirs, theirCount] of Object.entries(view.tiles[to] ?? {})) {
        if (theirCount <= 0 || theirs === mine) continue;
        if (performance.now() > deadline) return best;
        const give = { shops: { [mine]: 1 } };
        const get = { shops: { [theirs]: 1 } };
        const gain = gains(to, give, get);
        if (gain === null) continue;
        // Positive: the least the bot pays; negative: the most the receiver pays (about what it has, at most).
        let pay = (Math.floor((acceptMargin - gain.theirs) / 1000) + 1) * 1000;
        if (pay < 0) pay = -Math.min(-pay, MAX_PRICE, Math.floor(moneyOf(view, to) / 1000) * 1000);
        const net = gain.mine - pay;
        if (pay <= Math.min(money, MAX_PRICE) && net > bestNet) {
          best = {
            type: 'offer',
            to,
            give: pay > 0 ? { ...give, money: pay } : give,
            get: pay < 0 ? { ...get, money: -pay } : get,
          };
          bestNet = net;
        }
      }
    }
  }
  return best;
}

/** Where money is hidden (another seat's), about what it holds: the starting money plus its announced incomes. */
function moneyOf(view: ChinatownView, seat: Seat): number {
  const known = view.money[seat];
  if (known !== null && known !== undefined) return known;
  let money = START_MONEY;
  for (const round of view.income) money += round[seat] ?? 0;
  return money;
}

/**
 * The offer to `input.seat` whose acceptance raises its potential most, by more than `margin`, or `undefined`. Judged
 * on one sample of the hidden facts, as the offers it makes are.
 */
export function acceptedByPotential(input: BotInput, margin: number): ChinatownMove | undefined {
  const { game, seat, rng } = input;
  const view = input.view as ChinatownView;
  const sampled = game.determinize(view, seat, rng);
  const before = potential(view, seat);
  let best: ChinatownMove | undefined;
  let bestGain = margin;
  for (const raw of input.legalMoves) {
    const move = raw as ChinatownMove;
    if (move.type !== 'accept') continue;
    const state = game.clone(sampled);
    if (game.validate(state, seat, move) !== null) continue;
    game.applyInPlace(state, seat, move);
    const gain = potential(game.view(state, seat) as ChinatownView, seat) - before;
    if (gain > bestGain) [best, bestGain] = [move, gain];
  }
  return best;
}
