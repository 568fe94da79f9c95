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
  CHANCE_SHAPES,
  MOVE_SHAPES,
  PASS_MOVE,
  PLAY_MOVES,
  TAKE_MOVES,
  type NynyDeal,
  type NynyMove,
} from './moves.js';
import { boxedNumbers } from './reveal.js';
import { skylineScores } from './scoring.js';
import { roundParts } from './breakdown.js';
import {
  NO_CHOICE,
  PASS_CHOICE,
  addToHand,
  emptySkyline,
  inPlay,
  roundInProgress,
  type NynyState,
} from './state.js';
import {
  HAND_SIZE,
  POOL_SIZE,
  TILE_COUNT,
  TILE_IDS,
  tileId,
  tileNumber,
  tileOf,
  type Tile,
} from './tiles.js';

// ---------------------------------------------------------------------------------------------------------------
// Who is awaited

export function active(state: NynyState): readonly Actor[] {
  switch (state.phase) {
    case 'over':
      return NOBODY;
    case 'deal':
      return CHANCE_ONLY;
    case 'play':
    case 'take':
      return seatAlone(state.turn);
    case 'choose': {
      const seats: number[] = [];
      for (let seat = 0; seat < state.players; seat++) {
        if (inPlay(state, seat) && state.choices[seat] === NO_CHOICE) seats.push(seat);
      }
      return seats;
    }
  }
}

export function scores(state: NynyState): number[] {
  if (!roundInProgress(state)) return state.totals.slice();
  const round = skylineScores(state.skyline, state.options.colours, state.options.bonus);
  return state.totals.map((total, seat) => total + (round[seat] as number));
}

export function status(state: NynyState): Status {
  const over = state.phase === 'over';
  return {
    over,
    active: active(state).slice() as Status['active'],
    scores: scores(state),
    winners: over ? bestSeats(state.totals) : [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Legal moves

export function legalMoves(state: NynyState, seat: number): readonly NynyMove[] {
  const moves: NynyMove[] = [];
  if (!(seat >= 0 && seat < state.players)) return moves;
  if (state.phase === 'take') {
    if (seat === state.turn) for (const tile of state.pool) moves.push(TAKE_MOVES[tile] as NynyMove);
  } else if (
    (state.phase === 'play' && seat === state.turn) ||
    (state.phase === 'choose' && inPlay(state, seat) && state.choices[seat] === NO_CHOICE)
  ) {
    for (const tile of state.hands[seat] as Tile[]) moves.push(PLAY_MOVES[tile] as NynyMove);
    moves.push(PASS_MOVE);
  }
  return moves;
}

/** The random player never passes while it can play (so that random games run to their last tile). */
export function randomMove(_state: NynyState, _seat: number, moves: readonly NynyMove[], rng: Rng): NynyMove {
  const last = moves.length - 1;
  const choices = moves[last] === PASS_MOVE && last > 0 ? last : moves.length;
  return moves[rng.int(choices)] as NynyMove;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation: the reasons a move is refused

function validateDeal(state: NynyState, move: unknown): string | null {
  if (state.phase === 'over') return 'the game is over';
  if (state.phase !== 'deal') return 'no chance move is expected now: the round has been dealt';
  const read = readMove(move, CHANCE_SHAPES, 'chance move');
  if (!read.ok) return read.reason;
  const { order, first } = read.fields;
  if (!Array.isArray(order)) return '"order" must list the 48 tile ids';
  if (order.length !== TILE_COUNT) return `the deal must list all ${TILE_COUNT} tiles, not ${order.length}`;
  const seen = new Set<Tile>();
  for (let k = 0; k < order.length; k++) {
    const tile = tileOf(order[k]);
    if (tile === undefined) return `there is no tile ${JSON.stringify(order[k])} (order[${k}])`;
    if (seen.has(tile)) return `tile ${tileId(tile)} appears twice in the deal`;
    seen.add(tile);
  }
  if (!isIntIn(first, 0, state.players - 1)) return `"first" must be a seat from 0 to ${state.players - 1}`;
  if (state.round > 1) {
    const expected = (state.first + 1) % state.players;
    if (first !== expected) {
      return `round ${state.round} must start with seat ${expected}, the seat after round ${state.round - 1}'s first seat ${state.first}`;
    }
  }
  return null;
}

function notYourTurn(state: NynyState, seat: number): string {
  if (state.passed[seat]) return 'you have passed and are out for the rest of this round';
  if (state.phase === 'choose') {
    if ((state.hands[seat] as Tile[]).length === 0) return 'you have no tiles left this round';
    return 'you have already chosen this turn';
  }
  const doing = state.phase === 'take' ? 'to take a tile from the pool' : 'to play';
  return `it is not your turn: seat ${state.turn} is ${doing}`;
}

export function validate(state: NynyState, actor: Actor, move: unknown): string | null {
  if (actor === CHANCE) return validateDeal(state, move);
  if (!isIntIn(actor, 0, state.players - 1)) return `there is no seat ${String(actor)}`;
  const read = readMove(move, MOVE_SHAPES);
  if (!read.ok) return read.reason;
  if (state.phase === 'over') return 'the game is over';
  if (state.phase === 'deal') return 'the round has not been dealt yet';
  const seat = actor;
  const awaited =
    state.phase === 'choose' ? inPlay(state, seat) && state.choices[seat] === NO_CHOICE : seat === state.turn;
  if (!awaited) return notYourTurn(state, seat);

  if (read.type === 'pass') {
    return state.phase === 'take' ? 'you cannot pass now: take a tile from the pool' : null;
  }
  const tile = tileOf(read.fields.tile);
  if (tile === undefined) return `there is no tile ${JSON.stringify(read.fields.tile)}`;
  if (read.type === 'play') {
    if (state.phase === 'take') return 'you have already played this turn: take a tile from the pool';
    return (state.hands[seat] as Tile[]).includes(tile) ? null : `tile ${tileId(tile)} is not in your hand`;
  }
  // take
  if (state.phase !== 'take') {
    return state.phase === 'choose'
      ? 'choose a tile to play (or pass) first'
      : 'play a tile before taking one';
  }
  return state.pool.includes(tile) ? null : `tile ${tileId(tile)} is not in the pool`;
}

// ---------------------------------------------------------------------------------------------------------------
// Applying moves (in place; the move has been validated)

/** The rules of a move (the engine has counted the step: see `defineGame`). */
export function apply(state: NynyState, actor: Actor, move: NynyMove | NynyDeal): void {
  if (actor === CHANCE) {
    deal(state, move as NynyDeal);
    return;
  }
  const seat = actor;
  const simultaneous = state.options.variant === 'simultaneous';
  switch (move.type) {
    case 'play': {
      const tile = tileOf(move.tile) as Tile;
      if (simultaneous) {
        choose(state, seat, tile);
      } else {
        playFromHand(state, seat, tile);
        (state.skyline[tileNumber(tile) - 1] as Tile[]).push(tile);
        if (state.pool.length > 0) state.phase = 'take';
        else nextClassicTurn(state, seat);
      }
      return;
    }
    case 'pass':
      if (simultaneous) {
        choose(state, seat, PASS_CHOICE);
      } else {
        state.passed[seat] = true;
        nextClassicTurn(state, seat);
      }
      return;
    case 'take':
      take(state, tileOf(move.tile) as Tile);
      if (simultaneous) {
        state.takeQueue.shift();
        nextSimultaneousTake(state);
      } else {
        nextClassicTurn(state, seat);
      }
      return;
    case 'deal':
      throw new Error('a deal is a chance move');
  }
}

function deal(state: NynyState, move: NynyDeal): void {
  const order = move.order.map((id) => tileOf(id) as Tile);
  const players = state.players;
  for (let seat = 0; seat < players; seat++) {
    state.hands[seat] = order.slice(seat * HAND_SIZE, (seat + 1) * HAND_SIZE).sort((a, b) => a - b);
    state.known[seat] = [];
  }
  state.pool = order.slice(players * HAND_SIZE, players * HAND_SIZE + POOL_SIZE);
  state.deck = order.slice(players * HAND_SIZE + POOL_SIZE);
  state.first = move.first;
  state.turn = move.first;
  state.roundStart = state.step - 1;
  if (state.options.variant === 'simultaneous') {
    state.phase = 'choose';
    state.turnStart = state.step;
  } else {
    state.phase = 'play';
  }
}

function removeFrom(tiles: Tile[], tile: Tile): void {
  tiles.splice(tiles.indexOf(tile), 1);
}

/** A tile leaves `seat`'s hand (played or boxed); if it was taken face up, it is no longer known to be there. */
function playFromHand(state: NynyState, seat: number, tile: Tile): void {
  removeFrom(state.hands[seat] as Tile[], tile);
  const known = state.known[seat] as Tile[];
  if (known.includes(tile)) removeFrom(known, tile);
}

/**
 * The taken tile leaves the pool for the taker's hand, where everyone saw it go (it is known); the deck's top tile,
 * if any, fills its slot.
 */
function take(state: NynyState, tile: Tile): void {
  const slot = state.pool.indexOf(tile);
  addToHand(state.hands[state.turn] as Tile[], tile);
  addToHand(state.known[state.turn] as Tile[], tile);
  const drawn = state.deck.shift();
  if (drawn === undefined) state.pool.splice(slot, 1);
  else state.pool[slot] = drawn;
}

/** Classic: the next seat clockwise after `from` that has not passed and holds a tile; else the round ends. */
function nextClassicTurn(state: NynyState, from: number): void {
  for (let k = 1; k <= state.players; k++) {
    const seat = (from + k) % state.players;
    if (inPlay(state, seat)) {
      state.turn = seat;
      state.phase = 'play';
      return;
    }
  }
  endRound(state);
}

function choose(state: NynyState, seat: number, choice: number): void {
  state.choices[seat] = choice;
  for (let other = 0; other < state.players; other++) {
    if (inPlay(state, other) && state.choices[other] === NO_CHOICE) return;
  }
  reveal(state);
}

/**
 * Simultaneous: every choice is revealed; numbers revealed more than once go to the box, the others are placed
 * lowest first; passes take effect; the seats that revealed a tile queue up to take, by number, then clockwise
 * from the round's first seat.
 */
function reveal(state: NynyState): void {
  const players = state.players;
  const revealed: { seat: number; tile: Tile }[] = [];
  for (let seat = 0; seat < players; seat++) {
    const choice = state.choices[seat] as number;
    if (choice === PASS_CHOICE) state.passed[seat] = true;
    else if (choice >= 0) revealed.push({ seat, tile: choice });
    state.choices[seat] = NO_CHOICE;
  }
  const fromFirst = (seat: number) => (seat - state.first + players) % players;
  revealed.sort((a, b) => tileNumber(a.tile) - tileNumber(b.tile) || fromFirst(a.seat) - fromFirst(b.seat));
  const boxed = new Set(
    boxedNumbers(revealed.map(({ tile }) => tileNumber(tile))).map(({ number }) => number),
  );
  for (const { seat, tile } of revealed) {
    playFromHand(state, seat, tile);
    if (boxed.has(tileNumber(tile))) state.box.push(tile);
    else (state.skyline[tileNumber(tile) - 1] as Tile[]).push(tile);
  }
  state.takeQueue = revealed.map(({ seat }) => seat);
  nextSimultaneousTake(state);
}

function nextSimultaneousTake(state: NynyState): void {
  const next = state.takeQueue[0];
  if (next !== undefined && state.pool.length > 0) {
    state.phase = 'take';
    state.turn = next;
    return;
  }
  state.takeQueue = [];
  state.turn = -1;
  for (let seat = 0; seat < state.players; seat++) {
    if (inPlay(state, seat)) {
      state.phase = 'choose';
      state.turnStart = state.step;
      return;
    }
  }
  endRound(state);
}

function endRound(state: NynyState): void {
  const round = skylineScores(state.skyline, state.options.colours, state.options.bonus);
  state.history.push(round);
  state.historyParts.push(roundParts(state.skyline, state.options.colours, state.options.bonus));
  state.totals = state.totals.map((total, seat) => total + (round[seat] as number));
  state.turn = -1;
  if (state.round === state.options.rounds) {
    state.phase = 'over'; // the last skyline, the hands left and the box stay for everyone to see
    return;
  }
  state.round++;
  state.phase = 'deal';
  state.hands = state.hands.map(() => []);
  state.known = state.known.map(() => []);
  state.pool = [];
  state.deck = [];
  state.skyline = emptySkyline();
  state.box = [];
  state.passed.fill(false);
}

// ---------------------------------------------------------------------------------------------------------------
// Chance

export function sampleChance(state: NynyState, rng: Rng): NynyDeal {
  const order = shuffle(TILE_IDS.slice(), rng);
  const first = state.round === 1 ? rng.int(state.players) : (state.first + 1) % state.players;
  return { type: 'deal', order, first };
}
