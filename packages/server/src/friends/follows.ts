/**
 * Following players: the friends list (who is online, at which tables), and a player's right to refuse it. A follow
 * of a player who refuses follows, who blocked the follower, or who does not exist is refused in the same words
 * (`follow.refused`), so that nobody learns they were blocked. One player follows at most `LIMIT_FOLLOWS` players,
 * counted under a lock on their row in the insert's transaction (exact with several processes).
 */
import type { FriendInfo, FriendTable, FriendsResponse } from '@skyline/protocol';
import { AuthError, type User } from '../auth.js';
import { lockUser } from '../db/locks.js';
import { hasBlocked } from '../tables/privacy.js';
import { findSomeone, type FriendsContext } from './context.js';

export async function follow(context: FriendsContext, me: User, name: string): Promise<void> {
  const { db } = context;
  const them = await findSomeone(db, name);
  if (them?.id === me.id) throw new AuthError('follow.self', 409);
  if (!them || them.refusesFollows || (await hasBlocked(db, them.id, me.id)))
    throw new AuthError('follow.refused', 409, { name });
  const most = context.limits.follows;
  await db.transaction().execute(async (tx) => {
    await lockUser(tx, me.id);
    const already = await tx
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', me.id)
      .where('followee_id', '=', them.id)
      .executeTakeFirst();
    if (already) return; // following twice changes nothing
    const counted = await tx
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('follower_id', '=', me.id)
      .executeTakeFirstOrThrow();
    if (Number(counted.n) >= most) throw new AuthError('follow.tooMany', 429, { n: most });
    await tx
      .insertInto('follows')
      .values({ follower_id: me.id, followee_id: them.id, created_at: context.now() })
      .execute();
  });
}

export async function unfollow(context: FriendsContext, me: User, name: string): Promise<void> {
  const them = await findSomeone(context.db, name);
  if (!them) return; // nothing to undo
  await context.db
    .deleteFrom('follows')
    .where('follower_id', '=', me.id)
    .where('followee_id', '=', them.id)
    .execute();
}

/** The player's choices: refusing follows removes the follows they had. */
export async function setFriendSettings(
  context: FriendsContext,
  me: User,
  settings: { refuseFollows?: boolean | undefined; invitationsByMail?: boolean | undefined },
): Promise<void> {
  const { db } = context;
  await db.transaction().execute(async (tx) => {
    if (settings.refuseFollows !== undefined) {
      await tx
        .updateTable('users')
        .set({ refuses_follows: settings.refuseFollows ? 1 : null })
        .where('id', '=', me.id)
        .execute();
      if (settings.refuseFollows) await tx.deleteFrom('follows').where('followee_id', '=', me.id).execute();
    }
    if (settings.invitationsByMail !== undefined)
      await tx
        .updateTable('users')
        .set({ invitations_by_mail: settings.invitationsByMail ? 1 : null })
        .where('id', '=', me.id)
        .execute();
  });
}

/**
 * The friends list: the players followed, who of them is online and at which tables not over they sit (a private table
 * only when the asker may see it: invited or seated there), the followers, and the players blocked.
 */
export async function friendsOf(context: FriendsContext, me: User): Promise<FriendsResponse> {
  const { db } = context;
  const [following, followers, blocked, settings] = await Promise.all([
    db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.followee_id')
      .select(['users.id', 'users.name'])
      .where('follows.follower_id', '=', me.id)
      .orderBy('users.name')
      .execute(),
    db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.follower_id')
      .select(['users.id', 'users.name'])
      .where('follows.followee_id', '=', me.id)
      .orderBy('users.name')
      .execute(),
    db
      .selectFrom('blocks')
      .innerJoin('users', 'users.id', 'blocks.blocked_id')
      .select('users.name')
      .where('blocks.blocker_id', '=', me.id)
      .orderBy('users.name')
      .execute(),
    db
      .selectFrom('users')
      .select(['refuses_follows', 'invitations_by_mail'])
      .where('id', '=', me.id)
      .executeTakeFirst(),
  ]);
  const ids = following.map((row) => row.id);
  const [online, tables] = await Promise.all([context.online(ids), tablesOf(context, ids, me.id)]);
  const followerIds = new Set(followers.map((row) => row.id));
  return {
    following: following.map((row): FriendInfo => ({
      name: row.name,
      online: online.has(row.id),
      followsYou: followerIds.has(row.id),
      tables: tables.get(row.id) ?? [],
    })),
    followers: followers.map((row) => row.name),
    blocked: blocked.map((row) => row.name),
    refuseFollows: settings?.refuses_follows === 1,
    invitationsByMail: settings?.invitations_by_mail === 1,
  };
}

/** The tables not over where each of these users sits, as `asker` may know of them. */
async function tablesOf(
  context: FriendsContext,
  userIds: string[],
  asker: string,
): Promise<Map<string, FriendTable[]>> {
  const found = new Map<string, FriendTable[]>();
  if (userIds.length === 0) return found;
  const rows = await context.db
    .selectFrom('seats')
    .innerJoin('tables', 'tables.id', 'seats.table_id')
    .select([
      'seats.user_id',
      'tables.id',
      'tables.game',
      'tables.status',
      'tables.private',
      'tables.host_id',
    ])
    .where('seats.user_id', 'in', userIds)
    .where('tables.status', 'in', ['open', 'playing'])
    .where('tables.broken', 'is', null)
    // A duplicate round's tables are secret while played.
    .where('tables.deal', 'is', null)
    .orderBy('tables.created_at', 'desc')
    .limit(500)
    .execute();
  const privateIds = rows.filter((row) => row.private === 1).map((row) => row.id);
  const mine =
    privateIds.length === 0
      ? new Set<string>()
      : new Set(
          [
            ...(await context.db
              .selectFrom('seats')
              .select('table_id')
              .where('table_id', 'in', privateIds)
              .where('user_id', '=', asker)
              .execute()),
            ...(await context.db
              .selectFrom('invitations')
              .select('table_id')
              .where('table_id', 'in', privateIds)
              .where('to_id', '=', asker)
              .execute()),
          ].map((row) => row.table_id),
        );
  for (const row of rows) {
    if (row.private === 1 && !mine.has(row.id)) continue;
    const list = found.get(row.user_id) ?? [];
    if (list.length < 5)
      list.push({ id: row.id, game: row.game, status: row.status as FriendTable['status'] });
    found.set(row.user_id, list);
  }
  return found;
}
