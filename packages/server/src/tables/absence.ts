import type { User } from '../auth.js';
import { reply, words, type Reply } from '@skyline/protocol';
import { expiredSeats, resumeClock, stopClock, type Clocks } from '../clocks/clocks.js';
import { awaitedSeats, clockColumns } from './table-clocks.js';
import { together, unchanged, type Outcome, type TableChange } from './change.js';
import { connectedToTable, systemLine, type TableContext } from './context.js';
import { TableError } from '../refusals.js';
import { botLevelOf, seatOf, versionOf, type LiveTable } from './live.js';
import { written } from './store.js';

/**
 * Players who are not there: a seat whose clock ran out, a seat claimed from players who went away, or a resigned
 * seat in a game of three or more is handed to a bot (the table's `standInLevel`), which plays it through the same
 * move path as everyone ("bot playing for NAME"). A player who ran out of time or was claimed takes the seat back
 * with `/back`; a resigned player does not.
 */
export class Absence {
  /** Per table and user, since when this process has seen the user away from the table's page (for `/claim`). */
  private readonly awaySince = new Map<string, number>();

  constructor(private readonly context: TableContext) {}

  /**
   * Hands `seats` to bots in one write; `resigned` marks them resigned at the current version. The clocks of those
   * seats stop; a change told like a move (no entry, a new position for the bots to play).
   */
  async handOver(table: LiveTable, seats: readonly number[], resigned: boolean): Promise<TableChange> {
    const level = table.standInLevel;
    const version = versionOf(table);
    const now = this.context.time.now();
    let clocks: Clocks | null = table.clocks;
    for (const seat of seats) if (clocks) clocks = stopClock(clocks, seat, now);
    const stored = written(
      await this.context.store.change(table, clocks ? clockColumns(clocks) : {}, async (tx) => {
        await tx
          .updateTable('seats')
          .set({ stand_in: level, ...(resigned ? { resigned_at: version } : {}) })
          .where('table_id', '=', table.id)
          .where('seat', 'in', [...seats])
          .execute();
      }),
    );
    for (const seat of seats) {
      const person = table.seats[seat];
      if (person)
        table.seats[seat] = { ...person, standIn: level, ...(resigned ? { resignedAt: version } : {}) };
    }
    table.clocks = clocks;
    return { table, seating: true, advancedFrom: version, sync: stored.sync };
  }

  /** The keeper found a deadline passed: the seats out of time are handed to bots (nothing if none is, any more). */
  async timeOut(table: LiveTable): Promise<Outcome<string[]>> {
    if (table.status !== 'playing' || table.clocks === null) return unchanged([]);
    const now = this.context.time.now();
    const out = expiredSeats(table.clocks, now).filter((seat) => botLevelOf(table.seats[seat]) === null);
    if (out.length === 0) return unchanged([]);
    const change = await this.handOver(table, out, false);
    const names = out.map((seat) => table.seats[seat]?.name ?? `seat ${seat}`);
    const lines = await Promise.all(
      names.map((name) =>
        systemLine(this.context, table, words('line.timeOut', { name, level: table.standInLevel })),
      ),
    );
    return {
      ack: names,
      change: lines.reduce<TableChange | null>((all, line) => together(all, line), change),
    };
  }

  /** `/back`: a player takes their seat back from the bot that stood in. */
  async back(table: LiveTable, user: User): Promise<Outcome<Reply>> {
    const seat = seatOf(table, user.id);
    if (seat === null) throw new TableError('seat.notYours');
    if (table.status !== 'playing') throw new TableError('game.notPlaying');
    const person = table.seats[seat];
    if (!person?.standIn) throw new TableError('back.notAway');
    if (person.resignedAt !== null && person.resignedAt !== undefined) throw new TableError('back.resigned');
    const now = this.context.time.now();
    const awaited = awaitedSeats(table, table.state).includes(seat);
    const clocks =
      table.clock && table.clocks ? resumeClock(table.clock, table.clocks, seat, awaited, now) : table.clocks;
    const stored = written(
      await this.context.store.change(table, clocks ? clockColumns(clocks) : {}, async (tx) => {
        await tx
          .updateTable('seats')
          .set({ stand_in: null })
          .where('table_id', '=', table.id)
          .where('seat', '=', seat)
          .execute();
      }),
    );
    table.seats[seat] = { ...person, standIn: null };
    table.clocks = clocks;
    const change: TableChange = { table, seating: true, advancedFrom: versionOf(table), sync: stored.sync };
    const said = await systemLine(
      this.context,
      table,
      words('line.back', { name: user.name, seat: seat + 1 }),
    );
    return { ack: reply(words('reply.back')), change: together(change, said) };
  }

  /**
   * `/claim`: in a game without a clock, a player whose opponents (every other person still playing their own seat)
   * have all been away from the table's page for `claimAfterMs` hands their seats to bots. Away is counted from the
   * first `/claim` that found them gone (in this process): the answer says how long is left, and a `/claim` after that
   * hands the seats over, unless they came back meanwhile.
   */
  async claim(table: LiveTable, user: User): Promise<Outcome<Reply>> {
    const seat = seatOf(table, user.id);
    if (seat === null) throw new TableError('seat.notYours');
    if (table.status !== 'playing') throw new TableError('game.notPlaying');
    if (table.clock !== null) throw new TableError('claim.clock');
    const opponents = table.seats.flatMap((person, other) =>
      other !== seat && person !== null && botLevelOf(person) === null ? [other] : [],
    );
    if (opponents.length === 0) throw new TableError('claim.nobody');
    const connected = await connectedToTable(this.context, table.id);
    const now = this.context.time.now();
    const waits: string[] = [];
    for (const other of opponents) {
      const person = table.seats[other];
      if (!person) continue;
      const key = `${table.id}:${person.id}`;
      if (connected.has(person.id)) {
        this.awaySince.delete(key);
        waits.push(`${person.name} is here`);
        continue;
      }
      const since = this.awaySince.get(key) ?? now;
      this.awaySince.set(key, since);
      const left = since + this.context.claimAfterMs - now;
      if (left > 0)
        waits.push(
          `${person.name} has been away for less than ${Math.ceil(this.context.claimAfterMs / 1000)} s (${Math.ceil(left / 1000)} s to go)`,
        );
    }
    if (waits.length > 0) throw new TableError('claim.notYet', { waits: waits.join('; ') });
    const change = await this.handOver(table, opponents, false);
    for (const other of opponents) this.awaySince.delete(`${table.id}:${table.seats[other]?.id ?? ''}`);
    const names = opponents.map((other) => table.seats[other]?.name ?? '').join(', ');
    const said = await systemLine(
      this.context,
      table,
      words('line.claims', { name: user.name, names, level: table.standInLevel }),
    );
    return { ack: reply(words('reply.claimed', { names })), change: together(change, said) };
  }
}
