import {
  bestSeats,
  CHANCE,
  CHANCE_ONLY,
  isIntIn,
  NOBODY,
  readMove,
  shuffle,
  type Actor,
  type Rng,
  type Status,
} from '@skyline/engine';
import { COLS, ROWS, START_MARKER, isGrass, square, terrainName } from './board.js';
import {
  BUILDING_COUNT,
  BUILDING_IDS,
  MIRRORED_SHAPES,
  PLACEMENTS,
  PLACEMENTS_OF,
  TURNED_SHAPES,
  buildingId,
  buildingOf,
  buildingSize,
  placementOf,
  placementOfMove,
  shapeKey,
  type Building,
  type Placement,
} from './buildings.js';
import {
  CHANCE_SHAPES,
  MOVE_SHAPES,
  PASS_MOVE,
  STOP_MOVE,
  type BuildMove,
  type MyCityDeal,
  type MyCityMove,
} from './moves.js';
import { breakTie, episodeScore } from './scoring.js';
import { episodeParts } from './breakdown.js';
import { EMPTY, NO_CHOICE, PASS_CHOICE, STOP_CHOICE, awaits, emptyBoard, type MyCityState } from './state.js';

// ---------------------------------------------------------------------------------------------------------------
// Who is awaited

/** The awaited seats for each set of seats (bit `s` for seat `s`), shared so that `active` allocates nothing. */
const SEAT_SETS: readonly (readonly Actor[])[] = Array.from({ length: 16 }, (_, set) =>
  Object.freeze([0, 1, 2, 3].filter((seat) => set & (1 << seat))),
);

export function active(state: MyCityState): readonly Actor[] {
  switch (state.phase) {
    case 'over':
      return NOBODY;
    case 'deal':
      return CHANCE_ONLY;
    case 'choose': {
      let set = 0;
      for (let seat = 0; seat < state.players; seat++) if (awaits(state, seat)) set |= 1 << seat;
      return SEAT_SETS[set] as readonly Actor[];
    }
  }
}

/** Totals of the finished episodes plus, while an episode is played, its score as if it ended now. */
export function scores(state: MyCityState): number[] {
  if (state.phase !== 'choose') return state.totals.slice();
  return state.totals.map(
    (total, seat) => total + episodeScore(state.boards[seat] as Building[], state.markers[seat] as number),
  );
}

/**
 * The best totals win. In a single-episode game a tie is broken by the fewest empty grass squares in row 0, then
 * row 1, and so on (spec **Decision**); ties over a series share the win.
 */
export function winners(state: MyCityState): number[] {
  const best = bestSeats(state.totals);
  if (best.length < 2 || state.options.episodes > 1) return best;
  return breakTie(state.boards, best);
}

export function status(state: MyCityState): Status {
  const over = state.phase === 'over';
  return {
    over,
    active: active(state).slice() as Status['active'],
    scores: scores(state),
    winners: over ? winners(state) : [],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Legal moves

const NO_MOVES: readonly MyCityMove[] = Object.freeze([]);

/** The revealed building, while a card is revealed. */
export function revealed(state: MyCityState): Building {
  return state.deck[state.card] as Building;
}

/**
 * Whether a placement fits the seat's board as it is now: its squares are free, and it touches the river (first
 * building) or one of the seat's buildings (later ones). Occupied squares come as the bit sets `o0..o3`.
 */
function fits(p: Placement, first: boolean, o0: number, o1: number, o2: number, o3: number): boolean {
  if (((p.b0 & o0) | (p.b1 & o1) | (p.b2 & o2) | (p.b3 & o3)) !== 0) return false;
  if (first) return p.byTheRiver;
  return ((p.t0 & o0) | (p.t1 & o1) | (p.t2 & o2) | (p.t3 & o3)) !== 0;
}

/** Every legal placement of the revealed building on the seat's board (each set of squares once). */
export function legalPlacements(state: MyCityState, seat: number): Placement[] {
  const placed = state.placed[seat] as number[];
  let o0 = 0;
  let o1 = 0;
  let o2 = 0;
  let o3 = 0;
  for (const id of placed) {
    const p = PLACEMENTS[id] as Placement;
    o0 |= p.b0;
    o1 |= p.b1;
    o2 |= p.b2;
    o3 |= p.b3;
  }
  const first = placed.length === 0;
  const out: Placement[] = [];
  for (const p of PLACEMENTS_OF[revealed(state)] as Placement[]) {
    if (fits(p, first, o0, o1, o2, o3)) out.push(p);
  }
  return out;
}

/** Builds first (in reading order of their squares), then pass (when the marker is above 0), then stop. */
export function legalMoves(state: MyCityState, seat: number): readonly MyCityMove[] {
  if (!awaits(state, seat)) return NO_MOVES;
  const moves: MyCityMove[] = legalPlacements(state, seat).map((p) => p.move);
  if ((state.markers[seat] as number) > 0) moves.push(PASS_MOVE);
  moves.push(STOP_MOVE);
  return moves;
}

// ---------------------------------------------------------------------------------------------------------------
// Validation: the reasons a move is refused

function validateDeal(state: MyCityState, move: unknown): string | null {
  if (state.phase === 'over') return 'the game is over';
  if (state.phase !== 'deal') return 'no chance move is expected now: the episode has been dealt';
  const read = readMove(move, CHANCE_SHAPES, 'chance move');
  if (!read.ok) return read.reason;
  const { order } = read.fields;
  if (!Array.isArray(order)) return `"order" must list the ${BUILDING_COUNT} building ids`;
  if (order.length !== BUILDING_COUNT) {
    return `the deal must list all ${BUILDING_COUNT} building cards, not ${order.length}`;
  }
  const seen = new Set<Building>();
  for (let k = 0; k < order.length; k++) {
    const building = buildingOf(order[k]);
    if (building === undefined) return `there is no building card ${JSON.stringify(order[k])} (order[${k}])`;
    if (seen.has(building)) return `building card ${buildingId(building)} appears twice in the deal`;
    seen.add(building);
  }
  return null;
}

const named = (sq: number): string => `[${(sq / COLS) | 0}, ${sq % COLS}]`;

/** The squares of a build move, or why they cannot be read as squares of the board. */
function readSquares(cells: unknown, size: number, id: string): number[] | string {
  const example = 'such as [[3, 4], [3, 5], [4, 4]]';
  if (!Array.isArray(cells))
    return `"cells" must list the [row, col] squares building ${id} covers, ${example}`;
  if (cells.length !== size) return `building ${id} covers ${size} squares, not ${cells.length}`;
  const squares: number[] = [];
  for (let k = 0; k < cells.length; k++) {
    const cell: unknown = cells[k];
    if (
      !Array.isArray(cell) ||
      cell.length !== 2 ||
      !Number.isInteger(cell[0]) ||
      !Number.isInteger(cell[1])
    ) {
      return `cells[${k}] must be a square [row, col], ${example}`;
    }
    const [row, col] = cell as [number, number];
    if (!isIntIn(row, 0, ROWS - 1) || !isIntIn(col, 0, COLS - 1)) {
      return `square [${row}, ${col}] is not on the board (rows 0 to ${ROWS - 1}, columns 0 to ${COLS - 1})`;
    }
    const sq = square(row, col);
    if (squares.includes(sq)) return `square ${named(sq)} is listed twice`;
    squares.push(sq);
  }
  return squares;
}

/** The placement a build move asks for, or why the seat may not build it now. */
export function checkBuild(state: MyCityState, seat: number, cells: unknown): Placement | string {
  const building = revealed(state);
  const id = buildingId(building);
  const squares = readSquares(cells, buildingSize(building), id);
  if (typeof squares === 'string') return squares;

  const shape = shapeKey(squares.map((sq) => [(sq / COLS) | 0, sq % COLS] as const));
  if (!(TURNED_SHAPES[building] as readonly string[]).includes(shape)) {
    if ((MIRRORED_SHAPES[building] as readonly string[]).includes(shape)) {
      return `these squares make building ${id} mirrored: it may be turned, never flipped over`;
    }
    return `these squares do not make the shape of building ${id}, even turned`;
  }
  const board = state.boards[seat] as Building[];
  for (const sq of squares) {
    if (!isGrass(sq)) return `square ${named(sq)} is ${terrainName(sq)}: buildings go on grass only`;
  }
  for (const sq of squares) {
    const there = board[sq] as Building;
    if (there !== EMPTY)
      return `square ${named(sq)} is already covered by your building ${buildingId(there)}`;
  }
  const placement = placementOf(
    building,
    squares.slice().sort((a, b) => a - b),
  );
  if (placement === undefined) throw new Error(`mycity: no placement for ${id} on ${squares.join(',')}`);
  const first = (state.placed[seat] as number[]).length === 0;
  if (!fits(placement, first, ...occupied(state, seat))) {
    return first
      ? 'your first building of the episode must share a side with the river'
      : `building ${id} must touch one of your buildings: share a side with it, or face it across the river`;
  }
  return placement;
}

function occupied(state: MyCityState, seat: number): [number, number, number, number] {
  const bits: [number, number, number, number] = [0, 0, 0, 0];
  for (const id of state.placed[seat] as number[]) {
    const p = PLACEMENTS[id] as Placement;
    bits[0] |= p.b0;
    bits[1] |= p.b1;
    bits[2] |= p.b2;
    bits[3] |= p.b3;
  }
  return bits;
}

function notAwaited(state: MyCityState, seat: number): string {
  if (state.stopped[seat]) return 'you have stopped: you build nothing more this episode';
  return 'you have already chosen for this card: wait until every seat has chosen';
}

export function validate(state: MyCityState, actor: Actor, move: unknown): string | null {
  if (actor === CHANCE) return validateDeal(state, move);
  if (!isIntIn(actor, 0, state.players - 1)) return `there is no seat ${String(actor)}`;
  const read = readMove(move, MOVE_SHAPES);
  if (!read.ok) return read.reason;
  if (state.phase === 'over') return 'the game is over';
  if (state.phase === 'deal') return `episode ${state.episode} has not been dealt yet`;
  const seat = actor;
  if (!awaits(state, seat)) return notAwaited(state, seat);
  switch (read.type) {
    case 'pass':
      return (state.markers[seat] as number) > 0
        ? null
        : 'your marker is on 0: you cannot pass, you must build or stop';
    case 'stop':
      return null;
    default: {
      const placement = checkBuild(state, seat, read.fields.cells);
      return typeof placement === 'string' ? placement : null;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Applying moves (in place; the move has been validated)

/** The rules of a move (the engine has counted the step: see `defineGame`). */
export function apply(state: MyCityState, actor: Actor, move: MyCityMove | MyCityDeal): void {
  if (actor === CHANCE) {
    deal(state, move as MyCityDeal);
    return;
  }
  const seat = actor;
  switch (move.type) {
    case 'build':
      state.choices[seat] = placementOfBuild(state, move).id;
      break;
    case 'pass':
      state.choices[seat] = PASS_CHOICE;
      break;
    case 'stop':
      state.choices[seat] = STOP_CHOICE;
      break;
    case 'deal':
      throw new Error('a deal is a chance move');
  }
  for (let other = 0; other < state.players; other++) if (awaits(state, other)) return;
  reveal(state);
}

/** The placement of a validated build move: the shared move objects know theirs, others are looked up. */
function placementOfBuild(state: MyCityState, move: BuildMove): Placement {
  const shared = placementOfMove(move);
  if (shared !== undefined) return shared;
  const squares = move.cells.map(([row, col]) => square(row, col)).sort((a, b) => a - b);
  return placementOf(revealed(state), squares) as Placement;
}

function deal(state: MyCityState, move: MyCityDeal): void {
  state.deck = move.order.map((id) => buildingOf(id) as Building);
  state.card = 0;
  state.phase = 'choose';
  state.episodeStart = state.step - 1;
  state.turnStart = state.step;
}

/** Every choice on the revealed card is carried out together; then the next card, or the end of the episode. */
function reveal(state: MyCityState): void {
  let stillBuilding = false;
  for (let seat = 0; seat < state.players; seat++) {
    const choice = state.choices[seat] as number;
    if (choice === PASS_CHOICE) {
      state.markers[seat] = (state.markers[seat] as number) - 1;
    } else if (choice === STOP_CHOICE) {
      state.stopped[seat] = true;
    } else if (choice >= 0) {
      const p = PLACEMENTS[choice] as Placement;
      const board = state.boards[seat] as Building[];
      for (const sq of p.squares) board[sq] = p.building;
      (state.placed[seat] as number[]).push(choice);
    }
    state.choices[seat] = NO_CHOICE;
    if (!state.stopped[seat]) stillBuilding = true;
  }
  if (!stillBuilding || state.card === state.deck.length - 1) {
    endEpisode(state);
    return;
  }
  state.card++;
  state.turnStart = state.step;
}

function endEpisode(state: MyCityState): void {
  const episode = state.boards.map((board, seat) => episodeScore(board, state.markers[seat] as number));
  state.history.push(episode);
  state.historyParts.push(episodeParts(state.boards, state.markers));
  state.totals = state.totals.map((total, seat) => total + (episode[seat] as number));
  if (state.episode === state.options.episodes) {
    state.phase = 'over'; // the last boards, markers and deck stay for everyone to see
    return;
  }
  state.episode++;
  state.phase = 'deal';
  state.deck = [];
  state.card = -1;
  state.boards = state.boards.map(emptyBoard);
  state.placed = state.placed.map(() => []);
  state.markers.fill(START_MARKER);
  state.stopped.fill(false);
}

// ---------------------------------------------------------------------------------------------------------------
// Chance

export function sampleChance(_state: MyCityState, rng: Rng): MyCityDeal {
  return { type: 'deal', order: shuffle(BUILDING_IDS.slice(), rng) };
}
