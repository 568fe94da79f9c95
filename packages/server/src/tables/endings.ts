import { bestSeats } from '@skyline/engine';
import { reply, words, type Reply } from '@skyline/protocol';
import type { User } from '../auth.js';
import { together, type Outcome, type TableChange } from './change.js';
import { systemLine, type TableContext } from './context.js';
import { TableError } from './errors.js';
import { seatOf, versionOf, type LiveTable, type Resignation } from './live.js';
import { written } from './store.js';
import { ratingOfEnd } from '../ratings/ended.js';

/** Games that end outside their rules: a player resigns, or a person stops a game that only bots play. */
export class Endings {
  constructor(private readonly context: TableContext) {}

  async resign(table: LiveTable, user: User): Promise<Outcome<Reply>> {
    const seat = seatOf(table, user.id);
    if (seat === null) throw new TableError('seat.notYours');
    if (table.status !== 'playing') throw new TableError('resign.noGame');
    const scores = table.game.status(table.state).scores;
    const others = scores.map((score, other) => (other === seat ? -Infinity : score));
    const resignation: Resignation = { resigned: seat, winners: bestSeats(others), scores };
    const change = await this.end(table, resignation);
    return {
      ack: reply(words('reply.resigned')),
      change: together(
        change,
        await systemLine(this.context, table, words('line.resigns', { name: user.name })),
      ),
    };
  }

  /**
   * Ends a game that only bots play (with, at most, the person asking): the host, or the one person seated, stops it.
   * It ends with no winner; a person playing against other people resigns instead.
   */
  async stop(table: LiveTable, user: User): Promise<Outcome<Reply>> {
    if (table.status !== 'playing') throw new TableError('stop.noGame');
    const mySeat = seatOf(table, user.id);
    if (mySeat === null && table.host.id !== user.id) {
      throw new TableError('stop.notAllowed', { host: table.host.name });
    }
    const person = table.seats.find((other) => other !== null && !other.bot && other.id !== user.id);
    if (person) throw new TableError('stop.person', { name: person.name });
    const resignation: Resignation = {
      resigned: null,
      stoppedBy: user.name,
      winners: [],
      scores: table.game.status(table.state).scores,
    };
    const change = await this.end(table, resignation);
    return {
      ack: reply(words('reply.stopped')),
      change: together(
        change,
        await systemLine(this.context, table, words('line.stops', { name: user.name })),
      ),
    };
  }

  /**
   * Ends the game as `resignation` says: stored as the table's result, then told to everyone like the game's last
   * move (no new log entry, a new status).
   */
  private async end(table: LiveTable, resignation: Resignation): Promise<TableChange> {
    const from = versionOf(table);
    const now = Date.now();
    const stored = written(
      await this.context.store.change(
        table,
        { status: 'over', finished_at: now, result: JSON.stringify({ resignation }) },
        // Rated (a resignation) or not (a stopped game) in the transaction that stores the end.
        ratingOfEnd(table, { resignation }, now),
      ),
    );
    table.status = 'over';
    table.resignation = resignation;
    return { table, seating: true, advancedFrom: from, sync: stored.sync };
  }
}
