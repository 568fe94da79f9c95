import { statusWithEndings } from '@skyline/engine';
import { reply, words, type Reply } from '@skyline/protocol';
import type { Transaction } from 'kysely';
import type { User } from '../auth.js';
import type { Database } from '../db/schema.js';
import { together, type Outcome, type TableChange } from './change.js';
import { systemLine, type TableContext } from './context.js';
import { TableError } from '../refusals.js';
import type { Absence } from './absence.js';
import { resignedSeats, seatOf, versionOf, type LiveTable, type Resignation } from './live.js';
import { written } from './store.js';
import { ratingOfEnd } from '../ratings/ended.js';
import { inOpening, openingOf } from '../ratings/opening.js';

/**
 * Games that end outside their rules, or seats that leave them: a player resigns (in a game of three or more, a bot
 * plays the seat on and it is placed last; when at most one seat is left that has not resigned, the game ends), a
 * person stops a game that only bots play, or a seated player aborts a game before every seat has played its opening
 * (`ratings/opening.ts`), or a moderator closes a game that is not over.
 */
export class Endings {
  constructor(
    private readonly context: TableContext,
    private readonly absence: Absence,
  ) {}

  async resign(table: LiveTable, user: User): Promise<Outcome<Reply>> {
    const seat = seatOf(table, user.id);
    if (seat === null) throw new TableError('seat.notYours');
    if (table.status !== 'playing') throw new TableError('resign.noGame');
    if (table.seats[seat]?.resignedAt !== null && table.seats[seat]?.resignedAt !== undefined)
      throw new TableError('resign.already');
    // The same rule as a record's `{"seat": N, "resign": true}` entry (`applyEnding`): the game ends when at most
    // one seat is left that has not resigned; before, a bot plays the seat on.
    const resigned = [...resignedSeats(table), seat];
    const endsGame = table.players - resigned.length <= 1;
    const said = await systemLine(
      this.context,
      table,
      endsGame
        ? words('line.resigns', { name: user.name })
        : words('line.resignsStandIn', { name: user.name, level: table.standInLevel }),
    );
    if (!endsGame) {
      const change = await this.absence.handOver(table, [seat], true);
      return { ack: reply(words('reply.resignedStandIn')), change: together(change, said) };
    }
    const status = statusWithEndings(table.game.status(table.state), { resigned, closed: 'resigned' });
    const resignation: Resignation = {
      resigned: seat,
      winners: status.winners,
      scores: status.scores,
      resignedSeats: resigned,
    };
    const change = await this.end(table, resignation, seat);
    return { ack: reply(words('reply.resigned')), change: together(change, said) };
  }

  /**
   * `/abort`: before every seat has played the game's opening (2 moves; in Chinatown its first year: see
   * `ratings/opening.ts`), any seated player may drop the game: it ends with no winner, marked aborted (unrated), and
   * its record ends with `{"abort": true}`. The same opening a game must be past to be rated; here the moves of a bot
   * standing in for a player count too, so that a seat a bot plays from the start does not keep the game open to
   * `/abort` to its end (such a seat is left out of the rating instead).
   */
  async abort(table: LiveTable, user: User): Promise<Outcome<Reply>> {
    if (seatOf(table, user.id) === null) throw new TableError('seat.notYours');
    if (table.status !== 'playing') throw new TableError('abort.noGame');
    // A tournament's game counts for its round: it is played out (or resigned), never dropped.
    if (table.tournament) throw new TableError('abort.tournament');
    if (!inOpening(table.game.id, table.players, table.log)) {
      const { least, unit } = openingOf(table.game.id);
      throw new TableError('abort.tooLate', { n: least, unit });
    }
    const resignation: Resignation = {
      resigned: null,
      abortedBy: user.name,
      winners: [],
      scores: table.game.status(table.state).scores,
    };
    const change = await this.end(table, resignation);
    return {
      ack: reply(words('reply.aborted')),
      change: together(
        change,
        await systemLine(this.context, table, words('line.aborts', { name: user.name })),
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
   * A moderator closes a game that is not over: it ends with no winner, unrated, and its record ends with
   * `{"close": true}`, so that it replays to the status shown. `within` runs in the transaction that stores the end
   * (the audit log's entry).
   */
  async close(
    table: LiveTable,
    within: (tx: Transaction<Database>) => Promise<void>,
  ): Promise<Outcome<null>> {
    if (table.status !== 'playing') throw new TableError('game.notPlaying');
    const resignation: Resignation = {
      resigned: null,
      closed: true,
      winners: [],
      scores: table.game.status(table.state).scores,
    };
    const change = await this.end(table, resignation, undefined, within);
    return {
      ack: null,
      change: together(change, await systemLine(this.context, table, words('line.closed'))),
    };
  }

  /**
   * Ends the game as `resignation` says: stored as the table's result, then told to everyone like the game's last
   * move (no new log entry, a new status). `within` runs in the same transaction.
   */
  private async end(
    table: LiveTable,
    resignation: Resignation,
    resigning?: number,
    within?: (tx: Transaction<Database>) => Promise<void>,
  ): Promise<TableChange> {
    const from = versionOf(table);
    const now = this.context.time.now();
    const stored = written(
      await this.context.store.change(
        table,
        {
          status: 'over',
          finished_at: now,
          result: JSON.stringify({ resignation }),
          clocks: null,
          deadline: null,
        },
        async (tx) => {
          if (resigning !== undefined) {
            await tx
              .updateTable('seats')
              .set({ resigned_at: from })
              .where('table_id', '=', table.id)
              .where('seat', '=', resigning)
              .execute();
          }
          // Rated (a resignation) or not (a stopped, aborted or closed game) in the transaction that stores the end.
          await ratingOfEnd(this.context.rating, table, { resignation }, now)(tx);
          await within?.(tx);
        },
      ),
    );
    const person = resigning === undefined ? null : table.seats[resigning];
    if (person && resigning !== undefined) table.seats[resigning] = { ...person, resignedAt: from };
    table.status = 'over';
    table.clocks = null;
    table.resignation = resignation;
    return { table, seating: true, advancedFrom: from, sync: stored.sync };
  }
}
