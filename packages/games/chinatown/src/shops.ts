import {
  COMPLETE,
  ECONOMY_SIZES,
  INCOMPLETE,
  KIND_IDS,
  KIND_SIZE,
  LOT_COUNT,
  NEIGHBOURS,
  kindOf,
} from './data.js';

/**
 * Shops and income (the rules page, "Shops and income"). A shop is a connected group of tiles of one
 * kind, on neighbouring lots of one owner; a group of `n` tiles of a kind of size `m` counts as `n div m` complete
 * shops and, if `n mod m` is not 0, one incomplete shop of `n mod m` tiles.
 */

/** How many complete shops one connected group of `n` tiles of a kind of size `m` counts as. */
export function completeShops(n: number, m: number): number {
  return Math.floor(n / m);
}

/** The income of one connected group of `n` tiles of a kind of size `m`. */
export function groupIncome(n: number, m: number): number {
  const rest = n % m;
  return completeShops(n, m) * (COMPLETE[m] as number) + (rest > 0 ? (INCOMPLETE[rest] as number) : 0);
}

/** One connected group of same-kind, same-owner tiles. */
export interface Group {
  owner: number;
  kind: number;
  lots: number[];
}

/** Every group on the board, by flood fill from the lowest lot of each. */
export function groups(owner: readonly number[], shop: readonly number[]): Group[] {
  const seen = new Uint8Array(LOT_COUNT + 1);
  const found: Group[] = [];
  const stack: number[] = [];
  for (let lot = 1; lot <= LOT_COUNT; lot++) {
    const kind = shop[lot] as number;
    if (kind < 0 || seen[lot]) continue;
    const who = owner[lot] as number;
    const lots: number[] = [];
    seen[lot] = 1;
    stack.push(lot);
    while (stack.length > 0) {
      const at = stack.pop() as number;
      lots.push(at);
      for (const next of NEIGHBOURS[at] as number[]) {
        if (!seen[next] && shop[next] === kind && owner[next] === who) {
          seen[next] = 1;
          stack.push(next);
        }
      }
    }
    found.push({ owner: who, kind, lots: lots.sort((a, b) => a - b) });
  }
  return found;
}

/** A view's `shop[lot]` (a kind id or `null`) as the rules' kind indices (-1: no shop). */
function kindIndices(shop: readonly (string | null)[]): number[] {
  return Array.from({ length: LOT_COUNT + 1 }, (_, lot) => kindOf(shop[lot]) ?? -1);
}

/** A group as a view names it: its kind by id, and whether it counts at least one complete shop. */
export interface ShopOnBoard {
  owner: number;
  kind: string;
  lots: number[];
  complete: boolean;
}

/**
 * The groups on a board as a view shows it (`owner[lot]`, -1 for nobody; `shop[lot]`, a kind id or `null`): the same
 * groups the income is paid on (`groups`), by kind id, each told complete when it counts at least one complete shop.
 * The board outlines and stars them from this.
 */
export function shopsOnBoard(owner: readonly number[], shop: readonly (string | null)[]): ShopOnBoard[] {
  return groups(owner, kindIndices(shop)).map((group) => ({
    owner: group.owner,
    kind: KIND_IDS[group.kind] as string,
    lots: group.lots,
    complete: completeShops(group.lots.length, KIND_SIZE[group.kind] as number) > 0,
  }));
}

/** Each seat's income from its shops. */
export function shopIncome(players: number, owner: readonly number[], shop: readonly number[]): number[] {
  const income = new Array<number>(players).fill(0);
  for (const group of groups(owner, shop)) {
    income[group.owner] =
      (income[group.owner] as number) + groupIncome(group.lots.length, KIND_SIZE[group.kind] as number);
  }
  return income;
}

/** Each seat's bonus from an economy card: $1,000 for every tile on its lots of a size the card names. */
export function economyIncome(
  players: number,
  card: number,
  owner: readonly number[],
  shop: readonly number[],
): number[] {
  const sizes = ECONOMY_SIZES[card] as readonly number[];
  const income = new Array<number>(players).fill(0);
  if (sizes.length === 0) return income;
  for (let lot = 1; lot <= LOT_COUNT; lot++) {
    const kind = shop[lot] as number;
    if (kind >= 0 && sizes.includes(KIND_SIZE[kind] as number)) {
      income[owner[lot] as number] = (income[owner[lot] as number] as number) + 1000;
    }
  }
  return income;
}

/**
 * Each seat's income from its shops on a board as a view shows it: what it would earn if the round ended now, before
 * the economy card (drawn only then) adds its bonus.
 */
export function shopIncomeOnBoard(
  players: number,
  owner: readonly number[],
  shop: readonly (string | null)[],
): number[] {
  return shopIncome(players, owner, kindIndices(shop));
}
