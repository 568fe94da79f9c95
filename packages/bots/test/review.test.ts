import { SeededRng } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import { describe, expect, it } from 'vitest';
import {
  MARKS,
  decisionsOf,
  reviewDecision,
  reviewGame,
  summarise,
  type ReviewedMove,
} from '../src/review.js';
import { lastMoveBlunder, randomLog } from './review-positions.js';

describe('a review by the tree search', () => {
  for (const id of ['nyny', 'manhattan']) {
    it(`${id}: marks as a blunder a last move that threw a won game away, and prefers a winning one`, () => {
      const game = GAMES.get(id)!;
      const found = lastMoveBlunder(game, 2);
      expect(found, 'a seeded game whose last move lost a won game').not.toBeNull();
      const { state, seat, move, wins } = found!;
      const reviewed = reviewDecision(game, state, seat, move, { iterations: 300 }, 7);
      // Every playout after the move made ends at once in a loss, after a winning one in a win.
      expect(reviewed.played.win).toBe(0);
      expect(reviewed.best.win).toBe(1);
      expect(wins.map((win) => JSON.stringify(win))).toContain(JSON.stringify(reviewed.best.move));
      expect(reviewed.loss).toBe(1);
      expect(reviewed.mark).toBe('blunder');
    }, 60_000);
  }

  it('never reads what the seat could not see: two states it cannot tell apart get the same review', () => {
    for (const game of GAMES.values()) {
      const players = game.minPlayers;
      const { options, log } = randomLog(game, players, 11);
      const decisions = decisionsOf(game, players, options, log).filter(
        ({ state, seat }) => game.legalMoves(state, seat).length > 1,
      );
      // A decision a third of the way in: hands dealt, much still hidden.
      const decision = decisions[Math.floor(decisions.length / 3)]!;
      const view = game.view(decision.state, decision.seat);
      // Another state behind the same view: the other seats' hidden parts sampled anew.
      const other = game.determinize(view, decision.seat, new SeededRng(99));
      expect(game.view(other, decision.seat), `${game.id}: the same view`).toEqual(view);
      const budget = { iterations: 60 };
      const a = reviewDecision(game, decision.state, decision.seat, decision.move, budget, 5);
      const b = reviewDecision(game, other, decision.seat, decision.move, budget, 5);
      expect(b, game.id).toEqual(a);
    }
  }, 120_000);

  it('reviews every decision of a whole game, skips chance, and says which were forced', () => {
    const game = GAMES.get('nyny')!;
    const { options, log } = randomLog(game, 2, 3);
    const progress: number[] = [];
    const review = reviewGame(game, 2, options, log, {
      budget: { iterations: 20 },
      seed: 1,
      progress: (done) => progress.push(done),
    });
    const seatEntries = log.flatMap((entry, index) => ('seat' in (entry as object) ? [index] : []));
    expect(review.moves.map((move) => move.index)).toEqual(seatEntries);
    expect(progress).toEqual(seatEntries.map((_, n) => n + 1));
    for (const move of review.moves) {
      expect((log[move.index] as { seat: number }).seat).toBe(move.seat);
      if (move.forced) expect([move.loss, move.mark]).toEqual([0, null]);
      else {
        expect(move.loss).toBeGreaterThanOrEqual(0);
        expect(move.best.win).toBeGreaterThanOrEqual(0);
        expect(move.best.win).toBeLessThanOrEqual(1);
      }
    }
    expect(review.seats.map((seat) => seat.decisions).reduce((a, b) => a + b)).toBe(
      review.moves.filter((move) => !move.forced).length,
    );
    // Chance entries are in the log and not reviewed.
    expect(log.some((entry) => 'chance' in (entry as object))).toBe(true);
  }, 60_000);

  it('sums up each seat: mean loss, marks by the thresholds, worst moves first', () => {
    const move = (seat: number, loss: number, forced = false): ReviewedMove => ({
      index: 0,
      seat,
      played: { move: null, win: 0.5 - loss, visits: 10 },
      best: { move: null, win: 0.5, visits: 10 },
      loss,
      mark:
        loss >= MARKS.blunder
          ? 'blunder'
          : loss >= MARKS.mistake
            ? 'mistake'
            : loss >= MARKS.inaccuracy
              ? 'inaccuracy'
              : null,
      forced,
    });
    const moves = [move(0, 0.3), move(1, 0), move(0, 0.12), move(0, 0, true), move(0, 0.06), move(1, 0.02)];
    const [zero, one] = summarise(moves, 2);
    // Seat 0: three decisions that count (the forced one does not), 0.3 + 0.12 + 0.06 = 0.48 lost, 0.16 each.
    expect(zero!.decisions).toBe(3);
    expect(zero!.meanLoss).toBeCloseTo(0.16, 10);
    expect([zero!.blunders, zero!.mistakes, zero!.inaccuracies]).toEqual([1, 1, 1]);
    expect(zero!.worst).toEqual([0, 2, 4]);
    // Seat 1: 0 + 0.02 over two decisions; the move that lost nothing is not among its worst.
    expect(one!.meanLoss).toBeCloseTo(0.01, 10);
    expect(one!.worst).toEqual([5]);
  });
});
