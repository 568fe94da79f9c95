/**
 * The replay marks on the board what a step brought onto it: the shown move and the simultaneous choices it revealed
 * (in My City, both seats' buildings come onto the boards when the second seat has chosen, so the step of the second
 * choice marks both). In a game of turns, a step reveals nothing earlier.
 */
import { SPECTATOR, SeededRng, randomStep, type LogEntry } from '@skyline/engine';
import { newGame } from '@skyline/engine/testing';
import { findGame } from '@skyline/games';
import { describe, expect, it } from 'vitest';
import { buildReplay } from '../src/replay-engine.js';

/** A whole random game of `id` between `players` seats: its record. */
function randomRecord(id: string, players: number, seed: number) {
  const game = findGame(id)!;
  const state = newGame(game, players);
  const log: LogEntry[] = [];
  const rng = new SeededRng(seed);
  for (let entry = randomStep(game, state, rng); entry; entry = randomStep(game, state, rng)) log.push(entry);
  return { game: id, players, log };
}

const isHidden = (entry: LogEntry) => 'move' in entry && (entry.move as { type?: string }).type === 'hidden';

describe('what a replay step revealed', () => {
  it('My City: the step of the last choice of a card reveals the other seat’s choice; the first choice reveals nothing', () => {
    const record = randomRecord('mycity', 2, 3);
    const replay = buildReplay(record);
    let pairs = 0;
    for (let step = 2; step <= record.log.length; step++) {
      const entry = record.log[step - 1]!;
      const previous = record.log[step - 2]!;
      // Two seats' choices for one card, one after the other: the first is hidden to a spectator until the second.
      if (!('seat' in entry) || !('seat' in previous) || entry.seat === previous.seat) continue;
      const before = replay.entryAt(step - 2, step - 1, SPECTATOR);
      if (!isHidden(before)) continue;
      pairs++;
      expect(replay.revealedAt(step, SPECTATOR)).toContainEqual(previous);
      // The first choice revealed nothing earlier to the spectator (it is itself still hidden).
      expect(replay.revealedAt(step - 1, SPECTATOR)).not.toContainEqual(previous);
      // The first choice is seen whole from the second's step on (where the list takes the building's name from).
      expect(replay.shownFrom(step - 2, SPECTATOR)).toBe(step);
      expect(replay.shownFrom(step - 1, SPECTATOR)).toBe(step);
    }
    expect(pairs).toBeGreaterThan(5);
  });

  it('New York: a move in turn reveals no earlier move', () => {
    const record = randomRecord('nyny', 2, 3);
    const replay = buildReplay(record);
    for (let step = 1; step <= record.log.length; step++)
      expect(replay.revealedAt(step, SPECTATOR)).toEqual([]);
  });
});
