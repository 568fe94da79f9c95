/**
 * Whether a seat can take back its last move now (issue 30 §4), asked by `MovePath.undo` before it does and by every
 * snapshot and update the seat receives (`undoable`), so that the page offers Undo only when the server will accept it.
 * One answer for both: the page never shows a button the server then refuses for a reason it could have known.
 */
import { undoable, type LogEntry, type Viewer } from '@skyline/engine';
import { words, type Words } from '@skyline/protocol';
import { clocksBeforeMove, type Clocks } from '../clocks/clocks.js';
import { moveKey, parsedOptions, stateFromStoredLog, versionOf, type LiveTable } from './live.js';

/** The client id of a move a bot made for `seat` on `version` (bots/driver.ts sends it; read here to tell bot moves). */
export function botMoveClientId(seat: number, version: number): string {
  return `bot-${seat}-${version}`;
}

/** What taking back the last move restores: the state before it and, at a table with a clock, the clocks then. */
export interface TakeBack {
  seat: number;
  before: unknown;
  clocks: Clocks | null;
}

/** The state before the last move, replayed once per version of a table (every viewer's update asks). */
const replayed = new WeakMap<
  LiveTable,
  { revision: number; version: number; before: unknown; undoable: boolean }
>();

function stateBeforeLast(table: LiveTable): { before: unknown; undoable: boolean } {
  const version = versionOf(table);
  const known = replayed.get(table);
  if (known && known.version === version && known.revision === table.revision) return known;
  const log: readonly LogEntry[] = table.log;
  const before = stateFromStoredLog(table.game, table.players, parsedOptions(table), log.slice(0, -1));
  const answer = { before, undoable: undoable(table.game, table.players, before, table.state, log) };
  replayed.set(table, { revision: table.revision, version, ...answer });
  return answer;
}

/**
 * What `seat` taking back its last move at `now` restores, or why it is refused:
 * - `undo.none`: the game is not being played, or the log's last entry is not this seat's move;
 * - `undo.standIn`: the bot standing in for the player made it (the player did not choose it), or plays the seat now;
 * - `undo.seen`: somebody has seen something new since (`undoable`, engine/src/undo.ts);
 * - `undo.clock`: at a table with a clock, the clocks before the move were not kept (changed since in another way,
 *   or a move already taken back: only the last move is), or the seat's time then has run out by now.
 */
export function takeBackAt(table: LiveTable, seat: number, now: number): TakeBack | Words {
  if (table.status !== 'playing' || table.state === null) return words('undo.none');
  const last = table.log.at(-1);
  if (!last || !('seat' in last) || last.seat !== seat) return words('undo.none');
  const person = table.seats[seat];
  if (!person || person.bot) return words('undo.none');
  if (person.standIn || madeByBot(table, seat)) return words('undo.standIn');
  let clocks: Clocks | null = null;
  if (table.clock !== null) {
    clocks = table.clocks === null ? null : clocksBeforeMove(table.clocks);
    if (clocks === null) return words('undo.clock');
    // The seat's time runs on from where it was before the move: taken back after that ran out, it would be late.
    if (clocks.some((clock) => clock.deadline !== null && clock.deadline <= now)) return words('undo.clock');
  }
  const { before, undoable: ok } = stateBeforeLast(table);
  if (!ok) return words('undo.seen');
  return { seat, before, clocks };
}

/** Whether `viewer` can take back its last move now (what a snapshot or update tells it as `undoable`). */
export function undoableBy(table: LiveTable, viewer: Viewer, now: number): boolean {
  if (typeof viewer !== 'number' || viewer < 0) return false;
  // Cheap refusals first: most updates reach seats whose move is not the last.
  const last = table.log.at(-1);
  if (table.status !== 'playing' || !last || !('seat' in last) || last.seat !== viewer) return false;
  return !('code' in takeBackAt(table, viewer, now));
}

/** Whether the log's last entry, `seat`'s move, was a bot's move for it (a stand-in's, made while the player was away). */
function madeByBot(table: LiveTable, seat: number): boolean {
  const version = versionOf(table);
  return table.clientIds.get(moveKey(seat, botMoveClientId(seat, version - 1))) === version;
}
