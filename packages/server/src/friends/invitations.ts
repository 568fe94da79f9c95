/**
 * Invitations to a table: of a named player (they hear of it on the page they have open and in "My games", and by
 * e-mail if they asked for it), or by a link that seats whoever opens it, signed in or as a guest. A player who blocked
 * the inviter never receives theirs, and the inviter is told only what an unknown name would tell (`invite.refused`).
 * One player makes at most `LIMIT_INVITATIONS_PER_DAY` invitations and links in 24 hours, counted under a lock on
 * their row in the insert's transaction (exact with several processes).
 *
 * A link's token is `ID.SECRET`: the database keeps the SHA-256 of the secret only, compared in constant time; the
 * page reads the token from the link's fragment (`/invite#TOKEN`), which no browser sends to a server, and posts it in
 * a body, which the server's log never holds (`req.body.token` is redacted). A link is single-use and expires.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { LinkToken, type InvitationInfo, type InviteLinkResponse } from '@skyline/protocol';
import type { Kysely, Transaction } from 'kysely';
import { AuthError, type User } from '../auth.js';
import { lockUser } from '../db/locks.js';
import type { Database } from '../db/schema.js';
import { NotFoundError } from '../refusals.js';
import { seatOf, type LiveTable } from '../tables/live.js';
import { hasBlocked } from '../tables/privacy.js';
import { findSomeone, type FriendsContext } from './context.js';

const DAY_MS = 24 * 3600_000;
/** How long a named invitation stays in "My games". */
const INVITATION_MS = 7 * DAY_MS;

const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newId = () => randomBytes(12).toString('base64url');

/** Only a player seated at an open table invites to it. */
function requireMayInvite(table: LiveTable, me: User): void {
  if (seatOf(table, me.id) === null && table.host.id !== me.id) throw new AuthError('invite.notSeated', 403);
  if (table.status !== 'open') throw new AuthError('invite.started', 409);
}

/** Counts the invitation about to be made against the inviter's day (inside the insert's transaction). */
async function requireRoomForAnInvitation(
  context: FriendsContext,
  tx: Transaction<Database>,
  me: User,
): Promise<void> {
  await lockUser(tx, me.id);
  const made = await tx
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('from_id', '=', me.id)
    .where('created_at', '>', context.now() - DAY_MS)
    .executeTakeFirstOrThrow();
  const most = context.limits.invitationsPerDay;
  if (Number(made.n) >= most) throw new AuthError('invite.tooMany', 429, { n: most });
}

/** Invites the player `name` to the table; they hear of it at once, wherever their pages are open. */
export async function invite(
  context: FriendsContext,
  table: LiveTable,
  me: User,
  name: string,
  title: string,
): Promise<InvitationInfo> {
  requireMayInvite(table, me);
  const them = await findSomeone(context.db, name);
  if (them && seatOf(table, them.id) !== null) throw new AuthError('invite.seated', 409, { name: them.name });
  // Unknown, a bot, or someone who blocked the inviter: all read alike.
  if (!them || them.bot || (await hasBlocked(context.db, them.id, me.id)))
    throw new AuthError('invite.refused', 409, { name });
  const invitation = namedInvitation(table, me, title, context.now());
  await context.db.transaction().execute(async (tx) => {
    await requireRoomForAnInvitation(context, tx, me);
    // Once per table, even declined: an invitation declined is not sent again.
    if (await alreadyInvited(tx, table.id, them.id))
      throw new AuthError('invite.already', 409, { name: them.name });
    await insertInvitation(tx, invitation, me.id, them.id, null);
  });
  context.tell(them.id, invitation);
  if (them.invitationsByMail) context.notifyByMail(them.id, invitation);
  return invitation;
}

/**
 * The players of a finished table invited to the table that plays it again (`again.ts`): not counted against the
 * inviter's day (they were all at the table), never sent to a player who blocked the inviter.
 */
export async function inviteAgain(
  context: FriendsContext,
  table: LiveTable,
  me: User,
  players: readonly { id: string }[],
  title: string,
): Promise<void> {
  const now = context.now();
  for (const player of players) {
    if (player.id === me.id || (await hasBlocked(context.db, player.id, me.id))) continue;
    const invitation = namedInvitation(table, me, title, now);
    await context.db.transaction().execute((tx) => insertInvitation(tx, invitation, me.id, player.id, null));
    context.tell(player.id, invitation);
  }
}

/** A named invitation from `me` to `table`, made `now`; it stays in "My games" for `INVITATION_MS`. */
function namedInvitation(table: LiveTable, me: User, title: string, now: number): InvitationInfo {
  return {
    id: newId(),
    tableId: table.id,
    game: table.game.id,
    title,
    from: me.name,
    at: now,
    expiresAt: now + INVITATION_MS,
    againOf: table.againOf ?? null,
  };
}

/**
 * Whether `userId` holds an invitation to the table already, by name or by a link they spent, declined or not: the
 * rows with their id as `to_id`.
 */
async function alreadyInvited(db: Kysely<Database>, tableId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('invitations')
    .select('id')
    .where('table_id', '=', tableId)
    .where('to_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

async function insertInvitation(
  tx: Transaction<Database>,
  invitation: InvitationInfo,
  fromId: string,
  toId: string | null,
  secret: string | null,
): Promise<void> {
  await tx
    .insertInto('invitations')
    .values({
      id: invitation.id,
      table_id: invitation.tableId,
      from_id: fromId,
      to_id: toId,
      secret_hash: secret === null ? null : secretHash(secret),
      created_at: invitation.at,
      expires_at: invitation.expiresAt,
      used_at: null,
    })
    .execute();
}

/** A new single-use link to the table (`INVITATION_LINK_HOURS`). */
export async function makeLink(
  context: FriendsContext,
  table: LiveTable,
  me: User,
): Promise<InviteLinkResponse> {
  requireMayInvite(table, me);
  const secret = randomBytes(32).toString('base64url');
  const now = context.now();
  const invitation: InvitationInfo = {
    id: newId(),
    tableId: table.id,
    game: table.game.id,
    title: '',
    from: me.name,
    at: now,
    expiresAt: now + context.limits.linkHours * 3600_000,
  };
  await context.db.transaction().execute(async (tx) => {
    await requireRoomForAnInvitation(context, tx, me);
    await insertInvitation(tx, invitation, me.id, null, secret);
  });
  return { token: `${invitation.id}.${secret}`, expiresAt: invitation.expiresAt };
}

/**
 * Spends a link for `me`: answers the table it invites to (the caller seats them). Malformed, unknown, guessed or
 * already-used tokens are refused alike (`invite.linkInvalid`); an expired one says so only to whoever holds its
 * secret. A link opened again by the player who used it answers the same table (a page reloaded).
 */
export async function spendLink(context: FriendsContext, me: User, token: string): Promise<string> {
  if (!LinkToken.safeParse(token).success) throw new AuthError('invite.linkInvalid', 400);
  const [id = '', secret = ''] = token.split('.');
  const row = await context.db
    .selectFrom('invitations')
    .select(['id', 'table_id', 'from_id', 'to_id', 'secret_hash', 'expires_at', 'used_at'])
    .where('id', '=', id)
    .where('secret_hash', 'is not', null)
    .executeTakeFirst();
  const given = Buffer.from(secretHash(secret), 'hex');
  // Compared even when there is no row (against a hash of nothing), so that the time does not tell ids apart.
  const stored = Buffer.from(row?.secret_hash ?? secretHash(''), 'hex');
  if (!timingSafeEqual(given, stored) || !row) throw new AuthError('invite.linkInvalid', 400);
  if (row.used_at !== null) {
    if (row.to_id === me.id) return row.table_id;
    throw new AuthError('invite.linkInvalid', 400);
  }
  if (Number(row.expires_at) <= context.now()) throw new AuthError('invite.linkExpired', 410);
  // A player the inviter's table host blocked is refused as at any private table (`tables/privacy.ts`).
  const table = await context.db
    .selectFrom('tables')
    .select('host_id')
    .where('id', '=', row.table_id)
    .executeTakeFirst();
  if (!table) throw new AuthError('invite.linkInvalid', 400);
  if (
    (await hasBlocked(context.db, table.host_id, me.id)) ||
    (await hasBlocked(context.db, row.from_id, me.id))
  )
    throw new AuthError('table.private', 409);
  // Already invited by name (or by another link): the link is left for someone else.
  if (await alreadyInvited(context.db, row.table_id, me.id)) return row.table_id;
  // One statement: of two people opening the same link at once, one is seated.
  const spent = await context.db
    .updateTable('invitations')
    .set({ to_id: me.id, used_at: context.now() })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw new AuthError('invite.linkInvalid', 400);
  return row.table_id;
}

/** Declines a named invitation: it leaves "My games", and grants no seat any more. */
export async function decline(context: FriendsContext, me: User, id: string): Promise<void> {
  const done = await context.db
    .updateTable('invitations')
    .set({ used_at: context.now() })
    .where('id', '=', id)
    .where('to_id', '=', me.id)
    .where('secret_hash', 'is', null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) !== 1) throw new NotFoundError('invite.none');
}

/** The invitations waiting for `me` ("My games"): named, not declined nor expired, to tables still open. */
export async function invitationsOf(
  context: FriendsContext,
  me: User,
  title: (game: string) => string,
): Promise<InvitationInfo[]> {
  const rows = await context.db
    .selectFrom('invitations')
    .innerJoin('tables', 'tables.id', 'invitations.table_id')
    .innerJoin('users', 'users.id', 'invitations.from_id')
    .select([
      'invitations.id',
      'invitations.table_id',
      'invitations.created_at',
      'invitations.expires_at',
      'tables.game',
      'tables.again_of',
      'users.name',
    ])
    .where('invitations.to_id', '=', me.id)
    .where('invitations.secret_hash', 'is', null)
    .where('invitations.used_at', 'is', null)
    .where('invitations.expires_at', '>', context.now())
    .where('tables.status', '=', 'open')
    // Not the tables they already sit at.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('seats')
            .select('seats.seat')
            .whereRef('seats.table_id', '=', 'invitations.table_id')
            .where('seats.user_id', '=', me.id),
        ),
      ),
    )
    .orderBy('invitations.created_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    tableId: row.table_id,
    game: row.game,
    title: title(row.game),
    from: row.name,
    at: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    againOf: row.again_of ?? null,
  }));
}
