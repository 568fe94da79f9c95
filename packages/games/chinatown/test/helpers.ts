import { CHANCE } from '@skyline/engine';
import { gameHelpers } from '@skyline/engine/testing';
import {
  ECONOMY_IDS,
  KIND_IDS,
  LOT_COUNT,
  chinatown,
  type ChinatownOptions,
  type ChinatownState,
} from '@skyline/chinatown';

/** `newGame`, `play` and `expectRefused`, bound to this game (see `@skyline/engine/testing`). */
export const { newGame, play, expectRefused } = gameHelpers(chinatown);

export const KIND_TILE_COUNTS: Record<string, number> = {
  seafood: 6,
  pharmacy: 6,
  teahouse: 6,
  drycleaner: 7,
  restaurant: 7,
  sports: 7,
  antiques: 8,
  hardware: 8,
  tailor: 8,
  agency: 9,
  watchmaker: 9,
  radio: 9,
};

/** Every component is in exactly one place, and money is what the bank paid out. Throws when not. */
export function checkComponents(state: ChinatownState): void {
  if (state.phase === 'setup') return;
  const where = new Array<number>(LOT_COUNT + 1).fill(0);
  for (let lot = 1; lot <= LOT_COUNT; lot++) if (state.owner[lot] !== -1) where[lot]! += 1;
  for (const card of state.lotDeck) where[card]! += 1;
  for (const hand of state.hands) for (const card of hand) where[card]! += 1;
  for (let lot = 1; lot <= LOT_COUNT; lot++) {
    if (where[lot] !== 1) throw new Error(`lot card ${lot} is in ${where[lot]} places`);
  }
  state.settles.forEach((choice, seat) => {
    for (const lot of choice ?? []) {
      if (!state.hands[seat]!.includes(lot)) throw new Error(`seat ${seat} settles ${lot} without its card`);
    }
  });
  KIND_IDS.forEach((id, kind) => {
    let count = state.shopDeck.filter((k) => k === kind).length;
    for (const tiles of state.tiles) {
      if (tiles[kind]! < 0) throw new Error(`negative ${id} tiles`);
      count += tiles[kind]!;
    }
    for (let lot = 1; lot <= LOT_COUNT; lot++) {
      if (state.shop[lot] === kind) {
        count++;
        if (state.owner[lot] === -1) throw new Error(`a ${id} tile on lot ${lot}, which nobody owns`);
      }
    }
    if (count !== KIND_TILE_COUNTS[id]) throw new Error(`${count} ${id} tiles in the game`);
  });
  const paid = state.income.flat().reduce((sum, n) => sum + n, 0);
  const total = state.money.reduce((sum, n) => sum + n, 0);
  if (total !== 5000 * state.players + paid) throw new Error(`money not conserved: ${total}`);
  if (state.money.some((n) => n < 0)) throw new Error('negative money');
  for (const offer of state.offers) {
    if (offer.id > state.offerCount || offer.from === offer.to) throw new Error(`bad offer ${offer.id}`);
  }
}

/** A setup chance move: the named lot cards and shop tiles on top, the rest in order after them. */
export function setupMove(
  lotsTop: number[],
  shopsTop: string[],
  options: { start?: number; economy?: string[] | null } = {},
): Record<string, unknown> {
  const lots = [
    ...lotsTop,
    ...Array.from({ length: LOT_COUNT }, (_, k) => k + 1).filter((l) => !lotsTop.includes(l)),
  ];
  const left = { ...KIND_TILE_COUNTS };
  for (const id of shopsTop) left[id]! -= 1;
  const shops = [...shopsTop, ...KIND_IDS.flatMap((id) => new Array<string>(left[id]!).fill(id))];
  const move: Record<string, unknown> = { type: 'setup', lots, shops, start: options.start ?? 0 };
  if (options.economy !== null) move.economy = options.economy ?? ECONOMY_IDS.slice();
  return move;
}

export const READY = { type: 'ready' };
export const UNREADY = { type: 'unready' };
export const DONE = { type: 'done' };
export const settle = (...lots: number[]) => ({ type: 'settle', lots });
export const place = (lot: number, shop: string) => ({ type: 'place', lot, shop });
export const offer = (to: number, give: object, get: object) => ({ type: 'offer', to, give, get });
export const accept = (id: number) => ({ type: 'accept', offer: id });
export const decline = (id: number) => ({ type: 'decline', offer: id });
export const withdraw = (id: number) => ({ type: 'withdraw', offer: id });

/** Every seat declares itself ready (ending trading). */
export function allReady(state: ChinatownState): ChinatownState {
  let current = state;
  for (let seat = 0; seat < current.players; seat++) {
    if (!current.ready[seat]) current = play(current, [seat, READY]);
  }
  return current;
}

/** Every seat that still places ends its placement. */
export function allDone(state: ChinatownState): ChinatownState {
  let current = state;
  while (current.phase === 'place') {
    const seat = chinatown.active(current)[0] as number;
    current = play(current, [seat, DONE]);
  }
  return current;
}

/** A board of the given lots: `owner[lot]` and `shop[lot]` arrays as the state holds them. */
export function board(entries: [lot: number, owner: number, shop: string][]): {
  owner: number[];
  shop: number[];
} {
  const owner = new Array<number>(LOT_COUNT + 1).fill(-1);
  const shop = new Array<number>(LOT_COUNT + 1).fill(-1);
  for (const [lot, seat, id] of entries) {
    owner[lot] = seat;
    shop[lot] = KIND_IDS.indexOf(id);
    if (shop[lot] < 0) throw new Error(`no kind ${id}`);
  }
  return { owner, shop };
}

export { CHANCE };

/**
 * The standard 3-seat opening used by the rule tests. Round 1: seat 0 draws lot cards 19 22 24 26 20 1 2, seat 1
 * draws 16 17 18 23 25 3 4, seat 2 draws 71 72 73 74 75 5 6 (7 each); seat 0 draws 4 restaurant and 3 seafood tiles,
 * seat 1 3 seafood and 4 radio, seat 2 3 teahouse and 4 antiques. The economy cards lie in the data file's order
 * (none-1, none-2, none-3 put away; then all-3, all-4, all-5, all-6, all-3-4, all-5-6).
 */
export const OPENING_LOTS = [19, 22, 24, 26, 20, 1, 2, 16, 17, 18, 23, 25, 3, 4, 71, 72, 73, 74, 75, 5, 6];
export const OPENING_SHOPS = [
  ...new Array<string>(4).fill('restaurant'),
  ...new Array<string>(3).fill('seafood'),
  ...new Array<string>(3).fill('seafood'),
  ...new Array<string>(4).fill('radio'),
  ...new Array<string>(3).fill('teahouse'),
  ...new Array<string>(4).fill('antiques'),
];

/** The opening, set up and dealt: every seat is to settle. */
export function opening(options: Partial<ChinatownOptions> = {}, start = 0): ChinatownState {
  const economy = options.economy === false ? null : undefined;
  return play(newGame(3, options), [CHANCE, setupMove(OPENING_LOTS, OPENING_SHOPS, { start, economy })]);
}

/**
 * The opening up to trading: seat 0 settles 19 20 22 24 26, seat 1 16 17 18 23 25, seat 2 71 72 73 74 75; the 6
 * cards left (1 2 3 4 5 6) go back to the deck, which is shuffled with them on top in that order.
 */
export function openingTrade(options: Partial<ChinatownOptions> = {}, start = 0): ChinatownState {
  let state = play(
    opening(options, start),
    [0, settle(19, 20, 22, 24, 26)],
    [1, settle(16, 17, 18, 23, 25)],
    [2, settle(71, 72, 73, 74, 75)],
  );
  if (state.phase === 'shuffle') {
    const rest = state.lotDeck.filter((card) => card > 6);
    state = play(state, [CHANCE, { type: 'shuffleLots', order: [1, 2, 3, 4, 5, 6, ...rest] }]);
  }
  return state;
}

/** Every seat that must settle settles the first cards of its hand; a reshuffle keeps the deck's order. */
export function settleFirst(state: ChinatownState): ChinatownState {
  let current = state;
  while (current.phase === 'settle') {
    const seat = chinatown.active(current)[0] as number;
    current = play(current, [seat, settle(...current.hands[seat]!.slice(0, current.toSettle[seat]))]);
  }
  if (current.phase === 'shuffle')
    current = play(current, [CHANCE, { type: 'shuffleLots', order: current.lotDeck }]);
  return current;
}

/** From trading: everyone ready, nobody places, income; then the next round's settle step (first cards). */
export function nextRound(state: ChinatownState): ChinatownState {
  const after = allDone(allReady(state));
  return after.phase === 'over' ? after : settleFirst(after);
}
