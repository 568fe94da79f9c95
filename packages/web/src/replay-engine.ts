/**
 * Loaded only by the replay viewer (a separate chunk): the games' own rules, to rebuild every state of a finished
 * game from its record, and what each seat (or a spectator) could see at each step.
 */
import { SPECTATOR, replayLog, type AnyGame, type LogEntry, type Viewer } from '@skyline/engine';
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
  const states: unknown[] = [];
  const replayed = replayLog(game, record.players, parsed.options, record.log, (state) => states.push(state));
  if (!replayed.ok) throw new Error(replayed.error.line);
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
