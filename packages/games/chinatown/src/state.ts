import type { PeriodParts } from '@skyline/engine';
import { KIND_COUNT, LOT_COUNT, START_MONEY } from './data.js';
import type { ChinatownOptions } from './options.js';

/**
 * Where a game stands.
 * - `setup`: waiting for the setup chance move.
 * - `settle`: every seat that holds lot cards chooses, secretly, which lots it settles.
 * - `shuffle`: lot cards went back to the deck; waiting for its new order (chance).
 * - `trade`: every seat may offer, answer, and declare itself ready.
 * - `place`: seats place shop tiles on their own empty lots (all at once, or one at a time).
 * - `over`: the income of round 6 has been paid.
 */
export type Phase = 'setup' | 'settle' | 'shuffle' | 'trade' | 'place' | 'over';

/** One side of an offer, normalised: lots and lot cards ascending, tiles as a count per kind. */
export interface Bundle {
  lots: number[];
  /** `shops[kind]`: how many tiles of that kind. */
  shops: number[];
  money: number;
  lotCards: number[];
}

/** A pending offer. Offers are never changed once made (clones share them). */
export interface Offer {
  id: number;
  from: number;
  to: number;
  give: Bundle;
  get: Bundle;
}

export interface ChinatownState {
  players: number;
  options: ChinatownOptions;
  /** Log entries applied so far (the index of the next entry). */
  step: number;
  /** The round being played, 1..6 (6 once over). */
  round: number;
  phase: Phase;
  /** The lot deck; `lotDeck[0]` is drawn next. */
  lotDeck: number[];
  /** Shop tiles still to be drawn (kind indices), in order. */
  shopDeck: number[];
  /** How many entries of the setup's shop order have been drawn (they are public now). */
  shopsDrawn: number;
  /** The economy cards as set up: 3 put away, then one revealed per round; empty when `economy` is off. */
  economy: number[];
  /** Economy cards revealed so far. */
  revealed: number;
  /** Each seat's lot cards in hand, ascending (a settle choice stays in the hand until it is revealed). */
  hands: number[][];
  /** How many lots each seat settles this round (0: not asked). */
  toSettle: number[];
  /** Each seat's settle choice not yet revealed, or `null`. */
  settles: (number[] | null)[];
  /** Log index of the current round's first settle move (choices from there on are hidden until revealed). */
  settleStart: number;
  /** `tiles[seat][kind]`: shop tiles in hand (public). */
  tiles: number[][];
  /** `owner[lot]`: the seat that owns the lot, or -1 (index 0 unused). */
  owner: number[];
  /** `shop[lot]`: the kind of the tile on the lot, or -1. */
  shop: number[];
  money: number[];
  /** Trading: who has declared itself ready. */
  ready: boolean[];
  /** Trading: pending offers, in the order they were made. */
  offers: Offer[];
  /** Offers made so far over the whole game (the last offer's id). */
  offerCount: number;
  /** Placement: who has ended its placement this round. */
  done: boolean[];
  /** The holder of the start tile this round. */
  start: number;
  /** Sequential placement: the seat placing now; -1 otherwise. */
  turn: number;
  /** Each finished round's income per seat (economy card and shops). */
  income: number[][];
  /** Each finished round's income by term (`roundParts`), for the score breakdown. */
  incomeParts: PeriodParts[];
}

export function setup(players: number, options: ChinatownOptions): ChinatownState {
  return {
    players,
    options: { ...options },
    step: 0,
    round: 1,
    phase: 'setup',
    lotDeck: [],
    shopDeck: [],
    shopsDrawn: 0,
    economy: [],
    revealed: 0,
    hands: Array.from({ length: players }, () => []),
    toSettle: new Array<number>(players).fill(0),
    settles: new Array<number[] | null>(players).fill(null),
    settleStart: 0,
    tiles: Array.from({ length: players }, () => new Array<number>(KIND_COUNT).fill(0)),
    owner: new Array<number>(LOT_COUNT + 1).fill(-1),
    shop: new Array<number>(LOT_COUNT + 1).fill(-1),
    money: new Array<number>(players).fill(START_MONEY),
    ready: new Array<boolean>(players).fill(false),
    offers: [],
    offerCount: 0,
    done: new Array<boolean>(players).fill(false),
    start: -1,
    turn: -1,
    income: [],
    incomeParts: [],
  };
}

/** A fast deep copy. Offers and settle choices are never changed in place, so the copy shares them. */
export function clone(state: ChinatownState): ChinatownState {
  return {
    ...state,
    options: { ...state.options },
    lotDeck: state.lotDeck.slice(),
    shopDeck: state.shopDeck.slice(),
    economy: state.economy.slice(),
    hands: state.hands.map((hand) => hand.slice()),
    toSettle: state.toSettle.slice(),
    settles: state.settles.slice(),
    tiles: state.tiles.map((counts) => counts.slice()),
    owner: state.owner.slice(),
    shop: state.shop.slice(),
    money: state.money.slice(),
    ready: state.ready.slice(),
    offers: state.offers.slice(),
    done: state.done.slice(),
    income: state.income.map((round) => round.slice()),
    incomeParts: state.incomeParts.slice(), // a finished round's parts are never changed: shared
  };
}

/** Inserts a lot card into a hand kept ascending. */
export function addCard(hand: number[], card: number): void {
  let at = hand.length;
  while (at > 0 && (hand[at - 1] as number) > card) at--;
  hand.splice(at, 0, card);
}

export function removeCard(hand: number[], card: number): void {
  const at = hand.indexOf(card);
  if (at >= 0) hand.splice(at, 1);
}
