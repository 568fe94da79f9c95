import {
  bestSeats,
  CHANCE,
  CHANCE_ONLY,
  isIntIn,
  NOBODY,
  readMove,
  seatAlone,
  shuffle,
  type Actor,
  type Rng,
  type Status,
} from '@skyline/engine';
import {
  ECONOMY_COUNT,
  ECONOMY_IDS,
  ECONOMY_PUT_AWAY,
  KIND_COUNT,
  KIND_IDS,
  KIND_TILES,
  LOT_COUNT,
  NEIGHBOURS,
  NO_STREET_ACCESS,
  ROUNDS,
  SHOP_TILE_COUNT,
  economyOf,
  isLot,
  kindOf,
  lotCardsOf,
  shopTilesOf,
} from './data.js';
import {
  BUY_OFFERS,
  CHANCE_SHAPES,
  DONE_MOVE,
  LOT_BUY_OFFERS,
  LOT_CARD_SELL_OFFERS,
  MOVE_SHAPES,
  PLACE_MOVES,
  READY_MOVE,
  SELL_OFFERS,
  SWAP_OFFERS,
  UNREADY_MOVE,
  answerMove,
  type ChinatownChance,
  type ChinatownMove,
} from './moves.js';
import { economyIncome, shopIncome } from './shops.js';
import { roundParts } from './breakdown.js';
import { addCard, removeCard, type ChinatownState, type Phase } from './state.js';
import { acceptProblem, exchange, offerProblem, readBundle } from './trading.js';

// ---------------------------------------------------------------------------------------------------------------
// Who is awaited

const ALL_SEATS: readonly (readonly Actor[])[] = [0, 1, 2, 3, 4, 5].map((n) =>
  Object.freeze(Array.from({ length: n }, (_, seat) => seat)),
);

/** Whether `seat` still has to choose the lots it settles this round. */
export function mustSettle(state: ChinatownState, seat: number): boolean {
  return state.phase === 'settle' && (state.toSettle[seat] as number) > 0 && state.settles[seat] === null;
}

/** Whether `seat` may place tiles (or end its placement) now. */
export function placing(state: ChinatownState, seat: number): boolean {
  if (state.phase !== 'place' || state.done[seat]) return false;
  return !state.options.sequentialPlacement || state.turn === seat;
}

export function active(state: ChinatownState): readonly Actor[] {
  switch (state.phase) {
    case 'over':
      return NOBODY;
    case 'setup':
    case 'shuffle':
      return CHANCE_ONLY;
    case 'trade':
      return ALL_SEATS[state.players] as readonly Actor[]; // every seat may act until all are ready
    case 'settle':
    case 'place': {
      if (state.phase === 'place' && state.options.sequentialPlacement) {
        return seatAlone(state.turn);
      }
      const seats: number[] = [];
      for (let seat = 0; seat < state.players; seat++) {
        if (state.phase === 'settle' ? mustSettle(state, seat) : !state.done[seat]) seats.push(seat);
      }
      return seats;
    }
  }
}

export function status(state: ChinatownState): Status {
  const over = state.phase === 'over';
  return {
    over,
    active: active(state).slice() as Status['active'],
    scores: state.money.slice(),
    winners: over ? bestSeats(state.money) : [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Legal moves

/** Every `size`-subset of the (ascending) hand, in lexicographic order. */
function subsets(hand: readonly number[], size: number): ChinatownMove[] {
  const moves: ChinatownMove[] = [];
  const pick: number[] = [];
  const walk = (from: number): void => {
    if (pick.length === size) {
      moves.push({ type: 'settle', lots: pick.slice() });
      return;
    }
    for (let k = from; k <= hand.length - (size - pick.length); k++) {
      pick.push(hand[k] as number);
      walk(k + 1);
      pick.pop();
    }
  };
  walk(0);
  return moves;
}

/** Whether `seat` may put a tile of `kind` on its empty lot `lot` as far as variant A is concerned. */
export function streetAccessAllows(state: ChinatownState, seat: number, lot: number, kind: number): boolean {
  if (!state.options.streetAccess || !NO_STREET_ACCESS[lot]) return true;
  for (const next of NEIGHBOURS[lot] as number[]) {
    if (state.shop[next] === kind && state.owner[next] === seat) return true;
  }
  return false;
}

function placeMoves(state: ChinatownState, seat: number): ChinatownMove[] {
  const moves: ChinatownMove[] = [];
  const held = state.tiles[seat] as number[];
  for (let lot = 1; lot <= LOT_COUNT; lot++) {
    if (state.owner[lot] !== seat || state.shop[lot] !== -1) continue;
    for (let kind = 0; kind < KIND_COUNT; kind++) {
      if ((held[kind] as number) > 0 && streetAccessAllows(state, seat, lot, kind)) {
        moves.push((PLACE_MOVES[lot] as readonly ChinatownMove[])[kind] as ChinatownMove);
      }
    }
  }
  moves.push(DONE_MOVE);
  return moves;
}

/** How many simple offers of each sort the sample holds per other seat. */
const SAMPLE_PER_SORT = 2;

/**
 * The trading sample: ready or unready, answers to pending offers (accept only when it would succeed), withdrawals,
 * and per other seat a few simple offers (a tile for a tile, a tile bought or sold for $1,000, a neighbouring lot
 * bought for $2,000, with `keepLotCards` a lot card sold for $1,000). It depends only on what the seat knows. Which
 * kinds are offered turns with the number of offers made, so that the sample covers all kinds over time.
 */
function tradeMoves(state: ChinatownState, seat: number): ChinatownMove[] {
  const moves: ChinatownMove[] = [state.ready[seat] ? UNREADY_MOVE : READY_MOVE];
  for (const offer of state.offers) {
    if (offer.to === seat) {
      if (acceptProblem(state, offer) === null) moves.push(answerMove('accept', offer.id));
      moves.push(answerMove('decline', offer.id));
    } else if (offer.from === seat) {
      moves.push(answerMove('withdraw', offer.id));
    }
  }
  const mine = state.tiles[seat] as number[];
  const money = state.money[seat] as number;
  const lotToBuy = money >= 2000 ? neighbouringLots(state, seat) : NO_LOTS;
  for (let to = 0; to < state.players; to++) {
    if (to === seat) continue;
    const theirs = state.tiles[to] as number[];
    const offset = (state.offerCount + to) % KIND_COUNT;
    let swaps = 0;
    let buys = 0;
    let sells = 0;
    for (let step = 0; step < KIND_COUNT; step++) {
      const kind = (offset + step) % KIND_COUNT;
      if ((mine[kind] as number) > 0 && swaps < SAMPLE_PER_SORT) {
        for (let other = 1; other < KIND_COUNT; other++) {
          const wanted = (kind + other) % KIND_COUNT;
          if ((theirs[wanted] as number) > 0) {
            moves.push(SWAP_OFFERS[to]![kind]![wanted]!);
            swaps++;
            break;
          }
        }
      }
      if ((theirs[kind] as number) > 0 && money >= 1000 && buys < SAMPLE_PER_SORT) {
        moves.push(BUY_OFFERS[to]![kind]!);
        buys++;
      }
      if ((mine[kind] as number) > 0 && sells < SAMPLE_PER_SORT) {
        moves.push(SELL_OFFERS[to]![kind]!);
        sells++;
      }
    }
    const lot = lotToBuy[to] as number;
    if (lot > 0) moves.push(LOT_BUY_OFFERS[to]![lot]!);
    const hand = state.hands[seat] as number[];
    if (hand.length > 0) moves.push(LOT_CARD_SELL_OFFERS[to]![hand[0]!]!);
  }
  return moves;
}

const NO_LOTS: readonly number[] = [0, 0, 0, 0, 0];

/** For each other seat, its first lot that neighbours a lot of `seat` (a lot worth buying), or 0. */
function neighbouringLots(state: ChinatownState, seat: number): number[] {
  const found = [0, 0, 0, 0, 0];
  for (let lot = 1; lot <= LOT_COUNT; lot++) {
    const owner = state.owner[lot] as number;
    if (owner < 0 || owner === seat || found[owner] !== 0) continue;
    for (const next of NEIGHBOURS[lot] as number[]) {
      if (state.owner[next] === seat) {
        found[owner] = lot;
        break;
      }
    }
  }
  return found;
}

export function legalMoves(state: ChinatownState, seat: number): readonly ChinatownMove[] {
  if (!isIntIn(seat, 0, state.players - 1)) return [];
  switch (state.phase) {
    case 'settle':
      return mustSettle(state, seat)
        ? subsets(state.hands[seat] as number[], state.toSettle[seat] as number)
        : [];
    case 'trade':
      return tradeMoves(state, seat);
    case 'place':
      return placing(state, seat) ? placeMoves(state, seat) : [];
    case 'setup':
    case 'shuffle':
    case 'over':
      return [];
  }
}

/** At most this many pending offers of its own before a random player stops making new ones. */
const RANDOM_MAX_OPEN_OFFERS = 2;

/**
 * The random player: settles at random; trades a little (accepts an acceptable offer now and then, makes a few
 * offers, declines or withdraws while it is ready rather than leaving the ready state), then declares itself ready;
 * places tiles, and ends its placement only rarely while it still can place.
 */
export function randomMove(
  state: ChinatownState,
  seat: number,
  moves: readonly ChinatownMove[],
  rng: Rng,
): ChinatownMove {
  if (state.phase === 'place') {
    const last = moves.length - 1;
    if (last === 0 || rng.int(8) === 0) return moves[last] as ChinatownMove;
    return moves[rng.int(last)] as ChinatownMove;
  }
  if (state.phase !== 'trade') return moves[rng.int(moves.length)] as ChinatownMove;
  const accepts: ChinatownMove[] = [];
  const answers: ChinatownMove[] = [];
  const offers: ChinatownMove[] = [];
  let open = 0;
  for (const move of moves) {
    if (move.type === 'accept') accepts.push(move);
    else if (move.type === 'decline' || move.type === 'withdraw') {
      answers.push(move);
      if (move.type === 'withdraw') open++;
    } else if (move.type === 'offer') offers.push(move);
  }
  if (state.ready[seat]) {
    // Answer the offers made to it (now and then accepting one); otherwise stay ready when there is something
    // harmless to do.
    if (accepts.length > 0 && rng.int(3) === 0) return accepts[rng.int(accepts.length)] as ChinatownMove;
    if (answers.length > 0) return answers[rng.int(answers.length)] as ChinatownMove;
    return moves[0] as ChinatownMove; // unready
  }
  const roll = rng.int(12);
  if (accepts.length > 0 && roll < 2) return accepts[rng.int(accepts.length)] as ChinatownMove;
  if (offers.length > 0 && open < RANDOM_MAX_OPEN_OFFERS && roll < 5) {
    return offers[rng.int(offers.length)] as ChinatownMove;
  }
  return moves[0] as ChinatownMove; // ready
}

/**
 * Which awaited seat moves next in a random game: in trading, a seat that is not ready yet or that has offers to
 * answer (a ready seat with nothing to answer could only unready, and random games would not end if such seats
 * kept being asked); otherwise any awaited one.
 */
export function randomActor(state: ChinatownState, rng: Rng): Actor {
  const awaited = active(state);
  if (state.phase !== 'trade') return awaited[rng.int(awaited.length)] as Actor;
  const seats: number[] = [];
  for (let seat = 0; seat < state.players; seat++) {
    if (!state.ready[seat] || state.offers.some((offer) => offer.to === seat)) seats.push(seat);
  }
  return seats[rng.int(seats.length)] as number;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation: the reasons a move is refused

const STEP_NAMES: Record<Phase, string> = {
  setup: 'the game has not been set up yet',
  settle: 'the seats are choosing the lots they settle',
  shuffle: 'the lot deck is being shuffled',
  trade: 'the seats are trading',
  place: 'the seats are placing shop tiles',
  over: 'the game is over',
};

const MOVE_STEP: Record<ChinatownMove['type'], Phase> = {
  settle: 'settle',
  offer: 'trade',
  accept: 'trade',
  decline: 'trade',
  withdraw: 'trade',
  ready: 'trade',
  unready: 'trade',
  place: 'place',
  done: 'place',
};

function permutationProblem(value: unknown, field: string, expected: readonly number[]): string | null {
  if (!Array.isArray(value)) return `"${field}" must list lot numbers`;
  if (value.length !== expected.length)
    return `"${field}" must list the ${expected.length} lot cards of the deck, not ${value.length}`;
  const wanted = new Set(expected);
  const seen = new Set<number>();
  for (let k = 0; k < value.length; k++) {
    const lot: unknown = value[k];
    if (!isLot(lot)) return `there is no lot card ${JSON.stringify(lot)} (${field}[${k}])`;
    if (seen.has(lot)) return `lot card ${lot} appears twice in "${field}"`;
    if (!wanted.has(lot)) return `lot card ${lot} is not in the deck`;
    seen.add(lot);
  }
  return null;
}

const ALL_LOTS: readonly number[] = Array.from({ length: LOT_COUNT }, (_, k) => k + 1);

function validateChance(state: ChinatownState, move: unknown): string | null {
  if (state.phase !== 'setup' && state.phase !== 'shuffle') {
    return state.phase === 'over'
      ? 'the game is over'
      : `no chance move is expected now: ${STEP_NAMES[state.phase]}`;
  }
  const read = readMove(move, CHANCE_SHAPES, 'chance move');
  if (!read.ok) return read.reason;
  const fields = read.fields;
  if (read.type === 'shuffleLots') {
    if (state.phase !== 'shuffle') return 'the game must be set up first';
    return permutationProblem(fields.order, 'order', state.lotDeck);
  }
  if (state.phase !== 'setup') return 'the game has been set up already: the lot deck is to be shuffled';
  const lots = permutationProblem(fields.lots, 'lots', ALL_LOTS);
  if (lots !== null) return lots;
  const shops = fields.shops;
  if (!Array.isArray(shops) || shops.length !== SHOP_TILE_COUNT) {
    return `"shops" must list the ${SHOP_TILE_COUNT} shop tiles by kind`;
  }
  const counts = new Array<number>(KIND_COUNT).fill(0);
  for (let k = 0; k < shops.length; k++) {
    const kind = kindOf(shops[k]);
    if (kind === undefined) return `there is no shop kind ${JSON.stringify(shops[k])} (shops[${k}])`;
    counts[kind] = (counts[kind] as number) + 1;
  }
  for (let kind = 0; kind < KIND_COUNT; kind++) {
    if (counts[kind] !== KIND_TILES[kind]) {
      return `"shops" must hold ${KIND_TILES[kind]} ${KIND_IDS[kind]} tiles, not ${counts[kind]}`;
    }
  }
  if (!state.options.economy) {
    if (fields.economy !== undefined) return 'the game is played without economy cards: leave out "economy"';
  } else {
    const economy = fields.economy;
    if (!Array.isArray(economy) || economy.length !== ECONOMY_COUNT) {
      return `"economy" must list the ${ECONOMY_COUNT} economy cards (${ECONOMY_IDS.join(', ')})`;
    }
    const seen = new Set<number>();
    for (let k = 0; k < economy.length; k++) {
      const card = economyOf(economy[k]);
      if (card === undefined) return `there is no economy card ${JSON.stringify(economy[k])} (economy[${k}])`;
      if (seen.has(card)) return `economy card ${ECONOMY_IDS[card]} appears twice`;
      seen.add(card);
    }
  }
  if (!isIntIn(fields.start, 0, state.players - 1))
    return `"start" must be a seat from 0 to ${state.players - 1}`;
  return null;
}

function validateSettle(state: ChinatownState, seat: number, lots: unknown): string | null {
  const count = state.toSettle[seat] as number;
  if (!Array.isArray(lots)) return `"lots" must list the ${count} lots you settle`;
  const hand = state.hands[seat] as number[];
  const seen = new Set<number>();
  for (const lot of lots) {
    if (!isLot(lot)) return `there is no lot ${JSON.stringify(lot)} (lots are 1 to 85)`;
    if (seen.has(lot)) return `lot ${lot} is listed twice`;
    if (!hand.includes(lot)) return `lot card ${lot} is not in your hand`;
    seen.add(lot);
  }
  if (lots.length !== count)
    return `you settle exactly ${count} lot${count === 1 ? '' : 's'} this round, not ${lots.length}`;
  return null;
}

function validateOffer(
  state: ChinatownState,
  seat: number,
  fields: Readonly<Record<string, unknown>>,
): string | null {
  const to = fields.to;
  if (!isIntIn(to, 0, state.players - 1)) return `"to" must be a seat from 0 to ${state.players - 1}`;
  if (to === seat) return 'you cannot make an offer to yourself';
  const give = readBundle(fields.give, 'give', state.options.keepLotCards);
  if (typeof give === 'string') return give;
  const get = readBundle(fields.get, 'get', state.options.keepLotCards);
  if (typeof get === 'string') return get;
  return offerProblem(state, seat, to, give, get);
}

function validateAnswer(state: ChinatownState, seat: number, type: string, id: unknown): string | null {
  if (!isIntIn(id, 1, Number.MAX_SAFE_INTEGER)) return '"offer" must be an offer number (1, 2, ...)';
  const offer = state.offers.find((o) => o.id === id);
  if (offer === undefined) {
    return id <= state.offerCount ? `offer ${id} is no longer open` : `there is no offer ${id}`;
  }
  if (type === 'withdraw') return offer.from === seat ? null : `offer ${id} is not yours to withdraw`;
  if (offer.to !== seat) return `offer ${id} is not made to you`;
  return type === 'accept' ? acceptProblem(state, offer) : null;
}

function validatePlace(state: ChinatownState, seat: number, lot: unknown, shop: unknown): string | null {
  if (!isLot(lot)) return `there is no lot ${JSON.stringify(lot)} (lots are 1 to 85)`;
  const kind = kindOf(shop);
  if (kind === undefined) return `there is no shop kind ${JSON.stringify(shop)}`;
  if (state.owner[lot] !== seat) return `lot ${lot} is not yours`;
  if (state.shop[lot] !== -1) return `lot ${lot} already holds a shop tile`;
  if ((state.tiles[seat] as number[])[kind] === 0) return `you hold no ${shop as string} tile`;
  if (!streetAccessAllows(state, seat, lot, kind)) {
    return `lot ${lot} has no street access: it can only extend a ${shop as string} shop of yours next to it`;
  }
  return null;
}

export function validate(state: ChinatownState, actor: Actor, move: unknown): string | null {
  if (actor === CHANCE) return validateChance(state, move);
  if (!isIntIn(actor, 0, state.players - 1)) return `there is no seat ${String(actor)}`;
  const read = readMove(move, MOVE_SHAPES);
  if (!read.ok) return read.reason;
  const seat = actor;
  const type = read.type as ChinatownMove['type'];
  if (state.phase === 'over') return 'the game is over';
  if (MOVE_STEP[type] !== state.phase) {
    return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} move is not possible now: ${STEP_NAMES[state.phase]}`;
  }
  const fields = read.fields;
  switch (type) {
    case 'settle':
      if (!mustSettle(state, seat)) {
        return (state.toSettle[seat] as number) === 0
          ? 'you hold no lot card to settle this round'
          : 'you have already chosen your lots this round';
      }
      return validateSettle(state, seat, fields.lots);
    case 'offer':
      return validateOffer(state, seat, fields);
    case 'accept':
    case 'decline':
    case 'withdraw':
      return validateAnswer(state, seat, type, fields.offer);
    case 'ready':
      return state.ready[seat] ? 'you are ready already' : null;
    case 'unready':
      return state.ready[seat] ? null : 'you are not ready: there is nothing to take back';
    case 'place':
    case 'done':
      if (!placing(state, seat)) {
        return state.done[seat]
          ? 'you have ended your placement this round'
          : `it is not your turn to place: seat ${state.turn} is placing`;
      }
      return type === 'done' ? null : validatePlace(state, seat, fields.lot, fields.shop);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Applying moves (in place; the move has been validated)

/** The rules of a move (the engine has counted the step: see `defineGame`). */
export function apply(state: ChinatownState, actor: Actor, move: ChinatownMove | ChinatownChance): void {
  if (actor === CHANCE) {
    const chance = move as ChinatownChance;
    if (chance.type === 'setup') {
      state.lotDeck = chance.lots.slice();
      state.shopDeck = chance.shops.map((id) => kindOf(id) as number);
      state.economy = (chance.economy ?? []).map((id) => economyOf(id) as number);
      state.start = chance.start;
      startRound(state);
    } else {
      state.lotDeck = chance.order.slice();
      drawShops(state);
    }
    return;
  }
  const seat = actor;
  const played = move as ChinatownMove;
  switch (played.type) {
    case 'settle':
      state.settles[seat] = played.lots.slice().sort((a, b) => a - b);
      if (!state.settles.some((_, other) => mustSettle(state, other))) reveal(state);
      return;
    case 'offer': {
      const keep = state.options.keepLotCards;
      const give = readBundle(played.give, 'give', keep);
      const get = readBundle(played.get, 'get', keep);
      if (typeof give === 'string' || typeof get === 'string') throw new Error(`chinatown: unchecked offer`);
      state.offers.push({ id: ++state.offerCount, from: seat, to: played.to, give, get });
      state.ready[seat] = false;
      return;
    }
    case 'accept': {
      const at = state.offers.findIndex((o) => o.id === played.offer);
      const offer = state.offers[at];
      if (offer === undefined) throw new Error(`chinatown: offer ${played.offer} is not open`);
      state.offers.splice(at, 1);
      exchange(state, offer);
      state.ready[offer.from] = false;
      state.ready[offer.to] = false;
      return;
    }
    case 'decline':
    case 'withdraw':
      state.offers = state.offers.filter((o) => o.id !== played.offer);
      return;
    case 'ready':
      state.ready[seat] = true;
      if (state.ready.every(Boolean)) endTrading(state);
      return;
    case 'unready':
      state.ready[seat] = false;
      return;
    case 'place': {
      const kind = kindOf(played.shop) as number;
      (state.tiles[seat] as number[])[kind]! -= 1;
      state.shop[played.lot] = kind;
      return;
    }
    case 'done':
      state.done[seat] = true;
      endPlacementTurn(state);
      return;
  }
}

/** Deals `count` items to each seat from the front of `deck`: seat by seat, or one at a time if the deck is short. */
function drawEach(
  deck: number[],
  players: number,
  count: number,
  give: (seat: number, item: number) => void,
): number {
  let drawn = 0;
  if (deck.length >= players * count) {
    for (let seat = 0; seat < players; seat++) {
      for (let k = 0; k < count; k++) give(seat, deck[drawn++] as number);
    }
  } else {
    for (let k = 0; k < count && drawn < deck.length; k++) {
      for (let seat = 0; seat < players && drawn < deck.length; seat++) give(seat, deck[drawn++] as number);
    }
  }
  deck.splice(0, drawn);
  return drawn;
}

/** Step 1 of a round: lot cards are drawn, and the seats that hold any choose what to settle. */
function startRound(state: ChinatownState): void {
  const { draw, settle } = lotCardsOf(state.players, state.round, state.options.drawMax);
  drawEach(state.lotDeck, state.players, draw, (seat, card) => addCard(state.hands[seat] as number[], card));
  for (let seat = 0; seat < state.players; seat++) {
    state.toSettle[seat] = Math.min(settle, (state.hands[seat] as number[]).length);
    state.settles[seat] = null;
  }
  state.settleStart = state.step;
  state.phase = 'settle';
  if (state.toSettle.every((n) => n === 0)) reveal(state);
}

/** The settle choices are revealed; the cards not settled go back to the deck (unless kept) to be shuffled. */
function reveal(state: ChinatownState): void {
  let returned = 0;
  for (let seat = 0; seat < state.players; seat++) {
    const hand = state.hands[seat] as number[];
    for (const lot of state.settles[seat] ?? []) {
      state.owner[lot] = seat;
      removeCard(hand, lot);
    }
    state.settles[seat] = null;
    state.toSettle[seat] = 0;
    if (!state.options.keepLotCards) {
      returned += hand.length;
      state.lotDeck.push(...hand);
      state.hands[seat] = [];
    }
  }
  if (returned > 0) state.phase = 'shuffle';
  else drawShops(state);
}

/** Step 2: shop tiles are drawn; then trading opens. */
function drawShops(state: ChinatownState): void {
  state.shopsDrawn += drawEach(
    state.shopDeck,
    state.players,
    shopTilesOf(state.players, state.round),
    (seat, kind) => {
      (state.tiles[seat] as number[])[kind]! += 1;
    },
  );
  state.phase = 'trade';
  state.ready.fill(false);
  state.offers = [];
}

/** Every seat is ready: pending offers lapse, and placement begins. */
function endTrading(state: ChinatownState): void {
  state.offers = [];
  state.ready.fill(false);
  state.phase = 'place';
  state.done.fill(false);
  state.turn = state.options.sequentialPlacement ? state.start : -1;
}

function endPlacementTurn(state: ChinatownState): void {
  if (state.options.sequentialPlacement) {
    const next = (state.turn + 1) % state.players;
    if (!state.done[next]) {
      state.turn = next;
      return;
    }
  } else if (!state.done.every(Boolean)) {
    return;
  }
  state.turn = -1;
  payIncome(state);
}

/** Step 5: the economy card, then the shops' income; then the next round, or the end. */
function payIncome(state: ChinatownState): void {
  const income = shopIncome(state.players, state.owner, state.shop);
  const card = state.options.economy ? (state.economy[ECONOMY_PUT_AWAY + state.revealed] as number) : null;
  state.incomeParts.push(roundParts(state, card));
  if (card !== null) {
    state.revealed++;
    economyIncome(state.players, card, state.owner, state.shop).forEach((bonus, seat) => {
      income[seat] = (income[seat] as number) + bonus;
    });
  }
  income.forEach((amount, seat) => {
    state.money[seat] = (state.money[seat] as number) + amount;
  });
  state.income.push(income);
  state.done.fill(false);
  state.start = (state.start + 1) % state.players; // the start tile passes clockwise after every round
  if (state.round === ROUNDS) {
    state.phase = 'over';
    return;
  }
  state.round++;
  startRound(state);
}

// ---------------------------------------------------------------------------------------------------------------
// Chance

const SHOP_TILES: readonly string[] = KIND_IDS.flatMap((id, kind) =>
  new Array<string>(KIND_TILES[kind] as number).fill(id),
);

export function sampleChance(state: ChinatownState, rng: Rng): ChinatownChance {
  if (state.phase === 'shuffle') return { type: 'shuffleLots', order: shuffle(state.lotDeck.slice(), rng) };
  const setup: ChinatownChance = {
    type: 'setup',
    lots: shuffle(ALL_LOTS.slice(), rng),
    shops: shuffle(SHOP_TILES.slice(), rng),
    start: 0,
  };
  if (state.options.economy) setup.economy = shuffle(ECONOMY_IDS.slice(), rng);
  setup.start = rng.int(state.players);
  return setup;
}
