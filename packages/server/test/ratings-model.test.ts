/** The rating model alone: places from a game's end, and Weng-Lin (Plackett-Luce) updates for 2 to 4 seats with ties. */
import { describe, expect, it } from 'vitest';
import { placesFromResult, ratedPlayerId, ratedSetting } from '../src/ratings/ended.js';
import {
  initialRating,
  ordinal,
  placesOf,
  rateGame,
  rateGameByPairs,
  shownDeviation,
  shownRating,
} from '../src/ratings/model.js';
import { inOpening } from '../src/ratings/opening.js';

describe('places at the end of a game', () => {
  it('puts the winners first, then the others by score, with equal scores tied', () => {
    expect(placesOf({ scores: [10, 30, 20, 20], winners: [1] })).toEqual([4, 1, 2, 2]);
  });

  it('places a seat that lost the tie-break after the winners, though its score is theirs', () => {
    expect(placesOf({ scores: [30, 30, 10], winners: [1] })).toEqual([2, 1, 3]);
  });

  it('ties the winners of a shared victory', () => {
    expect(placesOf({ scores: [30, 30, 10, 5], winners: [0, 1] })).toEqual([1, 1, 3, 4]);
  });

  it('places a player who resigned last, whatever the score, and ranks the others by their scores then', () => {
    const resignation = { resigned: 0, winners: [2], scores: [50, 10, 20] };
    expect(placesFromResult({ resignation })).toEqual([3, 2, 1]);
  });

  it('places every seat that forfeited last, tied', () => {
    expect(
      placesFromResult({ status: { scores: [5, 40, 30, 20], winners: [1] }, forfeited: [1, 2] }),
    ).toEqual([2, 3, 3, 1]);
  });

  it('gives no places to a stopped game: it is not rated', () => {
    expect(
      placesFromResult({ resignation: { resigned: null, stoppedBy: 'ann', winners: [], scores: [1, 2] } }),
    ).toBe(null);
  });
});

describe('who is rated', () => {
  it('rates a table the host said nothing of unless bots sit at it; a bot game only when set on', () => {
    expect(ratedSetting(null, false)).toBe(true);
    expect(ratedSetting(null, true)).toBe(false);
    expect(ratedSetting(true, true)).toBe(true);
    expect(ratedSetting(false, false)).toBe(false);
  });

  it('rates a person registered by the end of the game, and a bot by its level; never a guest', () => {
    expect(ratedPlayerId({ id: 'u1', bot_level: null, registered_at: 100 }, 100)).toBe('u1');
    expect(ratedPlayerId({ id: 'u1', bot_level: null, registered_at: 101 }, 100)).toBe(null);
    expect(ratedPlayerId({ id: 'u2', bot_level: null, registered_at: null }, 100)).toBe(null);
    expect(ratedPlayerId({ id: 'botx', bot_level: 'greedy', registered_at: null }, 100)).toBe('bot:greedy');
  });
});

describe('Weng-Lin Plackett-Luce updates', () => {
  const fresh = initialRating();

  it('starts at mu 25, sigma 25/3: stored ordinal 0, shown as 1500 with an uncertainty of about 246', () => {
    expect(fresh).toEqual({ mu: 25, sigma: 25 / 3 });
    expect(ordinal(fresh)).toBeCloseTo(0, 12);
    expect(shownRating(fresh)).toBe(1500);
    // By hand: 25/3 × 400 / (√2 × 25/6 × ln 10) = 400 √2 / ln 10 = 245.67.
    expect(shownDeviation(fresh)).toBeCloseTo(245.67, 2);
  });

  it('shows differences as Elo does: 400 points ahead is 10 to 1 in a two-seat Plackett-Luce game of sure ratings', () => {
    // By hand: 400 shown points are 400 / 29.48 = 13.57 of mu; with sigmas near 0, c = √2 × 25/6 = 5.893, and the
    // model's chance of finishing ahead is 1 / (1 + e^(-13.57 / 5.893)) = 1 / (1 + e^-2.3026) = 1 / 1.1 = 10/11.
    const mu = 25 + 13.5677;
    expect(shownRating({ mu, sigma: 1 })).toBeCloseTo(1900, 1);
    const c = Math.SQRT2 * (25 / 6);
    expect(1 / (1 + Math.exp(-(mu - 25) / c))).toBeCloseTo(10 / 11, 4);
    // A loss lowers the shown rating (the mean), and a win raises it.
    const [winner, loser] = rateGame([
      { rating: fresh, place: 1 },
      { rating: fresh, place: 2 },
    ]);
    expect(shownRating(loser!)).toBeLessThan(1500);
    expect(shownRating(winner!)).toBeGreaterThan(1500);
  });

  it('moves two new players apart by the amount the formula gives by hand', () => {
    // By hand: c² = 2σ² + 2β² with σ = 25/3, β = 25/6 (plus openskill's τ = 25/300 added to σ² first);
    // both are equal, so p = 1/2 and the winner gains σ²/c · 1/2.
    const sigmaSq = (25 / 3) ** 2 + (25 / 300) ** 2;
    const c = Math.sqrt(2 * sigmaSq + 2 * (25 / 6) ** 2);
    const gain = (sigmaSq / c) * 0.5;
    const [winner, loser] = rateGame([
      { rating: fresh, place: 1 },
      { rating: fresh, place: 2 },
    ]);
    expect(winner!.mu).toBeCloseTo(25 + gain, 6);
    expect(loser!.mu).toBeCloseTo(25 - gain, 6);
    // σ'² = σ² (1 - γ σ²/c² p(1-p)), γ = σ/c.
    const shrunk = Math.sqrt(sigmaSq * (1 - (Math.sqrt(sigmaSq) / c) * (sigmaSq / c ** 2) * 0.25));
    expect(winner!.sigma).toBeCloseTo(shrunk, 6);
    expect(loser!.sigma).toBeCloseTo(shrunk, 6);
  });

  it('leaves equal players equal in a two-seat tie, with less uncertainty', () => {
    const [a, b] = rateGame([
      { rating: fresh, place: 1 },
      { rating: fresh, place: 1 },
    ]);
    expect(a!.mu).toBeCloseTo(25, 9);
    expect(b!.mu).toBeCloseTo(25, 9);
    expect(a!.sigma).toBeLessThan(fresh.sigma);
  });

  it('in a three-seat game with a tie for second, moves the tied seats alike, between the first and the last', () => {
    const [first, tiedA, tiedB] = rateGame([
      { rating: fresh, place: 1 },
      { rating: fresh, place: 2 },
      { rating: fresh, place: 2 },
    ]);
    expect(tiedA!.mu).toBeCloseTo(tiedB!.mu, 9);
    expect(first!.mu).toBeGreaterThan(tiedA!.mu);
    // Three equal players: the total of mu is kept (what one gains, the others lose).
    expect(first!.mu + tiedA!.mu + tiedB!.mu).toBeCloseTo(75, 6);
  });

  it('in a four-seat game with two ties, orders the changes by place and keeps tied seats together', () => {
    const after = rateGame([
      { rating: fresh, place: 3 },
      { rating: fresh, place: 1 },
      { rating: fresh, place: 3 },
      { rating: fresh, place: 1 },
    ]);
    const mus = after.map((r) => r.mu);
    expect(mus[1]).toBeCloseTo(mus[3]!, 9);
    expect(mus[0]).toBeCloseTo(mus[2]!, 9);
    expect(mus[1]).toBeGreaterThan(25);
    expect(mus[0]).toBeLessThan(25);
  });

  it('gains less for beating a weaker player than for beating a stronger one', () => {
    const strong = { mu: 35, sigma: 3 };
    const weak = { mu: 15, sigma: 3 };
    const me = { mu: 25, sigma: 3 };
    const [overWeak] = rateGame([
      { rating: me, place: 1 },
      { rating: weak, place: 2 },
    ]);
    const [overStrong] = rateGame([
      { rating: me, place: 1 },
      { rating: strong, place: 2 },
    ]);
    expect(overStrong!.mu - 25).toBeGreaterThan(overWeak!.mu - 25);
  });

  it('refuses to rate a game of one', () => {
    expect(() => rateGame([{ rating: fresh, place: 1 }])).toThrow('at least two');
  });
});

describe('rating a game whose pairs do not all count', () => {
  const four = [
    { rating: { mu: 30, sigma: 5 }, place: 1 },
    { rating: { mu: 25, sigma: 8 }, place: 2 },
    { rating: { mu: 20, sigma: 6 }, place: 3 },
    { rating: { mu: 28, sigma: 4 }, place: 4 },
  ];

  it('is the whole game for everyone when every pair counts', () => {
    expect(rateGameByPairs(four, () => true)).toEqual(rateGame(four));
  });

  it('rates each of a pair left out on the game without the other, and the others on the whole game', () => {
    const apart = (i: number, j: number) => !((i === 0 && j === 1) || (i === 1 && j === 0));
    const after = rateGameByPairs(four, apart);
    const withoutSecond = rateGame([four[0]!, four[2]!, four[3]!]);
    const withoutFirst = rateGame([four[1]!, four[2]!, four[3]!]);
    const whole = rateGame(four);
    expect(after).toEqual([withoutSecond[0], withoutFirst[0], whole[2], whole[3]]);
  });

  it('leaves unrated a participant with nobody to be rated against', () => {
    const two = four.slice(0, 2);
    expect(rateGameByPairs(two, () => false)).toEqual([null, null]);
  });
});

describe("a game's opening (what a seat must have played to be rated, and until when /abort may drop it)", () => {
  const play = (seat: number, type: string) => ({ seat, move: { type } });
  const deal = { chance: { type: 'deal' } };

  it('asks two moves of every seat', () => {
    expect(inOpening('manhattan', 2, [deal, play(0, 'select'), play(1, 'select'), play(0, 'build')])).toBe(
      true,
    );
    expect(
      inOpening('manhattan', 2, [
        deal,
        play(0, 'select'),
        play(1, 'select'),
        play(0, 'build'),
        play(1, 'build'),
      ]),
    ).toBe(false);
  });

  it('counts a move that takes the seat out of the round (New York’s pass, My City’s stop) for the whole opening', () => {
    expect(inOpening('nyny', 2, [deal, play(0, 'play'), play(0, 'take'), play(1, 'pass')])).toBe(false);
    expect(inOpening('mycity', 2, [deal, play(0, 'stop'), play(1, 'pass')])).toBe(true);
    expect(inOpening('mycity', 2, [deal, play(0, 'stop'), play(1, 'pass'), play(1, 'build')])).toBe(false);
  });

  it('in Chinatown, asks each seat to end its first year’s placement: trading moves, however many, do not count', () => {
    const trading = Array.from({ length: 10 }, (_, k) => play(k % 2, k % 3 ? 'ready' : 'offer'));
    expect(inOpening('chinatown', 2, [deal, play(0, 'settle'), play(1, 'settle'), ...trading])).toBe(true);
    expect(inOpening('chinatown', 2, [deal, ...trading, play(0, 'done'), play(1, 'done')])).toBe(false);
  });
});
