import {
  SPECTATOR,
  copyParts,
  type PeriodParts,
  pick,
  shuffle,
  type Actor,
  type LogEntry,
  type Rng,
  type Viewer,
  viewBasics,
} from '@skyline/engine';
import { COLS } from './board.js';
import {
  BUILDING_COUNT,
  PLACEMENTS,
  buildingId,
  buildingOf,
  placementOf,
  type Building,
  type Placement,
} from './buildings.js';
import type { MyCityDeal, MyCityMove } from './moves.js';
import type { MyCityOptions } from './options.js';
import { active, legalMoves, scores } from './rules.js';
import { NO_CHOICE, PASS_CHOICE, STOP_CHOICE, emptyBoard, type MyCityState, type Phase } from './state.js';

/** A building on a board, as views show it: its id and the `[row, col]` squares it covers. */
export interface BuiltView {
  id: string;
  cells: [number, number][];
}

/**
 * What one seat (or a spectator) may know: every board, every marker, the
 * revealed cards, who has stopped, who has chosen for the revealed card (not what, except its own choice), and how
 * many cards are left face down (not which).
 */
export interface MyCityView {
  game: 'mycity';
  viewer: Viewer;
  players: number;
  options: MyCityOptions;
  step: number;
  episode: number;
  phase: Phase;
  active: Actor[];
  /** The cards revealed this episode, in order; the last is the building everybody may build now. */
  revealed: string[];
  /** Face-down cards left in the deck. */
  deckSize: number;
  /** Each seat's buildings this episode, in the order they were built. */
  boards: BuiltView[][];
  markers: number[];
  stopped: boolean[];
  /** Which seats have chosen for the revealed card (not what). */
  chosen: boolean[];
  /** The viewer's own choice for the revealed card, not yet revealed to the others; `null` if none. */
  choice: MyCityMove | null;
  turnStart: number;
  episodeStart: number;
  history: number[][];
  totals: number[];
  scores: number[];
  /** Each finished episode's score by term (public: the board was). */
  historyParts: PeriodParts[];
}

const cellsOf = (p: Placement): [number, number][] => p.squares.map((sq) => [(sq / COLS) | 0, sq % COLS]);

function choiceMove(choice: number): MyCityMove | null {
  if (choice === NO_CHOICE) return null;
  if (choice === PASS_CHOICE) return { type: 'pass' };
  if (choice === STOP_CHOICE) return { type: 'stop' };
  return { type: 'build', cells: cellsOf(PLACEMENTS[choice] as Placement) };
}

/** How many cards of the deck have been revealed (the revealed one included). */
function revealedCount(state: MyCityState): number {
  return state.phase === 'deal' ? 0 : state.card + 1;
}

export function view(state: MyCityState, viewer: Viewer): MyCityView {
  const seat = viewer === SPECTATOR ? -1 : viewer;
  const shown = revealedCount(state);
  return {
    game: 'mycity',
    ...viewBasics(state, viewer),
    episode: state.episode,
    phase: state.phase,
    active: active(state).slice(),
    revealed: state.deck.slice(0, shown).map(buildingId),
    deckSize: state.deck.length - shown,
    boards: state.placed.map((ids) =>
      ids.map((id) => {
        const p = PLACEMENTS[id] as Placement;
        return { id: buildingId(p.building), cells: cellsOf(p) };
      }),
    ),
    markers: state.markers.slice(),
    stopped: state.stopped.slice(),
    chosen: state.choices.map((choice) => choice !== NO_CHOICE),
    choice: seat >= 0 ? choiceMove(state.choices[seat] as number) : null,
    turnStart: state.turnStart,
    episodeStart: state.episodeStart,
    history: state.history.map((episode) => episode.slice()),
    totals: state.totals.slice(),
    scores: scores(state),
    historyParts: copyParts(state.historyParts),
  };
}

export function redact(
  entry: LogEntry<MyCityMove, MyCityDeal>,
  index: number,
  viewer: Viewer,
  state: MyCityState,
): LogEntry {
  if (state.phase !== 'choose') return entry;
  if ('chance' in entry) {
    // The current episode's deck: the revealed cards only. Earlier episodes' decks are done with.
    if (index !== state.episodeStart) return entry;
    const shown = revealedCount(state);
    return { chance: { ...entry.chance, order: entry.chance.order.map((id, k) => (k < shown ? id : null)) } };
  }
  if (entry.seat !== viewer && index >= state.turnStart)
    return { seat: entry.seat, move: { type: 'hidden' } };
  return entry;
}

export function secrets(state: MyCityState, _viewer: Viewer): { strings: string[]; logFrom: number } {
  const logFrom = state.episodeStart;
  if (state.phase !== 'choose') return { strings: [], logFrom };
  return { strings: state.deck.slice(revealedCount(state)).map(buildingId), logFrom };
}

/**
 * A full state that `seat` cannot tell from the real one: the face-down cards are shuffled, and every other seat
 * that has chosen for the revealed card is given a random legal choice.
 */
export function determinize(v: MyCityView, seat: number, rng: Rng): MyCityState {
  const revealedCards = v.revealed.map((id) => buildingOf(id) as Building);
  const unseen: Building[] = [];
  for (let b = 0; b < BUILDING_COUNT; b++) if (!revealedCards.includes(b)) unseen.push(b);
  shuffle(unseen, rng);
  if (unseen.length < v.deckSize) throw new Error('mycity: view is inconsistent (too few unseen cards)');
  const boards = v.boards.map(() => emptyBoard());
  const placed = v.boards.map((built, other) =>
    built.map(({ id, cells }) => {
      const building = buildingOf(id) as Building;
      const p = placementOf(
        building,
        cells.map(([r, c]) => r * COLS + c).sort((a, b) => a - b),
      ) as Placement;
      for (const sq of p.squares) (boards[other] as Building[])[sq] = building;
      return p.id;
    }),
  );
  const state: MyCityState = {
    players: v.players,
    options: { ...v.options },
    step: v.step,
    episode: v.episode,
    phase: v.phase,
    deck: v.phase === 'deal' ? [] : [...revealedCards, ...unseen.slice(0, v.deckSize)],
    card: v.phase === 'deal' ? -1 : revealedCards.length - 1,
    boards,
    placed,
    markers: v.markers.slice(),
    stopped: v.stopped.slice(),
    choices: v.chosen.map(() => NO_CHOICE),
    turnStart: v.turnStart,
    episodeStart: v.episodeStart,
    history: v.history.map((episode) => episode.slice()),
    totals: v.totals.slice(),
    historyParts: copyParts(v.historyParts),
  };
  // Choices last: a sampled choice must be legal on the seat's board, and only unchosen seats have legal moves.
  const chosen = v.chosen.map((has, other) => {
    if (!has) return NO_CHOICE;
    if (other === seat) return choiceOf(state, v.choice as MyCityMove);
    return choiceOf(state, pick(legalMoves(state, other), rng));
  });
  state.choices = chosen;
  return state;
}

function choiceOf(state: MyCityState, move: MyCityMove): number {
  if (move.type === 'pass') return PASS_CHOICE;
  if (move.type === 'stop') return STOP_CHOICE;
  const squares = move.cells.map(([r, c]) => r * COLS + c).sort((a, b) => a - b);
  return (placementOf(state.deck[state.card] as Building, squares) as Placement).id;
}
