/**
 * Chinatown for the tree search: what a sampled state should believe beyond the game's `determinize`, and a fast
 * playout policy that plays the way the greedy bot does, on states, at a small fraction of its cost.
 *
 * - **Rivals' money.** `determinize` cannot know another seat's money and fills in 0; games played out from such a
 *   state are all won by the observer, so every settle choice looked alike to the search. Each round's income is
 *   announced (`view.income`), so a rival holds about the starting money plus its incomes (money that changed hands
 *   in trades between others is secret); the sample is given that.
 * - **Playouts.** Random play places tiles on random lots and ends placement at random, which says nothing about the
 *   lots the search chooses between. Here each seat settles the lots that touch its own, trades nothing (answers
 *   offers with `decline`, then declares itself ready), and places each tile where it adds most income to its shops
 *   (a lone tile where its shop has most room to grow), as long as it has tiles and empty lots.
 */
import type { AnyGame, Rng, Seat } from '@skyline/engine';
import {
  KIND_COUNT,
  KIND_IDS,
  KIND_SIZE,
  NEIGHBOURS,
  START_MONEY,
  groupIncome,
  type ChinatownMove,
  type ChinatownState,
  type ChinatownView,
} from '../index.js';

/** Gives each rival whose money `view` hides the starting money plus its announced incomes. */
export function believeMoney(state: ChinatownState, view: ChinatownView, seat: Seat): void {
  for (let other = 0; other < view.players; other++) {
    if (other === seat || view.money[other] !== null) continue;
    let money = START_MONEY;
    for (const round of view.income) money += round[other] ?? 0;
    // Offers made to the observer may already have required more (`determinize` keeps what their flags reveal).
    state.money[other] = Math.max(state.money[other] ?? 0, money);
  }
}

/** The board as the income rules read it: `owner[lot]` and `shop[lot]` (a kind index, or -1). */
export interface Board {
  readonly owner: readonly number[];
  readonly shop: readonly number[];
}

// Marks and a stack shared by every call (playouts make millions): a lot is marked when `mark[lot] === epoch`.
const mark = new Uint32Array(128);
let epoch = 0;
const stack: number[] = [];

/** Size of the group of `kind` tiles of `seat` that holds `lot`, marking its lots. */
function flood(board: Board, seat: Seat, kind: number, lot: number): number {
  stack.length = 0;
  stack.push(lot);
  mark[lot] = epoch;
  let size = 0;
  while (stack.length > 0) {
    const at = stack.pop() as number;
    size++;
    for (const next of NEIGHBOURS[at] as number[]) {
      if (mark[next] !== epoch && board.shop[next] === kind && board.owner[next] === seat) {
        mark[next] = epoch;
        stack.push(next);
      }
    }
  }
  return size;
}

/**
 * The income per round that a tile of `kind` on `seat`'s empty `lot` adds (it may join groups of its kind): the same
 * as the difference of `shopIncome` before and after, from the lot's neighbourhood only.
 */
export function placementGain(board: Board, seat: Seat, lot: number, kind: number): number {
  const size = KIND_SIZE[kind] as number;
  if (epoch === 0xffffffff) [epoch] = [0, mark.fill(0)];
  epoch++;
  mark[lot] = epoch;
  let before = 0;
  let merged = 1;
  for (const next of NEIGHBOURS[lot] as number[]) {
    if (mark[next] === epoch || board.shop[next] !== kind || board.owner[next] !== seat) continue;
    const n = flood(board, seat, kind, next);
    before += groupIncome(n, size);
    merged += n;
  }
  return groupIncome(merged, size) - before;
}

/** Room for the shop to grow: the seat's empty lots around `lot`, and twice its tiles of `kind` there. */
function room(state: ChinatownState, seat: Seat, lot: number, kind: number): number {
  let room = 0;
  for (const next of NEIGHBOURS[lot] as number[]) {
    if (state.owner[next] !== seat) continue;
    if (state.shop[next] === -1) room += 1;
    else if (state.shop[next] === kind) room += 2;
  }
  return room;
}

const DONE: ChinatownMove = Object.freeze({ type: 'done' });
const READY: ChinatownMove = Object.freeze({ type: 'ready' });

function placeMove(game: AnyGame, state: ChinatownState, seat: Seat, rng: Rng): ChinatownMove {
  const held = state.tiles[seat] as number[];
  if (!held.some((n) => n > 0)) return DONE;
  let best: ChinatownMove | null = null;
  let bestScore = -Infinity;
  for (let lot = 1; lot < state.owner.length; lot++) {
    if (state.owner[lot] !== seat || state.shop[lot] !== -1) continue;
    for (let kind = 0; kind < KIND_COUNT; kind++) {
      if ((held[kind] as number) === 0) continue;
      const score =
        placementGain(state, seat, lot, kind) + room(state, seat, lot, kind) + rng.int(1000) / 1000;
      if (score <= bestScore) continue;
      const move: ChinatownMove = { type: 'place', lot, shop: KIND_IDS[kind] as string };
      // Variant A forbids opening a shop on some lots: only checked when it is on.
      if (state.options.streetAccess && game.validate(state, seat, move) !== null) continue;
      [best, bestScore] = [move, score];
    }
  }
  return best ?? DONE;
}

/** The lots to settle: one at a time, the one touching most of the seat's lots (and those chosen before it). */
function settleMove(state: ChinatownState, seat: Seat, rng: Rng): ChinatownMove {
  const hand = (state.hands[seat] as number[]).slice();
  const count = state.toSettle[seat] as number;
  const chosen: number[] = [];
  while (chosen.length < count && hand.length > 0) {
    let bestAt = 0;
    let bestScore = -Infinity;
    hand.forEach((lot, at) => {
      let score = rng.int(1000) / 1000;
      for (const next of NEIGHBOURS[lot] as number[]) {
        if (state.owner[next] === seat || chosen.includes(next)) score += 1;
      }
      if (score > bestScore) [bestAt, bestScore] = [at, score];
    });
    chosen.push(...hand.splice(bestAt, 1));
  }
  return { type: 'settle', lots: chosen.sort((a, b) => a - b) };
}

/** The playout policy's move for `seat` (an awaited seat of `state`, as `randomActor` picks them). */
export function playoutMove(game: AnyGame, state: ChinatownState, seat: Seat, rng: Rng): ChinatownMove {
  switch (state.phase) {
    case 'settle':
      return settleMove(state, seat, rng);
    case 'trade': {
      const offer = state.offers.find((o) => o.to === seat);
      if (offer !== undefined) return { type: 'decline', offer: offer.id };
      return state.ready[seat] ? { type: 'unready' } : READY;
    }
    case 'place':
      return placeMove(game, state, seat, rng);
    case 'setup':
    case 'shuffle':
    case 'over':
      throw new Error(`chinatown: no seat moves in phase ${state.phase}`);
  }
}
