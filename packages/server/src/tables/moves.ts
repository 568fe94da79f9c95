import {
  CHANCE,
  SPECTATOR,
  applyMove,
  statusWithEndings,
  type AnyGame,
  type LogEntry,
  type Viewer,
} from '@skyline/engine';
import { refusal, words, type Refusal, type TableSnapshot, type Words } from '@skyline/protocol';
import { KeyedRng } from '@skyline/engine/keyed-rng';
import { DuplicateChances, type ChanceSource } from '@skyline/tournaments';
import type { User } from '../auth.js';
import type { Outcome } from './change.js';
import { connectedToTable, type TableContext } from './context.js';
import { clockColumns, clocksAt } from './table-clocks.js';
import {
  botLevelOf,
  moveKey,
  parsedOptions,
  stateFromStoredLog,
  resignedSeats,
  seatOf,
  versionOf,
  type LiveTable,
} from './live.js';
import { ratingOfEnd } from '../ratings/ended.js';
import { openingMade, openingOf, openingWeight } from '../ratings/opening.js';
import { snapshotOf } from './views.js';
import { takeBackAt } from './take-back.js';

export type UndoResult = { ok: true; version: number } | Refusal;

export type MoveResult = { ok: true; version: number; duplicate?: boolean } | Refusal;

/**
 * A seat's move: checked (seat, version, rules), stored with the chance moves it leads to in one write, and only then
 * acknowledged and told (by whoever called, through `TableDispatcher`). A repeated client id gets the original answer;
 * a move made on an older version is taken if it still means what the seat meant (`stillMeant`), else refused with
 * the current state.
 *
 * With several processes the copy in memory is used without asking the database first: the write names the revision
 * of the copy, so a move made on an out-of-date copy is not stored. The table is then reloaded and the move checked
 * once more against it. Runs under the table's lock (`TableService.move`).
 */
export class MovePath {
  constructor(private readonly context: TableContext) {}

  async move(
    user: User,
    tableId: string,
    version: number,
    clientId: string,
    move: unknown,
  ): Promise<Outcome<MoveResult>> {
    const { copies, shared } = this.context;
    let table = await copies.get(tableId, 'unchecked');
    // The player has heard of a later version than this copy holds: the copy is behind.
    if (shared && version > versionOf(table)) table = await copies.reload(tableId);
    const first = await this.attempt(table, user, version, clientId, move);
    if (first !== 'stale') return first;
    // The stored table had moved on from this copy: the same checks again on the table as stored now answer a
    // duplicate, a move on an old version (another process's move came first) or the end of the game as such.
    const second = await this.attempt(await copies.reload(tableId), user, version, clientId, move);
    if (second !== 'stale') return second;
    const current = await copies.reload(tableId);
    const seat = seatOf(current, user.id) ?? SPECTATOR;
    return refused(words('table.changed'), await this.snapshot(current, seat));
  }

  /** One attempt at a move on this copy of the table; 'stale' when the stored table had moved on from it. */
  private async attempt(
    table: LiveTable,
    user: User,
    version: number,
    clientId: string,
    move: unknown,
  ): Promise<Outcome<MoveResult> | 'stale'> {
    const seat = seatOf(table, user.id);
    if (seat === null) return refused(words('seat.notYours'));
    const done = table.clientIds.get(moveKey(seat, clientId));
    if (done !== undefined) return { ack: { ok: true, version: done, duplicate: true }, change: null };
    if (table.status === 'open') return refused(words('game.notStarted'));
    if (table.status === 'over') return refused(words('game.over'));
    if (version !== versionOf(table) && !stillMeant(table, seat, version, move)) {
      // Nothing technical for the player: the client shows the table as it is now.
      return refused(words('move.stale'), await this.snapshot(table, seat));
    }
    const now = this.context.time.now();
    const deadline = table.clocks?.[seat]?.deadline ?? null;
    if (deadline !== null && deadline <= now && botLevelOf(table.seats[seat]) === null)
      return refused(words('move.outOfTime'));
    const result = applyMove(table.game, table.state, seat, move);
    if (!result.ok) return refused(words('move.refused', { reason: result.reason }));
    const entries: LogEntry[] = [
      { seat, move },
      ...drawChance(table.game, result.state, chanceSourceOf(table)),
    ];
    // The final status places resigned seats last (see `statusWithEndings`).
    const status = statusWithEndings(table.game.status(result.state), {
      resigned: resignedSeats(table),
      closed: null,
    });
    const from = versionOf(table);
    const clocks = table.clock === null ? undefined : clocksAt(table, result.state, seat, now);
    // Seats a bot still plays for a player who ran out of time or was claimed, and did not come back: placed last
    // by the ratings, like a resignation.
    const forfeited = table.seats.flatMap((person, other) =>
      person?.standIn && (person.resignedAt === null || person.resignedAt === undefined) ? [other] : [],
    );
    const ended = forfeited.length > 0 ? { status, forfeited } : { status };
    const opening = ownOpeningMove(table, seat, move);
    const rating = status.over ? ratingOfEnd(this.context.rating, table, ended, now) : undefined;
    const stored = await this.context.store.append(
      table,
      entries,
      clientId,
      {
        ...(status.over ? { status: 'over', finished_at: now, result: JSON.stringify(ended) } : {}),
        ...(clocks === undefined ? {} : clockColumns(clocks)),
      },
      // The last move is stored with the rating it makes, in one transaction: rated exactly once, or not stored.
      rating,
      // In the same write, a move of the seat's own opening is counted (`seats.own_moves`), before the rating reads it.
      opening ? { seat, ...opening } : undefined,
    );
    if (!stored.stored) return 'stale';
    const person = table.seats[seat];
    if (opening && person)
      table.seats[seat] = { ...person, ownMoves: (person.ownMoves ?? 0) + opening.weight };
    if (clocks !== undefined) table.clocks = clocks;
    table.state = result.state;
    table.log.push(...entries);
    table.clientIds.set(moveKey(seat, clientId), versionOf(table));
    if (status.over) table.status = 'over';
    return {
      ack: { ok: true, version: versionOf(table) },
      change: { table, seating: status.over || undefined, advancedFrom: from, sync: stored.sync },
    };
  }

  /**
   * Takes back the sender's last move, while nobody has seen anything new since (`undoable`, engine/src/undo.ts):
   * `version` is the version the sender saw after its move, so that a second undo of the same move (another socket,
   * a repeated click) is refused instead of taking back an earlier move. At a table with a clock the clocks go back
   * to what they were before the move (`takeBackAt`). Runs under the table's lock.
   */
  async undo(user: User, tableId: string, version: number): Promise<Outcome<UndoResult>> {
    const { copies } = this.context;
    let table = await copies.get(tableId, 'unchecked');
    if (this.context.shared && version !== versionOf(table)) table = await copies.reload(tableId);
    const first = await this.undoOn(table, user, version);
    if (first !== 'stale') return first;
    // Another process stored a change first: its table decides (mostly: something new was seen).
    const second = await this.undoOn(await copies.reload(tableId), user, version);
    return second === 'stale' ? refused(words('table.changed')) : second;
  }

  private async undoOn(
    table: LiveTable,
    user: User,
    version: number,
  ): Promise<Outcome<UndoResult> | 'stale'> {
    const seat = seatOf(table, user.id);
    if (seat === null) return refused(words('seat.notYours'));
    const last = table.log.at(-1);
    if (table.status !== 'playing' || !last || !('seat' in last) || last.seat !== seat)
      return refused(words('undo.none'));
    if (version !== versionOf(table)) return refused(words('undo.seen'));
    const takeBack = takeBackAt(table, seat, this.context.time.now());
    if ('code' in takeBack) return refused(takeBack);
    const { before, clocks } = takeBack;
    const log = table.log;
    const from = versionOf(table);
    // A move that was counted for the seat's opening (`seats.own_moves`, which ratings and reliability read) is
    // uncounted in the same write: played again, it must not count twice.
    const uncount = countedForOpening(table, seat, log);
    const stored = await this.context.store.undoLast(
      table,
      uncount > 0 ? { seat, weight: uncount } : undefined,
      clocks,
    );
    if (!stored.stored) return 'stale';
    const person = table.seats[seat];
    if (uncount > 0 && person)
      table.seats[seat] = { ...person, ownMoves: Math.max(0, (person.ownMoves ?? 0) - uncount) };
    table.state = before;
    table.log.pop();
    // The clocks as they were before the move (without what they kept of it: only the last move is taken back).
    if (clocks !== null) table.clocks = clocks;
    // The move's client id is forgotten with it: the same move sent again is a new move.
    for (const [key, at] of table.clientIds) if (at === from) table.clientIds.delete(key);
    return {
      ack: { ok: true, version: versionOf(table) },
      change: { table, advancedFrom: versionOf(table), sync: stored.sync },
    };
  }

  private async snapshot(table: LiveTable, seat: Viewer): Promise<TableSnapshot> {
    return snapshotOf(table, seat, await connectedToTable(this.context, table.id), this.context.time.now());
  }
}

/**
 * The weight of this move in its seat's opening (`ratings/opening.ts`), when it is one of the seat's own moves (made by
 * the person seated, or by a seated bot; not by a bot standing in for an absent or resigned player), it counts, and
 * the seat has not played all of its opening yet: the move is then counted in `seats.own_moves`. Null otherwise,
 * which is every move after a seat's first few.
 */
function ownOpeningMove(
  table: LiveTable,
  seat: number,
  move: unknown,
): { least: number; weight: number } | null {
  const person = table.seats[seat];
  if (!person || person.standIn || person.ownMoves === null) return null;
  const opening = openingOf(table.game.id);
  const weight = openingWeight(opening, move);
  if ((person.ownMoves ?? 0) >= opening.least || weight === 0) return null;
  return { least: opening.least, weight };
}

/**
 * How much the log's last move (the seat's) was counted for its opening when it was made (`ownOpeningMove`): its
 * weight when the seat's earlier moves had not yet made up the opening, else 0. Counted again from the log, which is
 * what the stored count holds unless a bot stood in for the seat during its opening (those moves are in the log but
 * were not counted: the move is then taken as not counted, and the count stays as it is).
 */
function countedForOpening(table: LiveTable, seat: number, log: readonly LogEntry[]): number {
  const person = table.seats[seat];
  const last = log.at(-1);
  if (!person || person.standIn || person.ownMoves === null || !last || !('seat' in last)) return 0;
  const opening = openingOf(table.game.id);
  return openingMade(opening, log.slice(0, -1), seat) < opening.least ? openingWeight(opening, last.move) : 0;
}

function refused(said: Words, stale?: TableSnapshot): Outcome<MoveResult> {
  return { ack: stale ? { ...refusal(said), stale } : refusal(said), change: null };
}

/**
 * Whether a move made on an older version of the table still means what the seat meant (simultaneous phases): it was
 * legal then, and the part of the seat's view it depends on (`Game.moveContext`) is the same now as then. Then it is
 * checked against the current state like any move; otherwise it is refused as stale, with the current state.
 */
function stillMeant(table: LiveTable, seat: number, version: number, move: unknown): boolean {
  const game = table.game;
  if (!game.moveContext || version > versionOf(table) || table.state === null) return false;
  const then = stateFromStoredLog(game, table.players, parsedOptions(table), table.log.slice(0, version));
  if (game.validate(then, seat, move) !== null || game.validate(table.state, seat, move) !== null)
    return false;
  const before = JSON.stringify(game.moveContext(game.view(then, seat), seat, move));
  const now = JSON.stringify(game.moveContext(game.view(table.state, seat), seat, move));
  return before === now;
}

/** Where a table's next chance moves come from, and how many chance moves its log holds already. */
export interface TableChances {
  source: ChanceSource;
  drawn: number;
}

/** A table of a duplicate tournament round draws from the round's deal; every other table has none (fresh draws). */
export function chanceSourceOf(table: LiveTable): TableChances | undefined {
  if (!table.deal) return undefined;
  return {
    source: new DuplicateChances(table.deal, table.deal.table),
    drawn: table.log.filter((entry) => 'chance' in entry).length,
  };
}

/**
 * Draws chance moves for as long as the game waits for one: from a generator keyed with 256 fresh bits of the
 * operating system's cryptographic source, kept nowhere (`KeyedRng.fresh`), or, at a table of a duplicate round, from
 * the round's deal (`chances`: the k-th chance move of the table is the deal's k-th while the game accepts it, see
 * `DuplicateChances`; the deal and its fall-backs come from the round's secret 256-bit key).
 *
 * Never from a seed a person could search: a 31-bit seed once let a seat find the seed from its own hand and the face-up
 * cards (2^31 tries, minutes on one core) and so every hidden card.
 */
export function drawChance(game: AnyGame, state: unknown, chances?: TableChances): LogEntry[] {
  const entries: LogEntry[] = [];
  while (game.active(state)[0] === CHANCE) {
    const chance = chances
      ? chances.source.chance(game, state, chances.drawn + entries.length)
      : game.sampleChance(state, KeyedRng.fresh('table chance'));
    game.applyInPlace(state, CHANCE, chance);
    entries.push({ chance });
  }
  return entries;
}
