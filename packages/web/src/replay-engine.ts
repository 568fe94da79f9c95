/**
 * Loaded only by the replay viewer (a separate chunk): the games' own rules, to rebuild every state of a finished
 * game from its record, and what each seat (or a spectator) could see at each step.
 */
import {
  SPECTATOR,
  readEndingEntry,
  replayLog,
  statusWithEndings,
  noEndings,
  applyEnding,
  type AnyGame,
  type LogEntry,
  type ScoreBreakdown,
  type Viewer,
} from '@skyline/engine';
import { isHidden, type LogEntry as SeenEntry } from '@skyline/board-kit';
import { GAMES } from '@skyline/games';
import { publicStatusOf, type PublicStatus } from '@skyline/protocol';

export interface RecordLike {
  game: string;
  players: number;
  options?: Record<string, unknown>;
  names?: string[];
  /** The game's entries, with the table's ending entries (`{"seat": N, "resign": true}`...) where they happened. */
  log: unknown[];
}

export interface Replay {
  game: AnyGame;
  /** `states[k]`: after the first k log entries. */
  states: unknown[];
  viewAt(step: number, viewer: Viewer): unknown;
  statusAt(step: number): PublicStatus;
  /** Log entry `index` as `viewer` could see it at `step`. */
  entryAt(index: number, step: number, viewer: Viewer): LogEntry;
  /**
   * The earlier entries that step `step` revealed to `viewer` (hidden to it the step before, shown now): the other
   * seats' simultaneous choices that the step's move completed, which it shows on the board together.
   */
  revealedAt(step: number, viewer: Viewer): LogEntry[];
  /**
   * The first step at which `viewer` sees log entry `index` whole: the step just after it, or for a simultaneous
   * choice, the step that revealed it (where what it did is on the board).
   */
  shownFrom(index: number, viewer: Viewer): number;
  /** The score by term after `step` entries, or null for a game without the facet. */
  breakdownAt(step: number): ScoreBreakdown | null;
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
      // The resignations, stop or abort among the first `step` entries.
      const endings = noEndings();
      for (const entry of record.log.slice(0, step)) {
        const ending = readEndingEntry(entry);
        if (ending) applyEnding(endings, ending, record.players);
      }
      // As the table showed it then (`publicStatusOf`, which the server's table pages use too).
      return publicStatusOf(statusWithEndings(game.status(states[step]), endings));
    },
    entryAt: (index, step, viewer) => {
      const entry = record.log[index];
      // An ending entry is no move of the game: nothing in it is hidden.
      if (readEndingEntry(entry)) return entry as LogEntry;
      return game.redact(entry as LogEntry, index, viewer, states[step]);
    },
    breakdownAt: (step) => game.scoreBreakdown?.(states[step]) ?? null,
    revealedAt(step, viewer) {
      const revealed: LogEntry[] = [];
      for (let index = 0; index < step - 1; index++) {
        if (!isHidden(this.entryAt(index, step - 1, viewer) as SeenEntry)) continue;
        const now = this.entryAt(index, step, viewer);
        if (!isHidden(now as SeenEntry)) revealed.push(now);
      }
      return revealed;
    },
    shownFrom(index, viewer) {
      for (let step = index + 1; step < states.length; step++)
        if (!isHidden(this.entryAt(index, step, viewer) as SeenEntry)) return step;
      return states.length - 1;
    },
  };
}

/**
 * A finished game's score by term, from its record (the end screen's breakdown): only the last state is kept. Null
 * for a game without the facet; throws when the record does not replay.
 */
export function finalBreakdown(record: RecordLike): ScoreBreakdown | null {
  const game = GAMES.get(record.game);
  if (!game) throw new Error(`unknown game "${record.game}"`);
  if (!game.scoreBreakdown) return null;
  const parsed = game.parseOptions(record.players, record.options ?? {});
  if (!parsed.ok) throw new Error(parsed.reason);
  let last: unknown = null;
  const replayed = replayLog(game, record.players, parsed.options, record.log, (state) => (last = state));
  if (!replayed.ok) throw new Error(replayed.error.line);
  return game.scoreBreakdown(last);
}

export { SPECTATOR };
