/**
 * A toy game for the engine's own tests: each seat is dealt one hidden card (a, b, c or d, worth 1 to 4), then the
 * seats take turns adding 1 or 2 to a shared total; once it reaches 6, each scores what it added plus its card.
 */
import {
  CHANCE,
  bestSeats,
  defineGame,
  isIntIn,
  readMove,
  shuffle,
  type Actor,
  type Game,
  type LogEntry,
  type Viewer,
} from '../src/index.js';

export const CARDS = ['a', 'b', 'c', 'd'];
export const GOAL = 6;

export interface ToyState {
  step: number;
  players: number;
  cards: string[] | null;
  turn: number;
  total: number;
  added: number[];
}
export type ToyMove = { type: 'add'; n: number };
export type ToyDeal = { type: 'deal'; cards: string[] };
export interface ToyView {
  step: number;
  dealt: boolean;
  card: string | null;
  turn: number;
  total: number;
  added: number[];
}

const over = (state: ToyState) => state.total >= GOAL;
const activeOf = (state: ToyState): Actor[] =>
  state.cards === null ? [CHANCE] : over(state) ? [] : [state.turn];
const MOVES: ToyMove[] = [
  { type: 'add', n: 1 },
  { type: 'add', n: 2 },
];

export const toy: Game<ToyState, ToyMove, ToyDeal, ToyView, Record<string, never>> = defineGame({
  id: 'toy',
  title: 'Toy',
  minPlayers: 2,
  maxPlayers: 3,
  options: [],
  setup: (players) => ({
    step: 0,
    players,
    cards: null,
    turn: 0,
    total: 0,
    added: new Array<number>(players).fill(0),
  }),
  active: activeOf,
  status(state) {
    const done = state.cards !== null && over(state);
    const scores = state.added.map(
      (n, seat) => n + (state.cards ? CARDS.indexOf(state.cards[seat] as string) + 1 : 0),
    );
    return {
      over: done,
      active: activeOf(state) as number[],
      scores,
      winners: done ? bestSeats(scores) : [],
    };
  },
  legalMoves: (state, seat) => (state.cards !== null && !over(state) && seat === state.turn ? MOVES : []),
  validate(state, actor: Actor, move) {
    if (actor === CHANCE) {
      if (state.cards !== null) return 'the cards are dealt';
      const deal = move as ToyDeal;
      const ok =
        typeof move === 'object' &&
        move !== null &&
        deal.type === 'deal' &&
        Array.isArray(deal.cards) &&
        deal.cards.length === state.players &&
        new Set(deal.cards).size === state.players &&
        deal.cards.every((card) => CARDS.includes(card));
      return ok ? null : 'a deal gives each seat a different card';
    }
    if (state.cards === null || over(state) || actor !== state.turn) return 'not your turn';
    const read = readMove(move, { add: { required: ['n'] } });
    if (!read.ok) return read.reason;
    return isIntIn(read.fields.n, 1, 2) ? null : 'add 1 or 2';
  },
  apply(state, actor, move) {
    if (actor === CHANCE) {
      state.cards = (move as ToyDeal).cards.slice();
      return;
    }
    const { n } = move as ToyMove;
    state.total += n;
    state.added[state.turn] = (state.added[state.turn] as number) + n;
    state.turn = (state.turn + 1) % state.players;
  },
  sampleChance: (state, rng) => ({
    type: 'deal',
    cards: shuffle(CARDS.slice(), rng).slice(0, state.players),
  }),
  clone: (state) => structuredClone(state),
  view: (state, viewer: Viewer) => ({
    step: state.step,
    dealt: state.cards !== null,
    card: state.cards && typeof viewer === 'number' ? (state.cards[viewer] as string) : null,
    turn: state.turn,
    total: state.total,
    added: state.added.slice(),
  }),
  redact: (entry: LogEntry, _index, _viewer, state) =>
    'chance' in entry && !over(state) ? { chance: { type: 'deal', cards: null } } : entry,
  determinize(view, seat, rng) {
    const others = shuffle(
      CARDS.filter((card) => card !== view.card),
      rng,
    );
    const cards = view.dealt
      ? view.added.map((_, k) => (k === seat ? (view.card as string) : (others.pop() as string)))
      : null;
    return {
      step: view.step,
      players: view.added.length,
      cards,
      turn: view.turn,
      total: view.total,
      added: view.added.slice(),
    };
  },
  secrets: (state, viewer) => ({
    strings: state.cards === null || over(state) ? [] : state.cards.filter((_, seat) => seat !== viewer),
    logFrom: 0,
  }),
});
