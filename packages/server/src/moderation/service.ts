/**
 * Moderation: what moderators and admins do, and players' reports. Every action reads the actor's role from the
 * database first (`requireRole`), whichever way it came (an HTTP route or a socket event), is refused with a coded
 * word when not allowed, and is written to the audit log in the transaction that makes it. What it must tell
 * (sockets to close, a line gone, a table's end) is told after it is stored, through every process (`effects`, the
 * `TableDispatcher`).
 */
import type {
  AuditEntry,
  AuditPage,
  AuditQuery,
  BrokenTable,
  ModeratedPlayer,
  ModerationAction,
  PlayerRecord,
  ReportBody,
  ReportInfo,
  Role,
} from '@skyline/protocol';
import { sql, type Kysely, type Transaction } from 'kysely';
import { AuthError, type Accounts, type User } from '../auth.js';
import type { Database } from '../db/schema.js';
import { nameSkeleton } from '../names.js';
import { named } from './named.js';
import { NotFoundError } from '../refusals.js';
import type { TableDispatcher } from '../tables/dispatcher.js';
import type { TableService } from '../tables/service.js';
import { audit, readAudit, type Actor } from './audit.js';
import { fileReport, readReports, reportsMadeSince } from './reports.js';
import { requireRole, roleFrom, roleOf, setRole } from './roles.js';
import { banInForce } from './sanctions.js';

/** What an action tells beyond the database, in every process (implemented over socket.io's Redis adapter). */
export interface ModerationEffects {
  /** Closes every socket of the user (and of these sessions), in every process. */
  endUser(userId: string, sessionIds: readonly string[]): void;
  /** The addresses the user's open sockets come from, in every process. */
  addressesOf(userId: string): Promise<string[]>;
  /** Tells the pages showing the line's chat that it is gone. */
  chatHidden(hidden: { id: string; tableId: string | null }): void;
}

export interface ModerationDeps {
  db: Kysely<Database>;
  accounts: Accounts;
  service: TableService;
  tables: TableDispatcher;
  effects: ModerationEffects;
  /** The most reports one player may make in 24 hours (`LIMIT_REPORTS_PER_DAY`). */
  reportsPerDay: number;
  now?: () => number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A player a moderator acts on, as stored. */
interface Target {
  userId: string;
  name: string;
}

export class Moderation {
  private readonly db: Kysely<Database>;
  private readonly now: () => number;

  constructor(private readonly deps: ModerationDeps) {
    this.db = deps.db;
    this.now = deps.now ?? Date.now;
  }

  /** The user's role now (anyone may ask their own: the admin page does, to know what to show). */
  role(user: User): Promise<Role> {
    return roleOf(this.db, user.id);
  }

  /** Refuses (`moderation.notAllowed`, 403) unless the user's stored role covers `needed`. */
  async requireRole(user: User, needed: 'moderator' | 'admin'): Promise<void> {
    await requireRole(this.db, user.id, needed);
  }

  /** A moderator's action sent over the socket: the same checks and the same audit as its HTTP route. */
  act(actor: User, action: ModerationAction): Promise<AuditEntry> {
    switch (action.action) {
      case 'mute':
        return this.mute(actor, action.player, action.minutes, action.reason);
      case 'unmute':
        return this.unmute(actor, action.player, action.reason);
      case 'ban':
        return this.ban(actor, action.player, action, action.reason);
      case 'unban':
        return this.unban(actor, action.player, action.reason);
      case 'hide':
        return this.hide(actor, action.chatId, action.reason);
      case 'close':
        return this.closeTable(actor, action.tableId, action.reason);
    }
  }

  // Players ------------------------------------------------------------------------------------------------------

  /** No chat for `minutes` (a second mute replaces the first). */
  async mute(actor: User, name: string, minutes: number, reason: string): Promise<AuditEntry> {
    const by = await this.staff(actor, 'moderator');
    const target = await this.sanctionable(name);
    const now = this.now();
    const until = now + minutes * MINUTE_MS;
    return this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('mutes')
        .values({ user_id: target.userId, until, by_id: actor.id, reason, at: now })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ until, by_id: actor.id, reason, at: now }),
        )
        .execute();
      return audit(tx, { actor: by, action: 'mute', target, reason, details: { minutes, until } }, now);
    });
  }

  async unmute(actor: User, name: string, reason: string): Promise<AuditEntry> {
    const by = await this.staff(actor, 'moderator');
    const target = await this.player(name);
    const now = this.now();
    return this.db.transaction().execute(async (tx) => {
      const lifted = await tx
        .deleteFrom('mutes')
        .where('user_id', '=', target.userId)
        .where('until', '>', now)
        .executeTakeFirst();
      if (Number(lifted.numDeletedRows) === 0)
        throw new AuthError('moderation.notMuted', 409, { name: target.name });
      return audit(tx, { actor: by, action: 'unmute', target, reason }, now);
    });
  }

  /**
   * Bans a player for `days` (absent or null: without end): their sessions end and their sockets close in every
   * process, and unless `addresses` is false, the addresses they were seen at (their sessions', their sign-ins', their
   * seats', their open sockets') take no new guest name or sign-in while the ban lasts.
   */
  async ban(
    actor: User,
    name: string,
    options: { days?: number | null; addresses?: boolean },
    reason: string,
  ): Promise<AuditEntry> {
    const by = await this.staff(actor, 'moderator');
    const target = await this.sanctionable(name);
    const now = this.now();
    const until = options.days ? now + options.days * DAY_MS : null;
    const hashes = options.addresses === false ? [] : await this.addressesSeen(target.userId);
    const { entry, sessions } = await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('bans')
        .values({ user_id: target.userId, until, by_id: actor.id, reason, at: now })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ until, by_id: actor.id, reason, at: now }),
        )
        .execute();
      await tx.deleteFrom('ban_addresses').where('user_id', '=', target.userId).execute();
      if (hashes.length > 0)
        await tx
          .insertInto('ban_addresses')
          .values(hashes.map((address_hash) => ({ address_hash, user_id: target.userId })))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      const ended = await tx
        .selectFrom('sessions')
        .select('token_hash')
        .where('user_id', '=', target.userId)
        .execute();
      await tx.deleteFrom('sessions').where('user_id', '=', target.userId).execute();
      const details = { days: options.days ?? null, until, addresses: hashes.length, sessions: ended.length };
      return {
        entry: await audit(tx, { actor: by, action: 'ban', target, reason, details }, now),
        sessions: ended.map((row) => row.token_hash),
      };
    });
    this.deps.effects.endUser(target.userId, sessions);
    return entry;
  }

  async unban(actor: User, name: string, reason: string): Promise<AuditEntry> {
    const by = await this.staff(actor, 'moderator');
    const target = await this.player(name);
    const now = this.now();
    return this.db.transaction().execute(async (tx) => {
      const ban = await tx
        .selectFrom('bans')
        .select('user_id')
        .where('user_id', '=', target.userId)
        .where(banInForce(now))
        .executeTakeFirst();
      if (!ban) throw new AuthError('moderation.notBanned', 409, { name: target.name });
      await tx.deleteFrom('ban_addresses').where('user_id', '=', target.userId).execute();
      await tx.deleteFrom('bans').where('user_id', '=', target.userId).execute();
      return audit(tx, { actor: by, action: 'unban', target, reason }, now);
    });
  }

  /** Admins only: gives a registered player a role, or takes it away (`player`); the last admin keeps theirs. */
  async setRole(actor: User, name: string, role: Role, reason: string): Promise<AuditEntry> {
    const by = await this.staff(actor, 'admin');
    return setRole(this.db, name, role, by, reason, this.now());
  }

  /** Names that start with `prefix` (as names compare, look-alikes folded), with their role, mute and ban. */
  async searchPlayers(actor: User, prefix: string): Promise<ModeratedPlayer[]> {
    await this.staff(actor, 'moderator');
    const pattern = `${nameSkeleton(prefix).replace(/[!%_]/g, '!$&')}%`;
    const rows = await this.players()
      .where(sql<boolean>`users.name_key like ${pattern} escape '!'`)
      .orderBy('users.name_key')
      .limit(50)
      .execute();
    return rows.map((row) => this.moderated(row));
  }

  /** A player as a moderator reads them: sessions (never their tokens or addresses), mute, ban, reports, audit. */
  async playerRecord(actor: User, name: string): Promise<PlayerRecord> {
    await this.staff(actor, 'moderator');
    const row = await this.players().where(named(name)).executeTakeFirst();
    if (!row) throw new NotFoundError('player.none', { name });
    const [sessions, mute, ban, reports, made, entries] = await Promise.all([
      this.db
        .selectFrom('sessions')
        .select(['created_at', 'last_seen_at'])
        .where('user_id', '=', row.id)
        .orderBy('last_seen_at', 'desc')
        .limit(20)
        .execute(),
      this.db
        .selectFrom('mutes')
        .leftJoin('users', 'users.id', 'mutes.by_id')
        .select(['mutes.until', 'mutes.at', 'mutes.reason', 'users.name'])
        .where('mutes.user_id', '=', row.id)
        .executeTakeFirst(),
      this.db
        .selectFrom('bans')
        .leftJoin('users', 'users.id', 'bans.by_id')
        .select(['bans.until', 'bans.at', 'bans.reason', 'users.name'])
        .where('bans.user_id', '=', row.id)
        .executeTakeFirst(),
      readReports(this.db, { targetId: row.id, limit: 20 }),
      reportsMadeSince(this.db, row.id, this.now()),
      readAudit(this.db, { userId: row.id, limit: 50 }),
    ]);
    const addresses = ban
      ? await this.db
          .selectFrom('ban_addresses')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', row.id)
          .executeTakeFirstOrThrow()
      : { n: 0 };
    return {
      ...this.moderated(row),
      sessions: sessions.map((session) => ({
        createdAt: Number(session.created_at),
        lastSeenAt: Number(session.last_seen_at ?? session.created_at),
      })),
      mute: mute
        ? { until: Number(mute.until), at: Number(mute.at), by: mute.name, reason: mute.reason }
        : null,
      ban: ban
        ? {
            until: ban.until === null ? null : Number(ban.until),
            at: Number(ban.at),
            by: ban.name,
            reason: ban.reason,
            addresses: Number(addresses.n),
          }
        : null,
      reports,
      reportsMadeToday: made,
      audit: entries,
    };
  }

  // Chat ---------------------------------------------------------------------------------------------------------

  /** Hides a chat line from everyone, live and on reload; its text stays in the audit log. */
  async hide(actor: User, chatId: string, reason: string): Promise<AuditEntry> {
    const by = await this.staff(actor, 'moderator');
    const now = this.now();
    const { entry, tableId } = await this.db.transaction().execute(async (tx) => {
      const line = await tx
        .selectFrom('chat')
        .leftJoin('users', 'users.id', 'chat.user_id')
        .select([
          'chat.table_id',
          'chat.user_id',
          'chat.text',
          'chat.created_at',
          'chat.hidden_at',
          'users.name',
        ])
        .where('chat.id', '=', chatId)
        .executeTakeFirst();
      if (!line) throw new NotFoundError('chat.none');
      const hidden = await tx
        .updateTable('chat')
        .set({ hidden_at: now, hidden_by: actor.id })
        .where('id', '=', chatId)
        .where('hidden_at', 'is', null)
        .executeTakeFirst();
      if (Number(hidden.numUpdatedRows) === 0) throw new AuthError('chat.hidden', 409);
      const target =
        line.user_id !== null && line.name !== null ? { userId: line.user_id, name: line.name } : undefined;
      const details = { text: line.text, from: line.name, at: Number(line.created_at) };
      return {
        entry: await audit(
          tx,
          { actor: by, action: 'hide', target, chatId, tableId: line.table_id ?? undefined, reason, details },
          now,
        ),
        tableId: line.table_id,
      };
    });
    this.deps.effects.chatHidden({ id: chatId, tableId });
    return entry;
  }

  // Tables -------------------------------------------------------------------------------------------------------

  /** Closes a table that is not over: a game ends with no winner, unrated, `{"close": true}` ending its record. */
  async closeTable(actor: User, tableId: string, reason: string): Promise<AuditEntry> {
    const by = await this.staff(actor, 'moderator');
    const now = this.now();
    let entry: AuditEntry | undefined;
    const done = await this.deps.tables.dispatch(
      this.deps.service.closeByModerator(tableId, async (tx, table) => {
        const details = {
          game: table.game.id,
          status: table.status,
          version: table.log.length,
          players: table.seats.map((person) => person?.name ?? null),
        };
        entry = await audit(tx, { actor: by, action: 'close', tableId, reason, details }, now);
      }),
    );
    if (!entry) throw new Error(`closing ${tableId} (${done}) wrote no audit entry`);
    return entry;
  }

  async brokenTables(actor: User): Promise<BrokenTable[]> {
    await this.staff(actor, 'moderator');
    return this.deps.service.brokenTables();
  }

  /** Puts a table set aside as broken back in play, if it loads now. */
  async releaseTable(actor: User, tableId: string, reason: string): Promise<AuditEntry> {
    return this.onBroken(actor, 'release', tableId, reason, (within) =>
      this.deps.service.releaseBroken(tableId, within),
    );
  }

  /** Deletes a table set aside as broken (never a rated game or a tournament's table). */
  async deleteTable(actor: User, tableId: string, reason: string): Promise<AuditEntry> {
    return this.onBroken(actor, 'delete', tableId, reason, (within) =>
      this.deps.service.deleteBroken(tableId, within),
    );
  }

  private async onBroken(
    actor: User,
    action: 'release' | 'delete',
    tableId: string,
    reason: string,
    run: (
      within: (tx: Transaction<Database>, details: Record<string, unknown>) => Promise<void>,
    ) => Promise<void>,
  ): Promise<AuditEntry> {
    const by = await this.staff(actor, 'moderator');
    const now = this.now();
    let entry: AuditEntry | undefined;
    await run(async (tx, details) => {
      entry = await audit(tx, { actor: by, action, tableId, reason, details }, now);
    });
    if (!entry) throw new Error(`${action} of ${tableId} wrote no audit entry`);
    return entry;
  }

  // Reports ------------------------------------------------------------------------------------------------------

  /** A player reports a player or a chat line (any signed-in player; limited per day). */
  async report(reporter: User, body: ReportBody): Promise<{ id: string }> {
    return { id: await fileReport(this.db, reporter, body, this.deps.reportsPerDay, this.now()) };
  }

  async reports(
    actor: User,
    query: { status: 'open' | 'closed'; before?: string; limit: number },
  ): Promise<ReportInfo[]> {
    await this.staff(actor, 'moderator');
    return readReports(this.db, query);
  }

  /** Marks an open report acted on or dismissed, with a note; written to the audit log against its player. */
  async resolveReport(
    actor: User,
    id: string,
    outcome: 'actioned' | 'dismissed',
    note: string | undefined,
  ): Promise<{ report: ReportInfo; entry: AuditEntry }> {
    const by = await this.staff(actor, 'moderator');
    const now = this.now();
    const entry = await this.db.transaction().execute(async (tx) => {
      const report = await tx
        .selectFrom('reports')
        .leftJoin('users', 'users.id', 'reports.target_user_id')
        .select([
          'reports.status',
          'reports.target_user_id',
          'reports.chat_id',
          'reports.table_id',
          'users.name',
        ])
        .where('reports.id', '=', id)
        .executeTakeFirst();
      if (!report) throw new NotFoundError('report.none', { report: id });
      const resolved = await tx
        .updateTable('reports')
        .set({ status: outcome, resolved_by: actor.id, resolved_at: now, resolution: note ?? null })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .executeTakeFirst();
      if (Number(resolved.numUpdatedRows) === 0) throw new AuthError('report.closed', 409, { report: id });
      const target =
        report.target_user_id !== null && report.name !== null
          ? { userId: report.target_user_id, name: report.name }
          : undefined;
      return audit(
        tx,
        {
          actor: by,
          action: 'resolve',
          target,
          chatId: report.chat_id ?? undefined,
          tableId: report.table_id ?? undefined,
          reason: note ?? outcome,
          details: { report: id, outcome },
        },
        now,
      );
    });
    const [report] = await readReports(this.db, { id, limit: 1 });
    return { report: report as ReportInfo, entry };
  }

  /**
   * Admins only: a page of the audit log, newest first, about one player or everyone, by one actor or anyone, of one
   * action or all; `next` is the cursor of the following page (one entry more is read to know whether there is one).
   */
  async auditLog(actor: User, query: AuditQuery): Promise<AuditPage> {
    await this.staff(actor, 'admin');
    const userId = query.player === undefined ? undefined : (await this.player(query.player)).userId;
    const actorId = query.actor === undefined ? undefined : (await this.player(query.actor)).userId;
    const { action, before, limit } = query;
    const entries = await readAudit(this.db, { userId, actorId, action, before, limit: limit + 1 });
    const more = entries.length > limit;
    if (more) entries.length = limit;
    return { entries, next: more ? (entries.at(-1)?.id ?? null) : null };
  }

  // ---------------------------------------------------------------------------------------------------------------

  /** The actor as the audit names them, once their stored role allows `needed` (refused otherwise). */
  private async staff(actor: User, needed: 'moderator' | 'admin'): Promise<Actor> {
    await requireRole(this.db, actor.id, needed);
    return { id: actor.id, name: actor.name };
  }

  private async player(name: string): Promise<Target & { bot: boolean; role: Role }> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'name', 'bot_level', 'role'])
      .where(named(name))
      .executeTakeFirst();
    if (!row) throw new NotFoundError('player.none', { name });
    return { userId: row.id, name: row.name, bot: row.bot_level !== null, role: roleFrom(row.role) };
  }

  /** A player who may be muted or banned: a person without a role (a moderator's is taken away first). */
  private async sanctionable(name: string): Promise<Target> {
    const target = await this.player(name);
    if (target.bot) throw new AuthError('moderation.bot', 409, { name: target.name });
    if (target.role !== 'player')
      throw new AuthError('moderation.staff', 409, { name: target.name, role: target.role });
    return { userId: target.userId, name: target.name };
  }

  /** The keyed hashes of every address the player was seen at: sessions, sign-ins, seats, open sockets. */
  private async addressesSeen(userId: string): Promise<string[]> {
    const [sessions, signIns, seats, live] = await Promise.all([
      this.db.selectFrom('sessions').select('address_hash').where('user_id', '=', userId).execute(),
      this.db
        .selectFrom('known_sign_ins')
        .select('key')
        .where('user_id', '=', userId)
        .where('key', 'like', 'address:%')
        .execute(),
      this.db.selectFrom('table_addresses').select('address_hash').where('user_id', '=', userId).execute(),
      this.deps.effects.addressesOf(userId),
    ]);
    const hashes = new Set<string>();
    for (const row of [...sessions, ...seats]) if (row.address_hash) hashes.add(row.address_hash);
    for (const row of signIns) hashes.add(row.key.slice('address:'.length));
    for (const address of live) hashes.add(await this.deps.accounts.addresses.hash(address));
    return [...hashes];
  }

  private players() {
    const now = this.now();
    return this.db
      .selectFrom('users')
      .leftJoin('mutes', (join) => join.onRef('mutes.user_id', '=', 'users.id').on('mutes.until', '>', now))
      .leftJoin('bans', (join) => join.onRef('bans.user_id', '=', 'users.id').on(banInForce(now)))
      .select([
        'users.id',
        'users.name',
        'users.password_hash',
        'users.bot_level',
        'users.role',
        'users.created_at',
        'mutes.until as muted_until',
        'bans.at as banned_at',
        'bans.until as banned_until',
      ]);
  }

  private moderated(row: {
    name: string;
    password_hash: string | null;
    bot_level: string | null;
    role?: string | null;
    created_at: number;
    muted_until: number | null;
    banned_at: number | null;
    banned_until: number | null;
  }): ModeratedPlayer {
    return {
      name: row.name,
      registered: row.password_hash !== null,
      bot: row.bot_level !== null,
      role: roleFrom(row.role),
      createdAt: Number(row.created_at),
      mutedUntil: row.muted_until === null ? null : Number(row.muted_until),
      banned:
        row.banned_at === null
          ? null
          : { until: row.banned_until === null ? null : Number(row.banned_until) },
    };
  }
}
