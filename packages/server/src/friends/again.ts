/**
 * "Play again": at the end of a game, a player asks for a new table with the same game, seat count, options and
 * clock, the seats rotated by one (the player of seat 1 sits at seat 2, the last at seat 1). The first to ask hosts
 * it, and the other players are invited to it (any who blocked that player excepted); each accepts (asking "Play
 * again" too: they sit at their rotated seat) or leaves (declines the invitation). When every player who has not
 * left is seated, the table starts, bots filling the seats left if the host asked for them. Two players asking at
 * once get the same table: one table per finished one (a unique index on `tables.again_of`).
 */
import type { Accounts, User } from '../auth.js';
import { AuthError } from '../auth.js';
import { isUniqueViolation } from '../db/errors.js';
import type { TableDispatcher } from '../tables/dispatcher.js';
import type { ChangeListener } from '../tables/publisher.js';
import { seatOf, type LiveTable, type Person } from '../tables/live.js';
import type { TableService } from '../tables/service.js';
import type { FriendsContext } from './context.js';
import { inviteAgain } from './invitations.js';
import { hasBlocked } from '../tables/privacy.js';

export interface AgainDeps {
  service: TableService;
  tables: TableDispatcher;
  accounts: Accounts;
  title: (game: string) => string;
}

/** The seat a player of seat `seat` takes at the table played again. */
export const rotated = (seat: number, players: number) => (seat + 1) % players;

/** The people (not bots) who played the finished table. */
const peopleOf = (table: LiveTable): Person[] =>
  table.seats.filter((person): person is Person => person !== null && !person.bot);

/** Asks to play the finished table `tableId` again: answers the new table's id, where `me` now sits. */
export async function playAgain(
  context: FriendsContext,
  deps: AgainDeps,
  me: User,
  tableId: string,
  bots: boolean,
  address: string,
): Promise<string> {
  const old = await deps.service.get(tableId);
  if (old.status !== 'over') throw new AuthError('again.notOver', 409);
  const oldSeat = seatOf(old, me.id);
  if (oldSeat === null || old.seats[oldSeat]?.bot) throw new AuthError('again.notPlayer', 403);
  const seat = rotated(oldSeat, old.players);
  const existing = await againTable(context, old.id);
  if (existing !== null) return accept(context, deps, me, existing, seat);
  let created: LiveTable;
  try {
    created = await deps.tables.dispatch(
      deps.service.create(
        me,
        {
          game: old.game.id,
          players: old.players,
          options: old.options,
          clock: old.clock,
          standIn: old.standInLevel,
          ...(old.rated === null ? {} : { rated: old.rated }),
          private: old.private ?? false,
          spectators: old.spectators ?? 'anyone',
          // The same people may sit down again as the first time: the floor stays.
          reliability: old.reliabilityFloor ?? 0,
          againOf: old.id,
          againBots: bots,
          hostSeat: seat,
        },
        address,
      ),
    );
  } catch (error) {
    // Another player asked at the same moment (maybe through another process): theirs is the table.
    const raced = isUniqueViolation(error) ? await againTable(context, old.id) : null;
    if (raced === null) throw error;
    return accept(context, deps, me, raced, seat);
  }
  await inviteAgain(context, created, me, peopleOf(old), deps.title(old.game.id));
  await startWhenReady(context, deps, created.id);
  return created.id;
}

async function againTable(context: FriendsContext, oldId: string): Promise<string | null> {
  const row = await context.db
    .selectFrom('tables')
    .select('id')
    .where('again_of', '=', oldId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Seats `me` at the table played again (their rotated seat, or the first free one), then starts it if ready. */
async function accept(
  context: FriendsContext,
  deps: AgainDeps,
  me: User,
  tableId: string,
  seat: number,
): Promise<string> {
  const table = await deps.service.get(tableId);
  if (seatOf(table, me.id) === null) {
    if (table.status !== 'open') throw new AuthError('invite.started', 409);
    const free = table.seats[seat] === null ? seat : undefined;
    await deps.tables.dispatch(
      deps.service.command(me, tableId, free === undefined ? { name: 'join' } : { name: 'join', seat: free }),
    );
  }
  await startWhenReady(context, deps, tableId);
  return tableId;
}

/**
 * Starts a table played again once every player of the finished game is seated or has left (declined), bots taking
 * the seats left when its host asked for them. Two processes may both find it ready: the start is revision-checked,
 * and the second's refusal is nothing to tell.
 */
export async function startWhenReady(
  context: FriendsContext,
  deps: AgainDeps,
  tableId: string,
): Promise<void> {
  const table = await deps.service.get(tableId);
  if (table.status !== 'open' || !table.againOf) return;
  const old = await deps.service.get(table.againOf);
  // Those who left: they declined, or blocked the host (never invited). Read this way, not from the invitations
  // waiting, which are written just after the table (a look in between would find nobody awaited).
  const declined = await context.db
    .selectFrom('invitations')
    .select('to_id')
    .where('table_id', '=', tableId)
    .where('used_at', 'is not', null)
    .where('secret_hash', 'is', null)
    .execute();
  const left = new Set(declined.map((row) => row.to_id));
  const pending: Person[] = [];
  for (const person of peopleOf(old)) {
    if (seatOf(table, person.id) !== null || left.has(person.id)) continue;
    if (!(await hasBlocked(context.db, person.id, table.host.id))) pending.push(person);
  }
  if (pending.length > 0) return;
  const host = await deps.accounts.userById(table.host.id);
  if (!host) return;
  try {
    const empty = table.seats.filter((person) => person === null).length;
    if (empty > 0 && !table.againBots) return;
    for (let k = 0; k < empty; k++)
      await deps.tables.dispatch(deps.service.command(host, tableId, { name: 'bot' }));
    await deps.tables.dispatch(deps.service.command(host, tableId, { name: 'start' }));
  } catch {
    // Started meanwhile (another player's request, another process), or a seat taken: nothing to do.
  }
}

/**
 * Starts a table played again when a player sits down there by any way — the table's own "Sit here" as well as
 * "Play again" — by listening to the seating changes this process publishes. One look at a time per table here (a
 * look that seats bots publishes seating changes of its own: they are looked at once it ends); another process
 * looking at the same time is kept apart by the revision-checked writes.
 */
export class AgainStarter implements ChangeListener {
  private readonly looking = new Map<string, boolean>();

  constructor(
    private readonly context: FriendsContext,
    private readonly deps: AgainDeps,
    private readonly failed: (error: unknown) => void,
  ) {}

  seatingChanged(table: LiveTable): void {
    if (!table.againOf || table.status !== 'open') return;
    if (this.looking.has(table.id)) {
      this.looking.set(table.id, true); // look again once this look ends
      return;
    }
    this.looking.set(table.id, false);
    void this.look(table.id);
  }

  private async look(tableId: string): Promise<void> {
    try {
      do {
        this.looking.set(tableId, false);
        await startWhenReady(this.context, this.deps, tableId);
      } while (this.looking.get(tableId) === true);
    } catch (error) {
      this.failed(error);
    } finally {
      this.looking.delete(tableId);
    }
  }
}
