import {
  SPECTATOR,
  copyParts,
  shuffle,
  type Actor,
  type LogEntry,
  type Rng,
  type Viewer,
  viewBasics,
} from '@skyline/engine';
import { CARDS_PER_NUMBER, CARD_NUMBERS, CITIES, HAND_SIZE, LOTS_PER_CITY } from './components.js';
import type { ManhattanChance, ManhattanMove } from './moves.js';
import { active, startSeat } from './rules.js';
import { boardFromStacks, pieceFloors, pieceSeat, placedPiece, type ManhattanState } from './state.js';

/** A piece as a view shows it. */
export interface ViewPiece {
  seat: number;
  floors: number;
}

/** The state's fields a view shows as they are (public facts, documented on `ManhattanState`). */
type PublicField =
  | 'players'
  | 'options'
  | 'step'
  | 'round'
  | 'phase'
  | 'first'
  | 'turn'
  | 'afterDraw'
  | 'discardShuffles'
  | 'discard'
  | 'reserves'
  | 'chosen'
  | 'lost'
  | 'history'
  | 'totals'
  | 'historyParts';

/**
 * What one seat (or a spectator) may know: its own hand, how many cards the
 * other hands and the draw pile hold, and every public fact (the board, reserves, chosen pieces, discard pile,
 * scores).
 */
export interface ManhattanView extends Pick<ManhattanState, PublicField> {
  game: 'manhattan';
  viewer: Viewer;
  /** The start seat of the current round (`first` is round 1's). */
  start: number;
  active: Actor[];
  /** The viewer's hand, sorted; `null` for a spectator. */
  hand: number[] | null;
  handSizes: number[];
  drawSize: number;
  /** `board[city - 1][lot - 1]`: the stack on that lot, bottom first. */
  board: ViewPiece[][][];
  scores: number[];
}

export function view(state: ManhattanState, viewer: Viewer): ManhattanView {
  const seat = viewer === SPECTATOR ? -1 : viewer;
  const board: ViewPiece[][][] = [];
  for (let city = 0; city < CITIES; city++) {
    const lots: ViewPiece[][] = [];
    for (let lot = 0; lot < LOTS_PER_CITY; lot++) {
      const stack = state.stacks[city * LOTS_PER_CITY + lot] as number[];
      lots.push(stack.map((piece) => ({ seat: pieceSeat(piece), floors: pieceFloors(piece) })));
    }
    board.push(lots);
  }
  return {
    game: 'manhattan',
    ...viewBasics(state, viewer),
    round: state.round,
    phase: state.phase,
    first: state.first,
    start: state.first < 0 ? -1 : startSeat(state, state.round),
    turn: state.turn,
    active: active(state).slice(),
    afterDraw: state.afterDraw,
    discardShuffles: state.discardShuffles,
    hand: seat >= 0 ? (state.hands[seat] as number[]).slice() : null,
    handSizes: state.hands.map((hand) => hand.length),
    drawSize: state.draw.length,
    discard: state.discard.slice(),
    reserves: state.reserves.map((counts) => counts.slice()),
    chosen: state.chosen.map((counts) => counts.slice()),
    lost: state.lost.map((counts) => counts.slice()),
    board,
    history: state.history.map((round) => round.slice()),
    totals: state.totals.slice(),
    scores: state.totals.slice(),
    historyParts: copyParts(state.historyParts),
  };
}

/**
 * The deal shows a seat its own four cards and nothing else; a reshuffle shows nobody the new order (everyone saw
 * which cards were in the discard pile). Seat moves are public. Once the game is over, everything is shown.
 */
export function redact(
  entry: LogEntry<ManhattanMove, ManhattanChance>,
  _index: number,
  viewer: Viewer,
  state: ManhattanState,
): LogEntry {
  if (state.phase === 'over' || !('chance' in entry)) return entry;
  const chance = entry.chance;
  if (chance.type === 'shuffle') return { chance: { ...chance, order: chance.order.map(() => null) } };
  const order = chance.order.map((card, k) =>
    viewer !== SPECTATOR && k >= viewer * HAND_SIZE && k < (viewer + 1) * HAND_SIZE ? card : null,
  );
  return { chance: { ...chance, order } };
}

/**
 * Cards are numbers that repeat (five of each), so there is no string whose presence would betray a secret: the
 * tests check instead that views hold only counts for the hidden parts, and the conformance suite that a view is
 * all a determinization needs.
 */
export function secrets(_state: ManhattanState, _viewer: Viewer): { strings: string[]; logFrom: number } {
  return { strings: [], logFrom: 0 };
}

/**
 * A full state that `seat` cannot tell from the real one: the cards it cannot see (the deck less its hand and the
 * discard pile) are dealt at random into the other hands and the draw pile.
 */
export function determinize(v: ManhattanView, seat: number, rng: Rng): ManhattanState {
  const hand = (v.hand ?? []).slice();
  const unseenCounts = CARDS_PER_NUMBER.slice();
  for (const card of [...hand, ...v.discard]) unseenCounts[card - 1] = (unseenCounts[card - 1] as number) - 1;
  const unseen: number[] = [];
  for (let card = 1; card <= CARD_NUMBERS; card++) {
    for (let k = 0; k < (unseenCounts[card - 1] as number); k++) unseen.push(card);
  }
  shuffle(unseen, rng);
  let next = 0;
  const take = (count: number): number[] => {
    const cards = unseen.slice(next, next + count);
    if (cards.length !== count) throw new Error('manhattan: view is inconsistent (not enough unseen cards)');
    next += count;
    return cards;
  };
  const hands = v.handSizes.map((size, other) => (other === seat ? hand : take(size).sort((a, b) => a - b)));
  const draw = take(v.drawSize);
  const stacks = v.board.flatMap((lots) =>
    lots.map((stack) => stack.map((piece) => placedPiece(piece.seat, piece.floors))),
  );
  return {
    players: v.players,
    options: { ...v.options },
    step: v.step,
    round: v.round,
    phase: v.phase,
    first: v.first,
    turn: v.turn,
    afterDraw: v.afterDraw,
    discardShuffles: v.discardShuffles,
    hands,
    draw,
    discard: v.discard.slice(),
    reserves: v.reserves.map((counts) => counts.slice()),
    chosen: v.chosen.map((counts) => counts.slice()),
    lost: v.lost.map((counts) => counts.slice()),
    stacks,
    ...boardFromStacks(v.players, stacks),
    history: v.history.map((round) => round.slice()),
    totals: v.totals.slice(),
    historyParts: copyParts(v.historyParts),
  };
}
