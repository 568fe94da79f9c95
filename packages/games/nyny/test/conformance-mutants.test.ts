/**
 * The conformance suite must fail for broken games: each mutant below breaks one promise of the engine contract in
 * New York, and the suite has to name it.
 */
import { SPECTATOR, type Game } from '@skyline/engine';
import { checkRandomGame, expectCaught as caught, type ConformanceConfig } from '@skyline/engine/testing';
import {
  TILE_IDS,
  nyny,
  tileId,
  type NynyDeal,
  type NynyMove,
  type NynyOptions,
  type NynyState,
  type NynyView,
} from '@skyline/nyny';
import { describe, expect, it } from 'vitest';

type Nyny = Game<NynyState, NynyMove, NynyDeal, NynyView, NynyOptions>;

const config: ConformanceConfig = {
  setups: [],
  maxSteps: 200,
  candidateMoves: () => TILE_IDS.map((tile) => ({ type: 'play', tile })),
};

function expectCaught(mutant: Nyny, message: RegExp, options: Record<string, unknown> = {}) {
  caught(mutant, message, { players: 3, options }, config);
}

describe('the conformance suite catches broken games', () => {
  it('passes the real game', () => {
    expect(() => checkRandomGame(nyny, { players: 3 }, 1, config)).not.toThrow();
  });

  it('a view that shows the other hands', () => {
    const mutant: Nyny = {
      ...nyny,
      view: (s, v) => ({ ...nyny.view(s, v), leak: s.hands.map((h) => h.map(tileId)) }) as NynyView,
    };
    expectCaught(mutant, /can see the secret/);
  });

  it('a view that counts tiles dealt face down among those known to be in a hand', () => {
    const mutant: Nyny = {
      ...nyny,
      view: (s, v) => ({ ...nyny.view(s, v), known: s.hands.map((h) => h.map(tileId)) }),
    };
    expectCaught(mutant, /can see the secret .* at view\.known/);
  });

  it('secrets that take every tile of another hand as hidden, the ones taken face up included', () => {
    const mutant: Nyny = {
      ...nyny,
      secrets: (s, v) => ({
        strings: [...s.deck, ...s.hands.flatMap((h, seat) => (seat === v ? [] : h))].map(tileId),
        logFrom: s.roundStart,
      }),
    };
    expectCaught(mutant, /can see the secret/);
  });

  it('a redaction that shows the whole deal', () => {
    expectCaught({ ...nyny, redact: (entry) => entry }, /can see the secret .* at log\[0\]/);
  });

  it('a validate that accepts a tile that is not in the hand', () => {
    const mutant: Nyny = {
      ...nyny,
      validate: (s, actor, move) => {
        const reason = nyny.validate(s, actor, move);
        return reason?.endsWith('is not in your hand') ? null : reason;
      },
    };
    expectCaught(mutant, /is accepted but not listed by legalMoves/);
  });

  it('a legal-move list with a move that validate refuses', () => {
    const mutant: Nyny = {
      ...nyny,
      legalMoves: (s, seat) => [
        ...nyny.legalMoves(s, seat),
        { type: 'play', tile: 'zz' } as unknown as NynyMove,
      ],
    };
    expectCaught(mutant, /has moves while chance is awaited|listed move .* is refused/);
  });

  it('a clone that shares the hands with its original', () => {
    expectCaught({ ...nyny, clone: (s) => ({ ...nyny.clone(s), hands: s.hands }) }, /clone/);
  });

  it('a determinization that deals the asking seat another hand', () => {
    const mutant: Nyny = {
      ...nyny,
      determinize: (v, seat, rng) =>
        nyny.determinize({ ...v, hand: null, handSizes: v.handSizes }, seat === 0 ? 1 : 0, rng),
    };
    expectCaught(mutant, /determinized/);
  });

  it('a game that never ends', () => {
    const mutant: Nyny = {
      ...nyny,
      applyInPlace: (s, a, m) => (m.type === 'pass' ? undefined : nyny.applyInPlace(s, a, m)),
    };
    const stuck: Nyny = { ...mutant, randomMove: (_s, _seat, moves) => moves[moves.length - 1] as NynyMove };
    expectCaught(stuck, /applyMove and applyInPlace disagree|not over after/);
  });

  it('a finished game without winners', () => {
    expectCaught({ ...nyny, status: (s) => ({ ...nyny.status(s), winners: [] }) }, /winners/);
  });

  it('a seat that is not awaited but has moves', () => {
    const mutant: Nyny = {
      ...nyny,
      legalMoves: (s, seat) =>
        nyny.legalMoves(s, seat).length ? nyny.legalMoves(s, seat) : nyny.legalMoves(s, s.turn),
    };
    expectCaught(mutant, /not awaited but has legal moves|offers seat \d other moves/);
  });

  it('a spectator view with a hand in it', () => {
    const mutant: Nyny = { ...nyny, view: (s, v) => nyny.view(s, v === SPECTATOR ? 0 : v) };
    expectCaught(mutant, /spectator can see the secret/);
  });
});
