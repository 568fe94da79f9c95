/**
 * Loaded only by the replay viewer (a separate chunk): the games' own rules, to rebuild every state of a finished
 * game from its record, and what each seat (or a spectator) could see at each step.
 */
import { CHANCE, SPECTATOR, applyMove, type AnyGame, type LogEntry, type Viewer } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import type { PublicStatus } from '@skyline/protocol';

export interface RecordLike {
  game: string;
  players: number;
  options?: Record<string, unknown>;
  names?: string[];
  log: LogEntry[];
}

export interface Replay {
  game: AnyGame;
  /** `states[k]`: after the first k log entries. */
  states: unknown[];
  viewAt(step: number, viewer: Viewer): unknown;
  statusAt(step: number): PublicStatus;
  /** Log entry `index` as `viewer` could see it at `step`. */
  entryAt(index: number, step: number, viewer: Viewer): LogEntry;
}

export function buildReplay(record: RecordLike): Replay {
  const game = GAMES.get(record.game);
  if (!game) throw new Error(`unknown game "${record.game}"`);
  const parsed = game.parseOptions(record.players, record.options ?? {});
  if (!parsed.ok) throw new Error(parsed.reason);
  let state = game.setup(record.players, parsed.options);
  const states = [state];
  record.log.forEach((entry, index) => {
    const result =
      'chance' in entry
        ? applyMove(game, state, CHANCE, entry.chance)
        : applyMove(game, state, entry.seat, entry.move);
    if (!result.ok) throw new Error(`log[${index}]: ${result.reason}`);
    state = result.state;
    states.push(state);
  });
  return {
    game,
    states,
    viewAt: (step, viewer) => game.view(states[step], viewer),
    statusAt: (step) => {
      const status = game.status(states[step]);
      return {
        over: status.over,
        active: status.active,
        winners: status.winners,
        scores: status.over ? status.scores : null,
      };
    },
    entryAt: (index, step, viewer) => game.redact(record.log[index] as LogEntry, index, viewer, states[step]),
  };
}

export { SPECTATOR };
