import {
  SPECTATOR,
  copyParts,
  shuffle,
  type Actor,
  type LogEntry,
  type Rng,
  type Viewer,
} from '@skyline/engine';
import type { NynyDeal, NynyMove } from './moves.js';
import { active, scores } from './rules.js';
import { NO_CHOICE, PASS_CHOICE, type NynyState } from './state.js';
import { HAND_SIZE, TILE_COUNT, tileId, tileOf, type Tile } from './tiles.js';

/** The state's fields a view shows as they are (public facts, documented on `NynyState`). */
type PublicField =
  | 'players'
  | 'options'
  | 'step'
  | 'round'
  | 'phase'
  | 'first'
  | 'turn'
  | 'passed'
  | 'takeQueue'
  | 'turnStart'
  | 'roundStart'
  | 'history'
  | 'totals'
  | 'historyParts';

/**
 * What one seat (or a spectator) may know: its own hand and choice, the sizes of the other hands and of the deck,
 * the tiles each seat was seen taking from the face-up pool and has not played yet, whether each seat has chosen,
 * and every public fact. The tiles dealt face down into another hand are never in it.
 */
export interface NynyView extends Pick<NynyState, PublicField> {
  game: 'nyny';
  viewer: Viewer;
  active: Actor[];
  /** The viewer's hand (with a simultaneous choice not yet revealed still in it); `null` for a spectator. */
  hand: string[] | null;
  handSizes: number[];
  /**
   * Per seat, the tiles everyone saw it take from the face-up pool and that it still holds (sorted; the viewer's own
   * included, so that it knows what the others know of its hand). The rest of a hand was dealt face down.
   */
  known: string[][];
  /** The viewer's own choice this turn, not yet revealed: a tile id, `"pass"`, or `null`. */
  choice: string | null;
  /** Simultaneous: which seats have chosen this turn (not what). */
  chosen: boolean[];
  pool: string[];
  deckSize: number;
  /** Position 1..12 at index 0..11: every tile played there, bottom first (covered tiles were seen played). */
  skyline: string[][];
  box: string[];
  scores: number[];
}

const ids = (tiles: readonly Tile[]): string[] => tiles.map(tileId);

export function view(state: NynyState, viewer: Viewer): NynyView {
  const seat = viewer === SPECTATOR ? -1 : viewer;
  const own = state.choices[seat];
  return {
    game: 'nyny',
    viewer,
    players: state.players,
    options: { ...state.options, colours: [...state.options.colours] },
    step: state.step,
    round: state.round,
    phase: state.phase,
    first: state.first,
    turn: state.turn,
    active: active(state).slice(),
    hand: seat >= 0 ? ids(state.hands[seat] as Tile[]) : null,
    handSizes: state.hands.map((hand) => hand.length),
    known: state.known.map(ids),
    choice: own === undefined || own === NO_CHOICE ? null : own === PASS_CHOICE ? 'pass' : tileId(own),
    chosen: state.choices.map((choice) => choice !== NO_CHOICE),
    pool: ids(state.pool),
    deckSize: state.deck.length,
    skyline: state.skyline.map(ids),
    box: ids(state.box),
    passed: state.passed.slice(),
    takeQueue: state.takeQueue.slice(),
    turnStart: state.turnStart,
    roundStart: state.roundStart,
    history: state.history.map((round) => round.slice()),
    totals: state.totals.slice(),
    scores: scores(state),
    historyParts: copyParts(state.historyParts),
  };
}

/** Whether log entry `index` is a simultaneous choice that has not been revealed yet. */
function unrevealedChoice(state: NynyState, index: number): boolean {
  return state.options.variant === 'simultaneous' && state.phase === 'choose' && index >= state.turnStart;
}

export function redact(
  entry: LogEntry<NynyMove, NynyDeal>,
  index: number,
  viewer: Viewer,
  state: NynyState,
): LogEntry {
  if (state.phase === 'over') return entry;
  if ('chance' in entry) {
    // Only the viewer's own hand: the pool is in the view, and its tiles may since have been taken into a hand.
    const deal = entry.chance;
    const order = deal.order.map((id, k) =>
      viewer !== SPECTATOR && k >= viewer * HAND_SIZE && k < (viewer + 1) * HAND_SIZE ? id : null,
    );
    return { chance: { ...deal, order } };
  }
  // A take is public (the tile came from the face-up pool, in view of everyone); a play is, once revealed.
  if (entry.seat === viewer) return entry;
  if (unrevealedChoice(state, index)) return { seat: entry.seat, move: { type: 'hidden' } };
  return entry;
}

export function secrets(state: NynyState, viewer: Viewer): { strings: string[]; logFrom: number } {
  const logFrom = state.roundStart;
  if (state.phase === 'over') return { strings: [], logFrom };
  const hidden: Tile[] = [...state.deck];
  state.hands.forEach((hand, seat) => {
    const known = state.known[seat] as Tile[];
    if (seat !== viewer) hidden.push(...hand.filter((tile) => !known.includes(tile)));
  });
  return { strings: ids(hidden), logFrom };
}

/**
 * A full state that `seat` cannot tell from the real one: each other hand keeps the tiles known to be in it (taken
 * face up), the tiles the seat has not seen (the rest of the other hands, the deck) are dealt at random into the
 * places they could be, and every other seat that has chosen this turn is given a random tile of its sampled hand
 * as its choice.
 */
export function determinize(v: NynyView, seat: number, rng: Rng): NynyState {
  const toTiles = (list: readonly string[]): Tile[] => list.map((id) => tileOf(id) as Tile);
  const hand = toTiles(v.hand ?? []);
  const known = v.known.map(toTiles);
  const seen = new Set<Tile>([
    ...hand,
    ...known.flat(),
    ...toTiles(v.pool),
    ...v.skyline.flatMap(toTiles),
    ...toTiles(v.box),
  ]);
  const unseen: Tile[] = [];
  for (let tile = 0; tile < TILE_COUNT; tile++) if (!seen.has(tile)) unseen.push(tile);
  shuffle(unseen, rng);

  let next = 0;
  const draw = (count: number): Tile[] => {
    const tiles = unseen.slice(next, next + count);
    if (tiles.length !== count) throw new Error('nyny: view is inconsistent (not enough unseen tiles)');
    next += count;
    return tiles;
  };
  const hands = v.handSizes.map((size, other) => {
    if (other === seat) return hand;
    const held = known[other] as Tile[];
    return [...held, ...draw(size - held.length)].sort((a, b) => a - b);
  });
  const deck = draw(v.deckSize);
  const choices = v.chosen.map((chosen, other) => {
    if (!chosen) return NO_CHOICE;
    if (other === seat) return v.choice === 'pass' ? PASS_CHOICE : (tileOf(v.choice) as Tile);
    const sampled = hands[other] as Tile[];
    return sampled[rng.int(sampled.length)] as Tile;
  });
  return {
    players: v.players,
    options: { ...v.options, colours: [...v.options.colours] },
    step: v.step,
    round: v.round,
    phase: v.phase,
    first: v.first,
    turn: v.turn,
    hands,
    known,
    pool: toTiles(v.pool),
    deck,
    skyline: v.skyline.map(toTiles),
    box: toTiles(v.box),
    passed: v.passed.slice(),
    choices,
    takeQueue: v.takeQueue.slice(),
    turnStart: v.turnStart,
    roundStart: v.roundStart,
    history: v.history.map((round) => round.slice()),
    totals: v.totals.slice(),
    historyParts: copyParts(v.historyParts),
  };
}
