import { z } from 'zod';
import { CHANCE, type AnyGame, type LogEntry, type Seat } from './contract.js';
import { applyMove } from './play.js';

/** The record format id (`shared/spec/README.md`, "The game record"). */
export const RECORD_FORMAT = 'skyline-record/1';

export interface GameRecord {
  format: typeof RECORD_FORMAT;
  game: string;
  players: number;
  options?: Record<string, unknown>;
  names?: string[];
  log: LogEntry[];
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

/** Formats zod issues as one readable line: `players: expected an integer; format: ...`. */
export function describeIssues(error: z.ZodError, prefix = ''): string {
  return error.issues
    .map((issue) => {
      const path = [prefix, ...issue.path.map(String)].filter((part) => part !== '').join('.');
      return path === '' ? issue.message : `${path}: ${issue.message}`;
    })
    .join('; ');
}

/** Where a replay stopped: the line the replay tool prints, and the parts of it. */
export interface ReplayError {
  /** `log[17] seat 2: tile y5 is not in your hand`, `log[3] chance: ...` or `record: ...`. */
  line: string;
  /** Index of the failing log entry, or `null` for a problem with the record itself. */
  index: number | null;
}

export type ReplayResult =
  | { ok: true; game: AnyGame; record: GameRecord; options: unknown; state: unknown }
  | { ok: false; error: ReplayError };

function recordError(message: string): { ok: false; error: ReplayError } {
  return { ok: false, error: { line: `record: ${message}`, index: null } };
}

/** Reads a log entry's shape: `{"chance": MOVE}` or `{"seat": N, "move": MOVE}`. */
function parseEntry(entry: unknown): LogEntry | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const keys = Object.keys(entry);
  const record = entry as Record<string, unknown>;
  if (keys.length === 1 && keys[0] === 'chance') return { chance: record.chance };
  if (keys.length === 2 && 'seat' in record && 'move' in record && Number.isInteger(record.seat)) {
    return { seat: record.seat as Seat, move: record.move };
  }
  return null;
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
  if (record.players < game.minPlayers || record.players > game.maxPlayers) {
    return recordError(
      `${game.title} is played by ${game.minPlayers} to ${game.maxPlayers} seats, not ${record.players}`,
    );
  }
  if (record.names && record.names.length !== record.players) {
    return recordError(`names lists ${record.names.length} names for ${record.players} seats`);
  }
  const options = game.parseOptions(record.players, record.options ?? {});
  if (!options.ok) return recordError(options.reason);

  let state = game.setup(record.players, options.options);
  for (let index = 0; index < record.log.length; index++) {
    const entry = parseEntry(record.log[index]);
    if (entry === null) {
      return recordError(`log[${index}] must be {"chance": MOVE} or {"seat": N, "move": MOVE}`);
    }
    const isChance = 'chance' in entry;
    const who = isChance ? CHANCE : `seat ${entry.seat}`;
    if (!isChance && (entry.seat < 0 || entry.seat >= record.players)) {
      return {
        ok: false,
        error: {
          line: `log[${index}] ${who}: there is no seat ${entry.seat} in a ${record.players}-seat game`,
          index,
        },
      };
    }
    const result = isChance
      ? applyMove(game, state, CHANCE, entry.chance)
      : applyMove(game, state, entry.seat, entry.move);
    if (!result.ok) return { ok: false, error: { line: `log[${index}] ${who}: ${result.reason}`, index } };
    state = result.state;
  }
  return {
    ok: true,
    game,
    record: { ...record, log: record.log },
    options: options.options,
    state,
  };
}
