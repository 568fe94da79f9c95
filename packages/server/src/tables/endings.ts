import { statusWithEndings } from '@skyline/engine';
import type { User } from '../auth.js';
import { together, type Outcome, type TableChange } from './change.js';
import { systemLine, type TableContext } from './context.js';
import { TableError } from './errors.js';
import type { Absence } from './absence.js';
import { resignedSeats, seatOf, versionOf, type LiveTable, type Resignation } from './live.js';
import { written } from './store.js';

/**
 * Games that end outside their rules, or seats that leave them: a player resigns (in a game of three or more, a bot
 * plays the seat on and it is placed last; when at most one seat is left that has not resigned, the game ends), a
 * person stops a game that only bots play, or a seated player aborts a game before every seat has moved.
 */
export class Endings {
  constructor(
    private readonly context: TableContext,
    private readonly absence: Absence,
  ) {}

  async resign(table: LiveTable, user: User): Promise<Outcome<string>> {
    const seat = seatOf(table, user.id);
    if (seat === null) throw new TableError('you do not sit at this table');
    if (table.status !== 'playing') throw new TableError('there is no game in progress to resign from');
    if (table.seats[seat]?.resignedAt !== null && table.seats[seat]?.resignedAt !== undefined)
      throw new TableError('you have already resigned');
    // The same rule as a record's `{"seat": N, "resign": true}` entry (`applyEnding`): the game ends when at most
    // one seat is left that has not resigned; before, a bot plays the seat on.
    const resigned = [...resignedSeats(table), seat];
    const endsGame = table.players - resigned.length <= 1;
    const said = await systemLine(
      this.context,
      table,
      endsGame
        ? `${user.name} resigns`
        : `${user.name} resigns: a ${table.standInLevel} bot plays for ${user.name}`,
    );
    if (!endsGame) {
      const change = await this.absence.handOver(table, [seat], true);
      return {
        ack: 'you resigned: a bot plays your seat to the end, and you are placed last',
        change: together(change, said),
      };
    }
    const status = statusWithEndings(table.game.status(table.state), { resigned, closed: 'resigned' });
    const resignation: Resignation = {
      resigned: seat,
      winners: status.winners,
      scores: status.scores,
      resignedSeats: resigned,
    };
    const change = await this.end(table, resignation, seat);
    return { ack: 'you resigned', change: together(change, said) };
  }

  /**
   * `/abort`: before every seat has made a move, any seated player may drop the game: it ends with no winner, marked
   * aborted (unrated), and its record ends with `{"abort": true}`.
   */
  async abort(table: LiveTable, user: User): Promise<Outcome<string>> {
    if (seatOf(table, user.id) === null) throw new TableError('you do not sit at this table');
    if (table.status !== 'playing') throw new TableError('there is no game in progress to abort');
    const moved = new Set(table.log.flatMap((entry) => ('seat' in entry ? [entry.seat] : [])));
    if (moved.size >= table.players)
      throw new TableError('every seat has moved: the game can no longer be aborted (/resign to give up)');
    const resignation: Resignation = {
      resigned: null,
      abortedBy: user.name,
      winners: [],
      scores: table.game.status(table.state).scores,
    };
    const change = await this.end(table, resignation);
    return {
      ack: 'you aborted the game',
      change: together(change, await systemLine(this.context, table, `${user.name} aborts the game`)),
    };
  }

  /**
   * Ends a game that only bots play (with, at most, the person asking): the host, or the one person seated, stops it.
   * It ends with no winner; a person playing against other people resigns instead.
   */
  async stop(table: LiveTable, user: User): Promise<Outcome<string>> {
    if (table.status !== 'playing') throw new TableError('there is no game in progress to stop');
    const mySeat = seatOf(table, user.id);
    if (mySeat === null && table.host.id !== user.id) {
      throw new TableError(`only the host (${table.host.name}) or a player at the table can stop the game`);
    }
    const person = table.seats.find((other) => other !== null && !other.bot && other.id !== user.id);
    if (person)
      throw new TableError(`${person.name} plays at this table: only a game of bots can be stopped`);
    const resignation: Resignation = {
      resigned: null,
      stoppedBy: user.name,
      winners: [],
      scores: table.game.status(table.state).scores,
    };
    const change = await this.end(table, resignation);
    return {
      ack: 'you stopped the game',
      change: together(change, await systemLine(this.context, table, `${user.name} stops the game`)),
    };
  }

  /**
   * Ends the game as `resignation` says: stored as the table's result, then told to everyone like the game's last
   * move (no new log entry, a new status).
   */
  private async end(table: LiveTable, resignation: Resignation, resigning?: number): Promise<TableChange> {
    const from = versionOf(table);
    const stored = written(
      await this.context.store.change(
        table,
        {
          status: 'over',
          finished_at: Date.now(),
          result: JSON.stringify({ resignation }),
          clocks: null,
          deadline: null,
        },
        async (tx) => {
          if (resigning === undefined) return;
          await tx
            .updateTable('seats')
            .set({ resigned_at: from })
            .where('table_id', '=', table.id)
            .where('seat', '=', resigning)
            .execute();
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
