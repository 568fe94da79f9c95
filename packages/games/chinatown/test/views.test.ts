import { SPECTATOR, SeededRng, randomPlayout, randomStep, type LogEntry } from '@skyline/engine';
import { chinatown, type ChinatownState } from '@skyline/chinatown';
import { describe, expect, it } from 'vitest';
import {
  CHANCE,
  accept,
  allReady,
  newGame,
  offer,
  opening,
  openingTrade,
  play,
  settle,
  setupMove,
  OPENING_LOTS,
  OPENING_SHOPS,
} from './helpers.js';

/** Plays `entries` from a new 3-seat game, keeping the log. */
function withLog(options: object, entries: LogEntry[]): { state: ChinatownState; log: LogEntry[] } {
  let state = newGame(3, options);
  for (const entry of entries) {
    state = 'chance' in entry ? play(state, [CHANCE, entry.chance]) : play(state, [entry.seat, entry.move]);
  }
  return { state, log: entries };
}

const SETUP: LogEntry = { chance: setupMove(OPENING_LOTS, OPENING_SHOPS) };

describe('secrets: lot cards and settle choices', () => {
  it("shows a seat its own lot cards and only the number of the others'", () => {
    const state = opening();
    const view = chinatown.view(state, 1);
    expect(view.hand).toEqual([3, 4, 16, 17, 18, 23, 25]);
    expect(view.handSizes).toEqual([7, 7, 7]);
    expect(chinatown.view(state, SPECTATOR).hand).toBeNull();
    // nothing else in the view holds lot cards: the board is empty, the deck is a size
    expect(view.owner.every((owner) => owner === -1)).toBe(true);
    expect(view.lotDeckSize).toBe(64);
    expect(Object.keys(view)).not.toContain('lotDeck');
  });

  it('hides a settle choice until all are revealed, in the view and in the log', () => {
    const { state, log } = withLog({}, [SETUP, { seat: 0, move: settle(19, 20, 22, 24, 26) }]);
    expect(chinatown.view(state, 0).settle).toEqual([19, 20, 22, 24, 26]);
    expect(chinatown.view(state, 1).settle).toBeNull();
    expect(chinatown.view(state, 1).chosen).toEqual([true, false, false]);
    expect(chinatown.redact(log[1] as never, 1, 1, state)).toEqual({ seat: 0, move: { type: 'hidden' } });
    expect(chinatown.redact(log[1] as never, 1, 0, state)).toEqual(log[1]);
    const revealed = play(state, [1, settle(16, 17, 18, 23, 25)], [2, settle(71, 72, 73, 74, 75)]);
    expect(chinatown.redact(log[1] as never, 1, 1, revealed)).toEqual(log[1]);
  });

  it('hides the deck orders and the economy cards not revealed in the setup entry', () => {
    const { state, log } = withLog({}, [SETUP]);
    const shown = chinatown.redact(log[0] as never, 0, 2, state) as { chance: Record<string, unknown[]> };
    expect(shown.chance.lots!.every((card) => card === null)).toBe(true);
    expect(shown.chance.economy!.every((card) => card === null)).toBe(true);
    // no shop tile has been drawn yet (settling comes first)
    expect(shown.chance.shops!.every((id) => id === null)).toBe(true);
    expect(chinatown.secrets(state, 2).strings.sort()).toEqual(
      ['none-1', 'none-2', 'none-3', 'all-3', 'all-4', 'all-5', 'all-6', 'all-3-4', 'all-5-6'].sort(),
    );
  });

  it('reveals one economy card per round, and no other', () => {
    const state = (() => {
      let s = allReady(openingTrade());
      for (let seat = 0; seat < 3; seat++) s = play(s, [seat, { type: 'done' }]);
      return s;
    })();
    expect(chinatown.view(state, 0).economy).toEqual(['all-3']);
    expect(chinatown.secrets(state, 0).strings).not.toContain('all-3');
    expect(chinatown.secrets(state, 0).strings).toHaveLength(8);
  });
});

describe('secrets: money', () => {
  it('shows each seat only its own money while the game goes on', () => {
    const state = openingTrade();
    expect(chinatown.view(state, 1).money).toEqual([null, 5000, null]);
    expect(chinatown.view(state, SPECTATOR).money).toEqual([null, null, null]);
  });

  it('shows the money of an offer only to its two seats; the others see that money is part of it', () => {
    const state = play(openingTrade(), [0, offer(1, { lots: [26], money: 3000 }, { shops: { radio: 1 } })]);
    for (const seat of [0, 1]) expect(chinatown.view(state, seat).offers[0]!.give.money).toBe(3000);
    for (const viewer of [2, SPECTATOR] as const) {
      const seen = chinatown.view(state, viewer).offers[0]!;
      expect(seen.give).toEqual({ lots: [26], shops: {}, money: null, lotCards: [] });
      expect(seen.get).toEqual({ lots: [], shops: { radio: 1 }, money: 0, lotCards: [] });
    }
    const entry = { seat: 0, move: offer(1, { lots: [26], money: 3000 }, { shops: { radio: 1 } }) };
    expect(chinatown.redact(entry as never, 5, 2, state)).toEqual({
      seat: 0,
      move: offer(1, { lots: [26], money: null }, { shops: { radio: 1 } }),
    });
    expect(chinatown.redact(entry as never, 5, 1, state)).toEqual(entry);
  });

  it('shows only the number of lot cards of an offer to the others', () => {
    const state = play(openingTrade({ keepLotCards: true }), [0, offer(1, { lotCards: [1, 2] }, {})]);
    expect(chinatown.view(state, 2).offers[0]!.give.lotCards).toEqual([null, null]);
    expect(chinatown.view(state, 1).offers[0]!.give.lotCards).toEqual([1, 2]);
  });

  it('tells the seat an offer is made to whether it can accept it', () => {
    const state = play(
      openingTrade(),
      [0, offer(1, { money: 5000 }, {})],
      [0, offer(2, { money: 5000 }, {})],
    );
    expect(chinatown.view(state, 1).offers.map((o) => o.acceptable)).toEqual([true, null]);
    const after = play(state, [1, accept(1)]);
    expect(chinatown.view(after, 2).offers.map((o) => o.acceptable)).toEqual([false]);
    expect(chinatown.view(after, 0).offers.map((o) => o.acceptable)).toEqual([null]);
  });

  it('determinizes consistently with those flags', () => {
    const state = play(
      openingTrade(),
      [0, offer(1, { money: 5000 }, {})],
      [0, offer(2, { money: 5000 }, {})],
      [1, accept(1)],
    );
    const view = chinatown.view(state, 2);
    const sampled = chinatown.determinize(
      JSON.parse(JSON.stringify(view)) as typeof view,
      2,
      new SeededRng(3),
    );
    expect(chinatown.view(sampled, 2)).toEqual(view);
    expect(chinatown.legalMoves(sampled, 2)).toEqual(chinatown.legalMoves(state, 2));
  });
});

describe('a finished game', () => {
  it('shows everything: money, and the log unredacted', () => {
    const state = newGame(3);
    const rng = new SeededRng(5);
    randomPlayout(chinatown, state, rng);
    expect(chinatown.view(state, 0).money).toEqual(state.money);
    expect(chinatown.secrets(state, 0).strings).toEqual([]);
    expect(chinatown.view(state, 0).economy).toHaveLength(6);
    const entry = { seat: 0, move: offer(1, { money: 3000 }, {}) };
    expect(chinatown.redact(entry as never, 9, 2, state)).toEqual(entry);
  });
});

describe('secrets over random games', () => {
  it('never show another seat its neighbours’ cards, choices or money (numbers, which the token check cannot see)', () => {
    for (const [players, options] of [
      [3, { keepLotCards: true }],
      [4, {}],
      [5, { keepLotCards: true, drawMax: true }],
    ] as const) {
      const rng = new SeededRng(players);
      const parsed = chinatown.parseOptions(players, options);
      if (!parsed.ok) throw new Error(parsed.reason);
      const state = chinatown.setup(players, parsed.options);
      let steps = 0;
      while (chinatown.active(state).length > 0) {
        if (steps++ % 5 === 0) {
          for (let seat = 0; seat < players; seat++) {
            const view = chinatown.view(state, seat);
            expect(view.hand).toEqual(state.hands[seat]);
            expect(view.handSizes).toEqual(state.hands.map((hand) => hand.length));
            expect(view.money.filter((m, other) => other !== seat && m !== null)).toEqual([]);
            view.chosen.forEach((chosen, other) => expect(chosen).toBe(state.settles[other] !== null));
            expect(view.settle).toEqual(state.settles[seat]);
            for (const seen of view.offers) {
              if (seen.from === seat || seen.to === seat) continue;
              for (const side of [seen.give, seen.get]) {
                expect(side.money === 0 || side.money === null).toBe(true);
                expect(side.lotCards.every((card) => card === null)).toBe(true);
              }
            }
          }
        }
        randomStep(chinatown, state, rng);
      }
    }
  });
});
