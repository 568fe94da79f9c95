/**
 * The two rungs between the original levels: `novice` (the greedy bot that blunders into a random legal move, on
 * purpose, a third of the time) and `club` (the ISMCTS search on a tenth of its budget). Their strength is measured
 * with `skyline arena` (the README's ladder); these tests pin their definitions.
 */
import { describe, expect, it } from 'vitest';
import { SeededRng, type AnyGame, type Seat } from '@skyline/engine';
import {
  CLUB_FRACTION,
  DEFAULT_ISMCTS,
  NOVICE_BLUNDER,
  WAIT,
  blunders,
  botFor,
  clubBudget,
  clubSearch,
  greedyBot,
  noviceBotWith,
  playGame,
  randomBot,
  search,
  type BotInput,
  type BotLevel,
} from '../src/index.js';
import { ALL_GAMES, midGame, optionsOf } from './helpers.js';

/**
 * A position with a choice to make (null if the random game ended before one), and a fresh input for it with its rng
 * seeded from `rngSeed`. The seed is spread (`Math.imul`): the first draw of a generator seeded with a small integer
 * is close to its maximum, so a novice's first draw would never blunder (the server's bots draw from a fresh random
 * key per move, the arena's from one generator per seat and game).
 */
function position(game: AnyGame, players: number, seed: number, steps: number) {
  let found: { state: unknown; seat: Seat };
  try {
    found = midGame(game, players, seed, steps);
  } catch {
    return null;
  }
  const { state, seat } = found;
  const input = (rngSeed: number, budget: BotInput['budget'] = {}): BotInput => ({
    game,
    view: game.view(state, seat),
    seat,
    legalMoves: game.legalMoves(state, seat),
    rng: new SeededRng(Math.imul(rngSeed, 0x9e3779b1)),
    budget,
  });
  return { state, seat, input };
}

describe('the ladder of levels', () => {
  it('botFor seats every level, each bot naming its own', () => {
    for (const level of ['random', 'novice', 'greedy', 'club', 'ismcts'] as const) {
      expect(botFor(level).level).toBe(level);
    }
  });

  it('blunders draws from the seeded rng with its probability, and draws nothing at 0 or 1', () => {
    const rng = new SeededRng(5);
    let count = 0;
    for (let k = 0; k < 3000; k++) if (blunders(rng, NOVICE_BLUNDER)) count++;
    expect(count / 3000).toBeGreaterThan(0.3);
    expect(count / 3000).toBeLessThan(0.366);
    const a = new SeededRng(9);
    const b = new SeededRng(9);
    expect(blunders(a, 0)).toBe(false);
    expect(blunders(a, 1)).toBe(true);
    expect(a.int(1000)).toBe(b.int(1000));
  });
});

describe.each(ALL_GAMES.map((game) => [game.id, game] as const))('%s', (_, game) => {
  const players = Math.max(2, game.minPlayers);

  it('novice: some of its moves differ from greedy’s, all legal; at probability 0 it is greedy, at 1 random', () => {
    const novice = noviceBotWith(NOVICE_BLUNDER);
    const never = noviceBotWith(0);
    const always = noviceBotWith(1);
    let differ = 0;
    let decisions = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const found = position(game, 4, seed, 5 + (seed % 10) * 2);
      if (found === null) continue;
      const { state, seat, input } = found;
      const greedy = greedyBot.choose(input(seed));
      const move = novice.choose(input(seed));
      if (move === WAIT) continue;
      decisions++;
      expect(game.validate(state, seat, move)).toBeNull();
      if (JSON.stringify(move) !== JSON.stringify(greedy)) differ++;
      expect(never.choose(input(seed))).toStrictEqual(greedy);
      expect(always.choose(input(seed))).toStrictEqual(randomBot.choose(input(seed)));
    }
    expect(decisions).toBeGreaterThan(20);
    expect(differ).toBeGreaterThan(0);
    expect(differ).toBeLessThan(decisions);
  }, 30_000);

  it('novice and club bots play whole games of only legal moves', () => {
    const levels: BotLevel[] = Array.from({ length: players }, (_, seat) => (seat === 0 ? 'club' : 'novice'));
    const state = playGame(game, levels, optionsOf(game, players), 17, { iterations: 20 });
    expect(game.status(state).over).toBe(true);
  }, 30_000);

  it('club: its search is given a thirtieth of the iterations (at least 1)', () => {
    let searched = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const found = position(game, 4, seed, 25);
      if (found === null) continue;
      const { input } = found;
      if (search(input(seed, { iterations: 60 })).iterations !== 60) continue; // answered without searching
      searched++;
      expect(clubSearch(input(seed, { iterations: 60 })).iterations).toBe(2);
      expect(clubSearch(input(seed, { iterations: 5 })).iterations).toBe(1);
      expect(clubSearch(input(seed, { iterations: 60 }), 0.1).iterations).toBe(6);
      expect(botFor('club').choose(input(seed, { iterations: 120 }))).toStrictEqual(
        search(input(seed, { iterations: 4 })).move,
      );
    }
    expect(searched).toBeGreaterThan(0);
  }, 30_000);
});

describe('club budget', () => {
  it('is a thirtieth of the time and of the iterations where set, a thirtieth of the default time otherwise', () => {
    expect(CLUB_FRACTION).toBe(1 / 30);
    expect(clubBudget({ ms: 900 }, 1000)).toEqual({ ms: 30 });
    expect(clubBudget({ ms: 300, iterations: 95 }, 1000)).toEqual({ ms: 10, iterations: 3 });
    expect(clubBudget({ iterations: 3 }, 1000)).toEqual({ iterations: 1 });
    expect(clubBudget({}, 1500)).toEqual({ ms: 50 });
  });

  it('takes another share where it is given one (a game may set its own: clubFraction)', () => {
    expect(clubBudget({ ms: 1000 }, 1000, 0.1)).toEqual({ ms: 100 });
    expect(clubBudget({ ms: 100, iterations: 25 }, 1000, 0.1)).toEqual({ ms: 10, iterations: 2 });
    expect(DEFAULT_ISMCTS.clubFraction).toBe(CLUB_FRACTION);
  });
});
