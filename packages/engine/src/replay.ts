import { CHANCE, type AnyGame, type LogEntry, type Seat } from './contract.js';
import { applyEnding, noEndings, readEndingEntry, type Endings } from './endings.js';
import { applyMove } from './play.js';

/** Where a log stopped replaying. */
export interface LogReplayError {
  /** Index of the failing entry. */
  index: number;
  /** Why it was refused, in the game's words (`tile y5 is not in your hand`). */
  reason: string;
  /** The whole line, as the replay tool prints it: `log[17] seat 2: tile y5 is not in your hand`. */
  line: string;
  /** The entry is not an entry at all (a problem with the record rather than a refused move). */
  malformed: boolean;
}

/** A replayed log: the game's state, and what its ending entries said (see `EndingEntry`). */
export type LogReplay = { ok: true; state: unknown; endings: Endings } | { ok: false; error: LogReplayError };

/** Reads a log entry's shape: `{"chance": MOVE}` or `{"seat": N, "move": MOVE}`; `null` for anything else. */
export function readLogEntry(entry: unknown): LogEntry | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const keys = Object.keys(entry);
  const fields = entry as Record<string, unknown>;
  if (keys.length === 1 && keys[0] === 'chance') return { chance: fields.chance };
  if (keys.length === 2 && Object.hasOwn(fields, 'seat') && Object.hasOwn(fields, 'move')) {
    if (Number.isInteger(fields.seat)) return { seat: fields.seat as Seat, move: fields.move };
  }
  return null;
}

/**
 * Plays a log from a new game to its last entry, with the safe apply: the one replay that the replay tool, the
 * server (loading a stored table), the web client (stepping through a record) and the conformance suite share.
 * `options` must come from the game's `parseOptions`. `visit` sees every state on the way: the new game
 * (`applied` 0), then the state after each entry. Stops at the first entry that is not an entry, names a seat that does not exist, or is refused.
 * Ending entries (`{"seat": N, "resign": true}`, `{"stop": true}`, `{"abort": true}`, `{"close": true}`: see `EndingEntry`) leave the
 * state as it is and are noted in `endings`; nothing may follow one that ended the game.
 */
export function replayLog(
  game: AnyGame,
  players: number,
  options: unknown,
  log: readonly unknown[],
  visit?: (state: unknown, applied: number) => void,
): LogReplay {
  let state = game.setup(players, options);
  const endings = noEndings();
  visit?.(state, 0);
  for (let index = 0; index < log.length; index++) {
    const refuse = (who: string, reason: string): LogReplay => ({
      ok: false,
      error: { index, reason, line: `log[${index}] ${who}: ${reason}`, malformed: false },
    });
    if (endings.closed !== null) return refuse('record', `the game was ${endings.closed} before this entry`);
    const ending = readEndingEntry(log[index]);
    if (ending !== null) {
      const problem = applyEnding(endings, ending, players);
      if (problem !== null) return refuse('resign' in ending ? `seat ${ending.seat}` : 'record', problem);
      visit?.(state, index + 1);
      continue;
    }
    const entry = readLogEntry(log[index]);
    if (entry === null) {
      const reason =
        'must be {"chance": MOVE}, {"seat": N, "move": MOVE}, {"seat": N, "resign": true}, {"stop": true}, {"abort": true} or {"close": true}';
      return { ok: false, error: { index, reason, line: `log[${index}] ${reason}`, malformed: true } };
    }
    let result;
    if ('chance' in entry) {
      result = applyMove(game, state, CHANCE, entry.chance);
      if (!result.ok) return refuse(CHANCE, result.reason);
    } else {
      if (entry.seat < 0 || entry.seat >= players) {
        return refuse(`seat ${entry.seat}`, `there is no seat ${entry.seat} in a ${players}-seat game`);
      }
      result = applyMove(game, state, entry.seat, entry.move);
      if (!result.ok) return refuse(`seat ${entry.seat}`, result.reason);
    }
    state = result.state;
    visit?.(state, index + 1);
  }
  return { ok: true, state, endings };
}
