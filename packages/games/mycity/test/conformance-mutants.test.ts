/**
 * The conformance suite must fail for a broken My City: each mutant below breaks one promise (a secret shown, a rule
 * relaxed), and the suite has to name it. Hidden choices are numbers, not tokens: the determinize round-trip is
 * what catches their leak.
 */
import type { Game } from '@skyline/engine';
import { checkRandomGame, expectCaught as caught, type ConformanceConfig } from '@skyline/engine/testing';
import {
  PLACEMENTS,
  mycity,
  type MyCityDeal,
  type MyCityMove,
  type MyCityOptions,
  type MyCityState,
  type MyCityView,
} from '@skyline/mycity';
import { describe, expect, it } from 'vitest';

type MyCity = Game<MyCityState, MyCityMove, MyCityDeal, MyCityView, MyCityOptions>;

const config: ConformanceConfig = { setups: [], maxSteps: 300 };

function expectCaught(mutant: MyCity, message: RegExp, extra: Partial<ConformanceConfig> = {}) {
  caught(mutant, message, { players: 3 }, { ...config, ...extra });
}

describe('the conformance suite catches a broken My City', () => {
  it('passes the real game', () => {
    expect(() => checkRandomGame(mycity, { players: 3 }, 1, config)).not.toThrow();
  });

  it('a view that shows the choices of the other seats before they are revealed', () => {
    const mutant: MyCity = {
      ...mycity,
      view: (s, v) =>
        ({
          ...mycity.view(s, v),
          leak: s.choices.map((c) => (c >= 0 ? (PLACEMENTS[c]?.squares ?? []) : c)),
        }) as MyCityView,
    };
    expectCaught(mutant, /view of its determinized state differs from its view/);
  });

  it('a redaction that shows the whole deck', () => {
    expectCaught({ ...mycity, redact: (entry) => entry }, /can see the secret .* at log\[0\]/);
  });

  it('a validate that lets a first building stand away from the river', () => {
    const mutant: MyCity = {
      ...mycity,
      validate: (s, actor, move) => {
        const reason = mycity.validate(s, actor, move);
        return reason?.startsWith('your first building') ? null : reason;
      },
    };
    const candidateMoves = (state: unknown) =>
      PLACEMENTS.filter((p) => p.building === (state as MyCityState).deck[(state as MyCityState).card]).map(
        (p) => p.move,
      );
    expectCaught(mutant, /is accepted but not listed by legalMoves/, { candidateMoves });
  });
});
