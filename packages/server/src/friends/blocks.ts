/**
 * Blocking a player: they can no longer join or watch the blocker's tables (`tables/privacy.ts`), invite or follow
 * them (their follow is removed now), and the blocker's pages hide their chat lines (the client reads the list from
 * `GET /api/friends`). Nothing is ever said to the blocked player: every refusal they meet reads as it would for a
 * private table or a player who refuses follows. A blocked player watching one of the blocker's tables stops hearing
 * it at once, in every process (`watchedTablesOf`): the refusal at the next `table:open` is not enough, a page left open
 * would go on receiving its moves and chat. One player blocks at most `LIMIT_BLOCKS` players (counted under a
 * lock on their row).
 */
import { AuthError, type User } from '../auth.js';
import { lockUser } from '../db/locks.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { requireSomeone, type FriendsContext } from './context.js';

/** A finished table's page still carries its chat: one finished this recently may still be watched. */
const FINISHED_WATCHED_MS = 24 * 3600_000;

export async function block(context: FriendsContext, me: User, name: string): Promise<void> {
  const { db } = context;
  const them = await requireSomeone(db, name);
  if (them.id === me.id) throw new AuthError('block.self', 409);
  const most = context.limits.blocks;
  await db.transaction().execute(async (tx) => {
    await lockUser(tx, me.id);
    const already = await tx
      .selectFrom('blocks')
      .select('blocked_id')
      .where('blocker_id', '=', me.id)
      .where('blocked_id', '=', them.id)
      .executeTakeFirst();
    if (!already) {
      const counted = await tx
        .selectFrom('blocks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('blocker_id', '=', me.id)
        .executeTakeFirstOrThrow();
      if (Number(counted.n) >= most) throw new AuthError('block.tooMany', 429, { n: most });
      await tx
        .insertInto('blocks')
        .values({ blocker_id: me.id, blocked_id: them.id, created_at: context.now() })
        .execute();
    }
    // Neither follows the other any more; the invitations between them that are still waiting go.
    await tx
      .deleteFrom('follows')
      .where((eb) =>
        eb.or([
          eb.and([eb('follower_id', '=', them.id), eb('followee_id', '=', me.id)]),
          eb.and([eb('follower_id', '=', me.id), eb('followee_id', '=', them.id)]),
        ]),
      )
      .execute();
    await tx
      .updateTable('invitations')
      .set({ used_at: context.now() })
      .where('from_id', '=', them.id)
      .where('to_id', '=', me.id)
      .where('used_at', 'is', null)
      .execute();
  });
  context.leaveTables(them.id, await watchedTablesOf(db, me.id, them.id, context.now()));
}

/**
 * The tables of `hostId` that `watcherId` may have open as a spectator: not over (or over lately), and not seated
 * there (a block does not take a player's seat; `tables/privacy.ts` lets a seated player watch).
 */
async function watchedTablesOf(
  db: Kysely<Database>,
  hostId: string,
  watcherId: string,
  now: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('tables')
    .select('tables.id')
    .where('tables.host_id', '=', hostId)
    .where((eb) =>
      eb.or([eb('tables.status', '!=', 'over'), eb('tables.finished_at', '>', now - FINISHED_WATCHED_MS)]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('seats')
            .select('seats.seat')
            .whereRef('seats.table_id', '=', 'tables.id')
            .where('seats.user_id', '=', watcherId),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

export async function unblock(context: FriendsContext, me: User, name: string): Promise<void> {
  const them = await requireSomeone(context.db, name);
  await context.db
    .deleteFrom('blocks')
    .where('blocker_id', '=', me.id)
    .where('blocked_id', '=', them.id)
    .execute();
}
