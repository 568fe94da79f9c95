import { z } from 'zod';
import type { AnyGame, LogEntry } from './contract.js';
import { statusWithEndings, type EndingEntry, type Endings, type RecordStatus } from './endings.js';
import { describeIssues } from './issues.js';
import { replayLog } from './replay.js';
import { seatCountProblem } from './seats.js';

/** The record format id. A record is a `GameRecord` (below); docs/command-line.md, `skyline replay`, shows one replayed. */
export const RECORD_FORMAT = 'skyline-record/1';

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  game: string;
  players: number;
  options?: Record<string, unknown>;
  names?: string[];
  /** The game's entries, and the table's ending entries where they happened (`EndingEntry`). */
  log: (LogEntry | EndingEntry)[];
}

const recordShape = z
  .object({
    format: z.literal(RECORD_FORMAT),
    game: z.string(),
    players: z.number().int(),
    options: z.record(z.string(), z.unknown()).optional(),
    names: z.array(z.string()).optional(),
    log: z.array(z.unknown()),
  })
  .strict();

/** Where a replay stopped: the line the replay tool prints, and the parts of it. */
export interface ReplayError {
  /** `log[17] seat 2: tile y5 is not in your hand`, `log[3] chance: ...` or `record: ...`. */
  line: string;
  /** Index of the failing log entry, or `null` for a problem with the record itself. */
  index: number | null;
}

export type ReplayResult =
  | { ok: true; game: AnyGame; record: GameRecord; options: unknown; state: unknown; endings: Endings }
  | { ok: false; error: ReplayError };

function recordError(message: string): { ok: false; error: ReplayError } {
  return { ok: false, error: { line: `record: ${message}`, index: null } };
}

/**
 * Applies a record from its first log entry to its last, as `skyline replay` does. Stops at the first problem and
 * says where, in the replay tool's words.
 */
export function replayRecord(games: ReadonlyMap<string, AnyGame>, input: unknown): ReplayResult {
  const parsed = recordShape.safeParse(input);
  if (!parsed.success) return recordError(describeIssues(parsed.error));
  const record = parsed.data as GameRecord;
  const game = games.get(record.game);
  if (!game) return recordError(`unknown game "${record.game}" (known: ${[...games.keys()].join(', ')})`);
  const seats = seatCountProblem(game, record.players);
  if (seats !== null) return recordError(seats);
  if (record.names && record.names.length !== record.players) {
    return recordError(`names lists ${record.names.length} names for ${record.players} seats`);
  }
  const options = game.parseOptions(record.players, record.options ?? {});
  if (!options.ok) return recordError(options.reason);
  const replayed = replayLog(game, record.players, options.options, record.log);
  if (!replayed.ok) {
    const { line, index, malformed } = replayed.error;
    return malformed ? recordError(line) : { ok: false, error: { line, index } };
  }
  return {
    ok: true,
    game,
    record,
    options: options.options,
    state: replayed.state,
    endings: replayed.endings,
  };
}

/** The status a replayed record ends at: the game's, with its resignations, stop or abort (see `EndingEntry`). */
export function recordStatus(result: Extract<ReplayResult, { ok: true }>): RecordStatus {
  return statusWithEndings(result.game.status(result.state), result.endings);
}
