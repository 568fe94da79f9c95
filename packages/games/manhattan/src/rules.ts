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
  CARD_NUMBERS,
  CARDS_PER_NUMBER,
  CITIES,
  DECK,
  HAND_SIZE,
  LOTS,
  MAX_FLOORS,
  lotIndex,
} from './components.js';
import {
  CHANCE_SHAPES,
  DISCARD_MOVES,
  MOVE_SHAPES,
  SELECTIONS,
  SKIP_MOVE,
  buildMove,
  type ManhattanChance,
  type ManhattanMove,
} from './moves.js';
import { piecesPerRound, roundsOf } from './options.js';
import { scoreBoard } from './scoring.js';
import { roundParts } from './breakdown.js';
import {
  addCard,
  lotOfCard,
  placePiece,
  removeCard,
  smallestPieceFor,
  type ManhattanState,
} from './state.js';

// ---------------------------------------------------------------------------------------------------------------
// Who is awaited

export function active(state: ManhattanState): readonly Actor[] {
  switch (state.phase) {
    case 'over':
      return NOBODY;
    case 'deal':
    case 'shuffle':
      return CHANCE_ONLY;
    case 'select':
    case 'build':
      return seatAlone(state.turn);
  }
}

/** Round `round` starts with the seat after the previous round's start seat (**Decision** of the spec). */
export function startSeat(state: ManhattanState, round: number): number {
  return (state.first + round - 1) % state.players;
}

export function status(state: ManhattanState): Status {
  const over = state.phase === 'over';
  return {
    over,
    active: active(state).slice() as Status['active'],
    scores: state.totals.slice(),
    winners: over ? bestSeats(state.totals) : [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// What a seat can build

/** The largest piece `seat` still has among its chosen pieces of the round (0 when none). */
function largestChosen(state: ManhattanState, seat: number): number {
  const chosen = state.chosen[seat] as number[];
  for (let size = MAX_FLOORS; size >= 1; size--) if ((chosen[size - 1] as number) > 0) return size;
  return 0;
}

/** Whether `card` lets `seat` put one of its chosen pieces somewhere. */
function cardBuilds(state: ManhattanState, seat: number, card: number): boolean {
  const largest = largestChosen(state, seat);
  const lot = lotOfCard(state, seat, card);
  for (let city = 1; city <= CITIES; city++) {
    if (smallestPieceFor(state, seat, lotIndex(city, lot)) <= largest) return true;
  }
  return false;
}

/** Whether some card of `seat`'s hand lets it build. */
function handBuilds(state: ManhattanState, seat: number): boolean {
  const hand = state.hands[seat] as number[];
  for (let k = 0; k < hand.length; k++) {
    if ((k === 0 || hand[k] !== hand[k - 1]) && cardBuilds(state, seat, hand[k] as number)) return true;
  }
  return false;
}

/** Whether any lot of the board, whatever the card, accepts one of `seat`'s chosen pieces. */
function someLotAccepts(state: ManhattanState, seat: number): boolean {
  const largest = largestChosen(state, seat);
  for (let lot = 0; lot < LOTS; lot++) if (smallestPieceFor(state, seat, lot) <= largest) return true;
  return false;
}

/**
 * Whether `seat`, which cannot build with its hand, must skip rather than discard: no lot accepts any of its pieces
 * (the spec's **Decision**), or its discards have reshuffled the draw pile twice. Between those two reshuffles every
 * card it could draw went through its hand while the board stood still, so discarding on would never end (the
 * cards it needs are all in other hands). This second case is our reading; the spec is silent on it.
 */
function mustSkip(state: ManhattanState, seat: number): boolean {
  return state.discardShuffles >= 2 || !someLotAccepts(state, seat);
}

// ---------------------------------------------------------------------------------------------------------------
// Legal moves

/** The choices of pieces by reserve: there are few reserves (every seat goes through the same few), so keep them. */
const selectionsByReserve = new Map<number, readonly ManhattanMove[]>();

function selectMoves(total: number, reserve: readonly number[]): readonly ManhattanMove[] {
  // Counts are below 100 and `total` is 4 or 6: one number identifies the case.
  const key =
    ((((reserve[0] as number) * 100 + (reserve[1] as number)) * 100 + (reserve[2] as number)) * 100 +
      (reserve[3] as number)) *
      10 +
    total;
  let moves = selectionsByReserve.get(key);
  if (moves === undefined) {
    moves = Object.freeze(
      (SELECTIONS[total] ?? [])
        .filter(({ counts }) => counts.every((count, k) => count <= (reserve[k] as number)))
        .map(({ move }) => move),
    );
    selectionsByReserve.set(key, moves);
  }
  return moves;
}

export function legalMoves(state: ManhattanState, seat: number): readonly ManhattanMove[] {
  if (seat !== state.turn) return [];
  if (state.phase === 'select')
    return selectMoves(piecesPerRound(state.options), state.reserves[seat] as number[]);
  if (state.phase !== 'build') return [];
  const moves: ManhattanMove[] = [];
  const hand = state.hands[seat] as number[];
  const chosen = state.chosen[seat] as number[];
  for (let k = 0; k < hand.length; k++) {
    const card = hand[k] as number;
    if (k > 0 && card === hand[k - 1]) continue;
    const lot = lotOfCard(state, seat, card);
    for (let city = 1; city <= CITIES; city++) {
      const smallest = smallestPieceFor(state, seat, lotIndex(city, lot));
      for (let piece = smallest; piece <= MAX_FLOORS; piece++) {
        if ((chosen[piece - 1] as number) > 0) moves.push(buildMove(card, city, piece));
      }
    }
  }
  if (moves.length > 0) return moves;
  if (mustSkip(state, seat)) return [SKIP_MOVE];
  for (let k = 0; k < hand.length; k++) {
    if (k === 0 || hand[k] !== hand[k - 1])
      moves.push(DISCARD_MOVES[(hand[k] as number) - 1] as ManhattanMove);
  }
  return moves;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation: the reasons a move is refused

/** Why `order` is not exactly the cards counted in `expected` (index number - 1), or null. */
function notTheseCards(order: unknown, expected: readonly number[], what: string): string | null {
  const total = expected.reduce((sum, count) => sum + count, 0);
  if (!Array.isArray(order)) return `"order" must list the card numbers of ${what}`;
  if (order.length !== total) return `"order" must list the ${total} cards of ${what}, not ${order.length}`;
  const counts = new Array<number>(CARD_NUMBERS).fill(0);
  for (let k = 0; k < order.length; k++) {
    const card: unknown = order[k];
    if (!isIntIn(card, 1, CARD_NUMBERS)) return `there is no card ${JSON.stringify(card)} (order[${k}])`;
    counts[card - 1] = (counts[card - 1] as number) + 1;
  }
  for (let card = 1; card <= CARD_NUMBERS; card++) {
    const want = expected[card - 1] as number;
    const got = counts[card - 1] as number;
    if (got !== want) return `"order" lists ${got} cards numbered ${card}, but ${what} holds ${want}`;
  }
  return null;
}

function countCards(cards: readonly number[]): number[] {
  const counts = new Array<number>(CARD_NUMBERS).fill(0);
  for (const card of cards) counts[card - 1] = (counts[card - 1] as number) + 1;
  return counts;
}

function validateChance(state: ManhattanState, move: unknown): string | null {
  if (state.phase === 'over') return 'the game is over';
  if (state.phase !== 'deal' && state.phase !== 'shuffle') {
    return 'no chance move is expected now: the cards are dealt and the draw pile is not empty';
  }
  const read = readMove(move, CHANCE_SHAPES, 'chance move');
  if (!read.ok) return read.reason;
  if (state.phase === 'deal') {
    if (read.type !== 'deal') return 'the game starts with a deal, not a shuffle';
    const reason = notTheseCards(read.fields.order, CARDS_PER_NUMBER, 'the deck');
    if (reason !== null) return reason;
    const first = read.fields.first;
    return isIntIn(first, 0, state.players - 1)
      ? null
      : `"first" must be a seat from 0 to ${state.players - 1}`;
  }
  if (read.type !== 'shuffle') return 'the cards are already dealt: the empty draw pile awaits a shuffle';
  return notTheseCards(read.fields.order, countCards(state.discard), 'the discard pile');
}

function notYourTurn(state: ManhattanState): string {
  const doing = state.phase === 'select' ? 'choosing its pieces' : 'building';
  return `it is not your turn: seat ${state.turn} is ${doing}`;
}

const floorsWord = (n: number): string => (n === 1 ? '1 floor' : `${n} floors`);

function validateSelect(state: ManhattanState, seat: number, pieces: unknown): string | null {
  if (state.phase !== 'select') return 'the pieces of this round are chosen: build';
  const total = piecesPerRound(state.options);
  if (!Array.isArray(pieces))
    return `"pieces" must list the floor counts of ${total} pieces, such as [1, 1, 2, 2, 3, 4]`;
  if (pieces.length !== total) return `choose exactly ${total} pieces for the round, not ${pieces.length}`;
  const counts = new Array<number>(MAX_FLOORS).fill(0);
  for (const piece of pieces as unknown[]) {
    if (!isIntIn(piece, 1, MAX_FLOORS))
      return `there is no piece of ${JSON.stringify(piece)} floors: pieces have 1 to 4`;
    counts[piece - 1] = (counts[piece - 1] as number) + 1;
  }
  const reserve = state.reserves[seat] as number[];
  for (let size = 1; size <= MAX_FLOORS; size++) {
    const want = counts[size - 1] as number;
    const have = reserve[size - 1] as number;
    if (want > have) return `you have ${have} pieces of ${floorsWord(size)} in your reserve, not ${want}`;
  }
  return null;
}

function validateCard(state: ManhattanState, seat: number, card: unknown): string | null {
  if (!isIntIn(card, 1, CARD_NUMBERS))
    return `there is no card ${JSON.stringify(card)}: cards show lots 1 to 9`;
  return (state.hands[seat] as number[]).includes(card) ? null : `card ${card} is not in your hand`;
}

function validateBuild(
  state: ManhattanState,
  seat: number,
  fields: Readonly<Record<string, unknown>>,
): string | null {
  if (state.phase !== 'build') return 'choose your pieces for the round first';
  const { card, city, piece } = fields;
  const cardReason = validateCard(state, seat, card);
  if (cardReason !== null) return cardReason;
  if (!isIntIn(city, 1, CITIES))
    return `there is no city ${JSON.stringify(city)}: cities are numbered 1 to ${CITIES}`;
  if (!isIntIn(piece, 1, MAX_FLOORS))
    return `there is no piece of ${JSON.stringify(piece)} floors: pieces have 1 to 4`;
  if (((state.chosen[seat] as number[])[piece - 1] as number) === 0) {
    return `you have no piece of ${floorsWord(piece)} left among the pieces you chose this round`;
  }
  const lotNumber = lotOfCard(state, seat, card as number);
  const lot = lotIndex(city, lotNumber);
  const smallest = smallestPieceFor(state, seat, lot);
  if (piece >= smallest) return null;
  const owner = state.owners[lot] as number;
  const theirs = state.floors[lot * state.players + owner] as number;
  const yours = state.floors[lot * state.players + seat] as number;
  const where = `the building on lot ${lotNumber} of city ${city}`;
  if (smallest > MAX_FLOORS) {
    return `${where} belongs to seat ${owner} with ${floorsWord(theirs)} against your ${yours}: no piece can take it`;
  }
  return `${where} belongs to seat ${owner} with ${floorsWord(theirs)}: with a piece of ${floorsWord(piece)} you would have ${yours + piece}; you need at least as many`;
}

function validateStuck(
  state: ManhattanState,
  seat: number,
  move: 'discard' | 'skip',
  card: unknown,
): string | null {
  if (state.phase !== 'build') return 'choose your pieces for the round first';
  if (move === 'discard') {
    const cardReason = validateCard(state, seat, card);
    if (cardReason !== null) return cardReason;
  }
  if (handBuilds(state, seat)) return `you can build with a card of your hand, so you may not ${move}`;
  const skip = mustSkip(state, seat);
  if (move === 'discard' && skip) {
    return state.discardShuffles >= 2
      ? 'no card you can draw lets you build: skip'
      : 'no lot accepts any of your pieces, whatever the card: skip';
  }
  if (move === 'skip' && !skip) return 'some lot accepts one of your pieces: discard a card and draw another';
  return null;
}

export function validate(state: ManhattanState, actor: Actor, move: unknown): string | null {
  if (actor === CHANCE) return validateChance(state, move);
  if (!isIntIn(actor, 0, state.players - 1)) return `there is no seat ${String(actor)}`;
  const read = readMove(move, MOVE_SHAPES);
  if (!read.ok) return read.reason;
  switch (state.phase) {
    case 'over':
      return 'the game is over';
    case 'deal':
      return 'the cards have not been dealt yet';
    case 'shuffle':
      return 'wait: the discard pile is being reshuffled into a new draw pile';
    case 'select':
    case 'build':
      break;
  }
  if (actor !== state.turn) return notYourTurn(state);
  const fields = read.fields;
  switch (read.type) {
    case 'select':
      return validateSelect(state, actor, fields.pieces);
    case 'build':
      return validateBuild(state, actor, fields);
    case 'discard':
      return validateStuck(state, actor, 'discard', fields.card);
    default:
      return validateStuck(state, actor, 'skip', undefined);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Applying moves (in place; the move has been validated)

/** The rules of a move (the engine has counted the step: see `defineGame`). */
export function apply(state: ManhattanState, _actor: Actor, move: ManhattanMove | ManhattanChance): void {
  const seat = state.turn;
  switch (move.type) {
    case 'deal':
      deal(state, move.order, move.first);
      return;
    case 'shuffle':
      state.draw = move.order.slice();
      state.discard = [];
      if (state.afterDraw === 'stay') state.discardShuffles++;
      drawCard(state, state.afterDraw);
      return;
    case 'select': {
      const chosen = state.chosen[seat] as number[];
      const reserve = state.reserves[seat] as number[];
      for (const piece of move.pieces) {
        chosen[piece - 1] = (chosen[piece - 1] as number) + 1;
        reserve[piece - 1] = (reserve[piece - 1] as number) - 1;
      }
      const next = (seat + 1) % state.players;
      if (next === startSeat(state, state.round)) state.phase = 'build';
      state.turn = next;
      return;
    }
    case 'build': {
      removeCard(state.hands[seat] as number[], move.card);
      state.discard.push(move.card);
      placePiece(state, lotIndex(move.city, lotOfCard(state, seat, move.card)), seat, move.piece);
      const chosen = state.chosen[seat] as number[];
      chosen[move.piece - 1] = (chosen[move.piece - 1] as number) - 1;
      drawCard(state, 'pass');
      return;
    }
    case 'discard':
      removeCard(state.hands[seat] as number[], move.card);
      state.discard.push(move.card);
      drawCard(state, 'stay');
      return;
    case 'skip': {
      // The smallest remaining chosen piece leaves the game.
      const chosen = state.chosen[seat] as number[];
      const lost = state.lost[seat] as number[];
      const size = chosen.findIndex((count) => count > 0);
      chosen[size] = (chosen[size] as number) - 1;
      lost[size] = (lost[size] as number) + 1;
      passTurn(state);
      return;
    }
  }
}

function deal(state: ManhattanState, order: readonly number[], first: number): void {
  const players = state.players;
  for (let seat = 0; seat < players; seat++) {
    state.hands[seat] = order.slice(seat * HAND_SIZE, (seat + 1) * HAND_SIZE).sort((a, b) => a - b);
  }
  state.draw = order.slice(players * HAND_SIZE);
  state.first = first;
  state.round = 1;
  state.turn = first;
  state.phase = 'select';
}

/** The turn seat draws a card, then the turn passes or stays; an empty draw pile first awaits a shuffle. */
function drawCard(state: ManhattanState, then: 'pass' | 'stay'): void {
  const card = state.draw.shift();
  if (card === undefined) {
    state.phase = 'shuffle';
    state.afterDraw = then;
    return;
  }
  addCard(state.hands[state.turn] as number[], card);
  state.phase = 'build';
  state.afterDraw = 'pass'; // only meaningful while a shuffle is awaited: keep states canonical
  if (then === 'pass') passTurn(state);
}

/** The next seat clockwise builds; when every chosen piece is placed (all seats run out together), the round ends. */
function passTurn(state: ManhattanState): void {
  state.discardShuffles = 0;
  state.afterDraw = 'pass';
  state.phase = 'build';
  const next = (state.turn + 1) % state.players;
  state.turn = next;
  if ((state.chosen[next] as number[]).some((count) => count > 0)) return;
  endRound(state);
}

function endRound(state: ManhattanState): void {
  const scored = scoreBoard(state.players, state.owners, state.heights);
  const { points } = scored;
  state.history.push(points);
  state.historyParts.push(roundParts(scored));
  state.totals = state.totals.map((total, seat) => total + (points[seat] as number));
  if (state.round === roundsOf(state.options)) {
    state.phase = 'over';
    state.turn = -1;
    return;
  }
  state.round++;
  state.phase = 'select';
  state.turn = startSeat(state, state.round);
}

// ---------------------------------------------------------------------------------------------------------------
// Chance

export function sampleChance(state: ManhattanState, rng: Rng): ManhattanChance {
  if (state.phase === 'deal')
    return { type: 'deal', order: shuffle(DECK.slice(), rng), first: rng.int(state.players) };
  return { type: 'shuffle', order: shuffle(state.discard.slice(), rng) };
}
