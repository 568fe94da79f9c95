/**
 * Chinatown's conformance suite, shared by its three test files (one per seat count: the suite is the slowest of the
 * pure tests, and three files spread it over the test threads).
 */
import type { Rng } from '@skyline/engine';
import type { ConformanceConfig } from '@skyline/engine/testing';
import {
  KIND_IDS,
  LOT_COUNT,
  chinatown,
  type ChinatownChance,
  type ChinatownState,
} from '@skyline/chinatown';
import { checkComponents } from './helpers.js';

const OPTION_SETS: Record<string, unknown>[] = [
  {},
  { economy: false },
  { streetAccess: true, sequentialPlacement: true },
  { keepLotCards: true },
  { drawMax: true, economy: false },
  { keepLotCards: true, drawMax: true, streetAccess: true, sequentialPlacement: true },
];

/**
 * Plausible moves of `seat` now, legal or not. In the closed steps (settle, place) it also checks that every
 * candidate `validate` accepts is listed by `legalMoves` (the suite cannot, as trading makes the space open).
 */
function candidateMoves(raw: unknown, seat: number): unknown[] {
  const state = raw as ChinatownState;
  const hand = state.hands[seat]!;
  const k = state.toSettle[seat]!;
  const stranger = state.lotDeck[0] ?? 85;
  const mine = [];
  const theirs = [];
  for (let lot = 1; lot <= LOT_COUNT; lot++) {
    if (state.owner[lot] === seat) mine.push(lot);
    else if (state.owner[lot] !== -1) theirs.push({ lot, owner: state.owner[lot]! });
  }
  const other = (seat + 1) % state.players;
  const heldKind = KIND_IDS[state.tiles[seat]!.findIndex((n) => n > 0)] ?? 'radio';
  const candidates: unknown[] = [
    { type: 'settle', lots: hand.slice(0, k) },
    { type: 'settle', lots: hand.slice(-k) },
    { type: 'settle', lots: hand.slice(0, k + 1) },
    { type: 'settle', lots: hand.slice(0, Math.max(0, k - 1)) },
    { type: 'settle', lots: [...hand.slice(0, k - 1), stranger] },
    { type: 'settle', lots: [hand[0], hand[0]] },
    { type: 'ready' },
    { type: 'unready' },
    { type: 'done' },
    { type: 'offer', to: seat, give: { money: 1000 }, get: {} },
    { type: 'offer', to: other, give: {}, get: {} },
    { type: 'offer', to: other, give: { money: state.money[seat] }, get: {} },
    { type: 'offer', to: other, give: { money: state.money[seat]! + 1000 }, get: {} },
    { type: 'offer', to: other, give: { money: 1500 }, get: {} },
    { type: 'offer', to: other, give: { shops: { [heldKind]: 1 } }, get: { money: 5000 } },
    { type: 'offer', to: other, give: { shops: { [heldKind]: 10 } }, get: {} },
    { type: 'offer', to: other, give: { shops: { bakery: 1 } }, get: {} },
    { type: 'offer', to: other, give: {}, get: { lotCards: [stranger] } },
    { type: 'offer', to: other, give: { lotCards: hand.slice(0, 1) }, get: { money: 1000 } },
    {
      type: 'offer',
      to: other,
      give: { lots: mine.slice(0, 2) },
      get: { lots: theirs.slice(0, 1).map((t) => t.lot) },
    },
    ...theirs
      .slice(0, 3)
      .map(({ lot, owner }) => ({ type: 'offer', to: owner, give: {}, get: { lots: [lot] } })),
    ...theirs.slice(0, 2).map(({ lot }) => ({ type: 'offer', to: other, give: { lots: [lot] }, get: {} })),
  ];
  for (let id = 1; id <= state.offerCount + 1; id++) {
    candidates.push(
      { type: 'accept', offer: id },
      { type: 'decline', offer: id },
      { type: 'withdraw', offer: id },
    );
  }
  if (state.phase === 'place') {
    for (const lot of mine) for (const shop of KIND_IDS) candidates.push({ type: 'place', lot, shop });
    for (const { lot } of theirs.slice(0, 3)) candidates.push({ type: 'place', lot, shop: heldKind });
    candidates.push(
      { type: 'place', lot: 86, shop: heldKind },
      { type: 'place', lot: mine[0] ?? 1, shop: 'bakery' },
    );
  }
  if (state.phase === 'settle' || state.phase === 'place') {
    const listed = new Set(chinatown.legalMoves(state, seat).map((m) => JSON.stringify(m)));
    for (const move of candidates) {
      if (chinatown.validate(state, seat, move) === null && !listed.has(JSON.stringify(move))) {
        throw new Error(`seat ${seat}: ${JSON.stringify(move)} is accepted but not listed by legalMoves`);
      }
    }
  }
  return candidates;
}

function corruptChance(raw: unknown, chance: unknown, rng: Rng): unknown[] {
  const state = raw as ChinatownState;
  const move = chance as ChinatownChance;
  if (move.type === 'shuffleLots') {
    const order = move.order;
    const outsider = state.owner.findIndex((o, lot) => lot > 0 && o !== -1);
    const at = rng.int(order.length);
    return [
      { ...move, order: order.slice(1) },
      { ...move, order: [...order, outsider] },
      { ...move, order: order.map((card, k) => (k === 0 && order.length > 1 ? order[1] : card)) },
      { ...move, order: order.map((card, k) => (k === at ? outsider : card)) },
      { ...move, type: 'setup' },
    ];
  }
  const duplicated = move.lots.slice();
  duplicated[1 + rng.int(84)] = duplicated[0]!;
  const shops = move.shops.slice();
  const swapped = rng.int(90);
  shops[swapped] = shops[swapped] === 'radio' ? 'seafood' : 'radio';
  const withEconomy = state.options.economy;
  return [
    { ...move, lots: move.lots.slice(1) },
    { ...move, lots: duplicated },
    { ...move, lots: move.lots.map((lot, k) => (k === 3 ? 86 : lot)) },
    { ...move, shops },
    { ...move, shops: move.shops.slice(1) },
    { ...move, start: state.players },
    { ...move, start: -1 },
    withEconomy ? { ...move, economy: undefined } : { ...move, economy: ['none-1'] },
    ...(withEconomy
      ? [{ ...move, economy: move.economy!.map((id, k) => (k === 1 ? move.economy![0] : id)) }]
      : []),
    { type: 'shuffleLots', order: move.lots },
  ];
}

/** The suite's settings for `players` seats: every option set, two random games each. */
export function conformanceFor(players: number): ConformanceConfig {
  return {
    setups: OPTION_SETS.map((options) => ({ players, options })),
    games: 2,
    maxSteps: 3000,
    openMoveSpace: true,
    viewEvery: 7,
    candidateMoves,
    corruptChance,
    invariant: (state) => checkComponents(state as ChinatownState),
  };
}
