/**
 * The conformance suite on a toy game: it passes a correct game, and each named check catches, on its own, a game
 * broken in the one way it is about.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../src/index.js';
import {
  CHECKS,
  describeConformance,
  expectCaught,
  judgeRandomGame,
  type CheckName,
  type ConformanceConfig,
} from '../src/testing/index.js';
import { toy, type ToyDeal, type ToyMove, type ToyState, type ToyView } from './toy.js';

type Toy = Game<ToyState, ToyMove, ToyDeal, ToyView, Record<string, never>>;

const config: ConformanceConfig = {
  setups: [{ players: 2 }, { players: 3 }],
  games: 3,
  maxSteps: 20,
  candidateMoves: () => [0, 1, 2, 3].map((n) => ({ type: 'add', n })),
  invariant: (state) => {
    const { total, added } = state as ToyState;
    if (added.reduce((a, b) => a + b, 0) !== total) throw new Error('the total is not what the seats added');
  },
};

describeConformance(toy, config);

const MUTANTS: Record<CheckName, [Toy, RegExp]> = {
  status: [{ ...toy, status: (s) => ({ ...toy.status(s), winners: [] }) }, /a finished game needs winners/],
  invariant: [
    {
      ...toy,
      applyInPlace: (s, a, m) => {
        toy.applyInPlace(s, a, m);
        if (a !== 'chance') s.total += 0.5;
      },
    },
    /the total is not/,
  ],
  secretsHidden: [
    { ...toy, view: (s, v) => ({ ...toy.view(s, v), all: s.cards }) as ToyView },
    /can see the secret/,
  ],
  determinize: [
    { ...toy, determinize: (v, seat, rng) => ({ ...toy.determinize(v, seat, rng), total: v.total + 1 }) },
    /determinized state/,
  ],
  legalMoves: [
    {
      ...toy,
      legalMoves: (s, seat) => [
        ...toy.legalMoves(s, seat),
        ...(toy.legalMoves(s, seat).length ? [{ type: 'add', n: 3 } as ToyMove] : []),
      ],
    },
    /listed move .* is refused/,
  ],
  illegalMovesRefused: [
    {
      ...toy,
      validate: (s, a, m) => (a !== 'chance' && (m as ToyMove)?.n === 3 ? null : toy.validate(s, a, m)),
    },
    /accepted but not listed/,
  ],
  outOfTurnRefused: [
    {
      ...toy,
      validate: (s, a, m) =>
        typeof a === 'number' && a !== s.turn ? toy.validate(s, s.turn, m) : toy.validate(s, a, m),
    },
    /a move out of turn/,
  ],
  chanceMoves: [
    { ...toy, validate: (s, a, m) => (a === 'chance' && s.cards === null ? null : toy.validate(s, a, m)) },
    /a corrupted chance move/,
  ],
  applyAgrees: [
    { ...toy, clone: (s) => ({ ...toy.clone(s), step: 0 }) },
    /a clone differs from its original/,
  ],
  finished: [
    { ...toy, validate: (s, a, m) => (s.total >= 6 && a !== 'chance' ? null : toy.validate(s, a, m)) },
    /a move after the end/,
  ],
  // Its mutant needs a counter outside the game: see the test below.
  replays: [toy, /replaying the log gives another state/],
};

describe('each named check catches the break it is about, run alone', () => {
  for (const name of Object.keys(CHECKS) as CheckName[]) {
    if (name === 'replays') continue;
    it(name, () => {
      const [mutant, message] = MUTANTS[name];
      expectCaught(mutant, message, { players: 3 }, { ...config, checks: [name] });
    });
  }

  it('replays: a log that does not lead back to the final state', () => {
    let games = 0;
    // A setup that differs from one call to the next: the game played is not the game its log rebuilds.
    const mutant: Toy = {
      ...toy,
      setup: (players, options) => ({ ...toy.setup(players, options), total: games++ === 0 ? 1 : 0 }),
    };
    expectCaught(
      mutant,
      /replaying the log gives another state/,
      { players: 2 },
      { ...config, checks: ['replays'] },
      1,
    );
  });
});

describe('judgeRandomGame', () => {
  it('reports every check that fails, each with its own first failure, and passes the others', () => {
    const [statusMutant] = MUTANTS.status;
    const [viewMutant] = MUTANTS.secretsHidden;
    const mutant: Toy = { ...statusMutant, view: (s, v) => viewMutant.view(s, v) };
    const verdict = judgeRandomGame(mutant, { players: 2 }, 1, config, Object.keys(CHECKS) as CheckName[]);
    // The leaking view also gives a determinized state away: its view shows other cards than the real one.
    expect([...verdict.failures.keys()].sort()).toEqual(['determinize', 'secretsHidden', 'status']);
    expect(verdict.failures.get('secretsHidden')?.message).toMatch(
      /^toy 2 seats \{\} seed 1 step 1: 0 can see the secret/,
    );
    expect(verdict.broke).toBeNull();
  });

  it('tells a game that does not end', () => {
    const endless: Toy = {
      ...toy,
      applyInPlace: (s, a, m) => {
        toy.applyInPlace(s, a, m);
        s.total = Math.min(s.total, 5);
      },
    };
    const verdict = judgeRandomGame(endless, { players: 2 }, 1, config, ['status']);
    expect(verdict.broke?.message).toMatch(/step 20: the game is not over after 20 steps/);
  });
});
