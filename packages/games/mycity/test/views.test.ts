/**
 * Secrets: a choice sent but not yet revealed (the others see only that the seat
 * has chosen), and the order of the deck (everyone sees how many cards are left). Public: every board, every
 * marker, the revealed cards, who has stopped.
 */
import { SPECTATOR, SeededRng, type LogEntry } from '@skyline/engine';
import { mycity, type MyCityState } from '@skyline/mycity';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CHANCE, PASS, STOP, build, dealOf, newGame, play } from './helpers.js';

const Y3 = build([3, 3], [3, 4], [4, 3], [4, 4]);

/** Plays `steps` from a new 3-seat game, keeping the log. */
function game(...steps: [number | typeof CHANCE, unknown][]): { state: MyCityState; log: LogEntry[] } {
  const state = play(newGame(3), ...steps);
  const log = steps.map(([actor, move]) =>
    actor === CHANCE ? { chance: move } : { seat: actor, move },
  ) as LogEntry[];
  return { state, log };
}

const redactedLog = (state: MyCityState, log: LogEntry[], viewer: number | typeof SPECTATOR) =>
  log.map((entry, index) =>
    mycity.redact(entry as Parameters<typeof mycity.redact>[0], index, viewer, state),
  );

describe('hidden choices', () => {
  const { state, log } = game([CHANCE, dealOf('y3', 'y1')], [0, Y3], [1, PASS]);

  it('the others see only that a seat has chosen, not what', () => {
    for (const viewer of [2, SPECTATOR] as const) {
      const v = mycity.view(state, viewer);
      expect(v.chosen).toEqual([true, true, false]);
      expect(v.choice).toBeNull();
      expect(v.boards).toEqual([[], [], []]);
      expect(v.markers).toEqual([10, 10, 10]);
      expect(v.scores).toEqual([-59, -59, -59]);
      expect(redactedLog(state, log, viewer).slice(1)).toEqual([
        { seat: 0, move: { type: 'hidden' } },
        { seat: 1, move: { type: 'hidden' } },
      ]);
      const text = JSON.stringify({ v, log: redactedLog(state, log, viewer) });
      expect(text).not.toContain('pass');
      expect(text).not.toContain('[3,3]');
    }
  });

  it("a seat sees its own choice, and not the other seat's", () => {
    const v0 = mycity.view(state, 0);
    expect(v0.choice).toEqual(Y3);
    expect(redactedLog(state, log, 0).slice(1)).toEqual([
      { seat: 0, move: Y3 },
      { seat: 1, move: { type: 'hidden' } },
    ]);
    const v1 = mycity.view(state, 1);
    expect(v1.choice).toEqual(PASS);
    expect(JSON.stringify(v1)).not.toContain('[3,3]');
    expect(JSON.stringify(v0)).not.toContain('pass');
  });

  it('once every seat has chosen, all choices are revealed to everyone', () => {
    const after = play(state, [2, STOP]);
    const all = [...log, { seat: 2, move: STOP }];
    for (const viewer of [0, 1, 2, SPECTATOR] as const) {
      const v = mycity.view(after, viewer);
      expect(v.chosen).toEqual([false, false, false]);
      expect(v.boards[0]).toHaveLength(1);
      expect(v.markers).toEqual([10, 9, 10]);
      expect(v.stopped).toEqual([false, false, true]);
      expect(redactedLog(after, all, viewer).slice(1)).toEqual(all.slice(1));
    }
  });

  it('a determinized state keeps the view: the others have chosen something legal', () => {
    const rng = new SeededRng(3);
    for (let k = 0; k < 20; k++) {
      const v = mycity.view(state, 2);
      const sampled = mycity.determinize(v, 2, rng);
      expect(mycity.view(sampled, 2)).toEqual(v);
      expect(sampled.choices.slice(0, 2).every((choice) => choice !== -3)).toBe(true);
      const revealed = play(sampled, [2, STOP]);
      expect(revealed.stopped[2]).toBe(true);
    }
  });
});

describe('the deck', () => {
  const { state, log } = game([CHANCE, dealOf('b3', 'y1', 'r2')], [0, PASS], [1, PASS], [2, PASS]);

  it('everyone sees the revealed cards and how many are left, not which', () => {
    for (const viewer of [0, 1, 2, SPECTATOR] as const) {
      const v = mycity.view(state, viewer);
      expect(v.revealed).toEqual(['b3', 'y1']);
      expect(v.deckSize).toBe(22);
      const deal = redactedLog(state, log, viewer)[0] as { chance: { order: (string | null)[] } };
      expect(deal.chance.order.slice(0, 3)).toEqual(['b3', 'y1', null]);
      expect(deal.chance.order.filter((id) => id !== null)).toHaveLength(2);
      const text = JSON.stringify({ v, log: redactedLog(state, log, viewer) });
      for (const id of mycity.secrets(state, viewer).strings) expect(text).not.toContain(`"${id}"`);
    }
    expect(mycity.secrets(state, 0).strings).toHaveLength(22);
    expect(mycity.secrets(state, 0).strings).toContain('r2');
  });

  it('once the game is over the full record may be shown', () => {
    const over = play(state, [0, STOP], [1, STOP], [2, STOP]);
    const all = [...log, { seat: 0, move: STOP }, { seat: 1, move: STOP }, { seat: 2, move: STOP }];
    expect(redactedLog(over, all, 1)).toEqual(all);
    expect(mycity.secrets(over, 1).strings).toEqual([]);
  });

  it('views are plain JSON', () => {
    const v = mycity.view(state, 0);
    expect(isDeepStrictEqual(JSON.parse(JSON.stringify(v)), v)).toBe(true);
  });
});
