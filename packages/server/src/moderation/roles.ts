/**
 * Roles: every person is a player; a moderator also mutes, bans, hides chat lines, closes tables and reads reports; an
 * admin also grants and takes away roles and reads the audit log. Read from the database at every request and every
 * socket event (never from what a connection remembers), so that a role taken away is gone at once, in every process.
 */
import type { Role } from '@skyline/protocol';
import type { Kysely, Transaction } from 'kysely';
import { AuthError } from '../auth.js';
import { forUpdate } from '../db/locks.js';
import type { Database } from '../db/schema.js';
import { NotFoundError } from '../refusals.js';
import { named } from './named.js';
import { audit, type Actor, type AuditEntry } from './audit.js';

/** The roles above a player, weakest first. */
export type StaffRole = 'moderator' | 'admin';

/** A stored role (`users.role`) as a role; anything unknown is a player's. */
export function roleFrom(stored: string | null | undefined): Role {
  return stored === 'moderator' || stored === 'admin' ? stored : 'player';
}

/** Whether `role` may do what `needed` may (an admin may do all a moderator may). */
export function roleCovers(role: Role, needed: StaffRole): boolean {
  return role === 'admin' || (role === 'moderator' && needed === 'moderator');
}

/** The user's role as stored now. */
export async function roleOf(db: Kysely<Database>, userId: string): Promise<Role> {
  const row = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  return roleFrom(row?.role);
}

/** Refuses (`moderation.notAllowed`, 403) unless the user's stored role covers `needed`; answers the role. */
export async function requireRole(db: Kysely<Database>, userId: string, needed: StaffRole): Promise<Role> {
  const role = await roleOf(db, userId);
  if (!roleCovers(role, needed)) throw new AuthError('moderation.notAllowed', 403, { role: needed });
  return role;
}

/**
 * Gives the player named `name` a role (`player` takes one away), written to the audit log in the same transaction.
 * Only a registered person may be a moderator or an admin. The last admin keeps the role: the admins' rows are locked
 * first (on PostgreSQL), so that two admins taking each other's role at once are served one after the other, and the
 * second finds itself the last. The caller has checked that `actor` may (an admin, or the command line).
 */
export async function setRole(
  db: Kysely<Database>,
  name: string,
  role: Role,
  actor: Actor,
  reason: string,
  now = Date.now(),
): Promise<AuditEntry> {
  return db.transaction().execute(async (tx) => {
    const target = await tx
      .selectFrom('users')
      .select(['id', 'name', 'password_hash', 'bot_level', 'role'])
      .where(named(name))
      .executeTakeFirst();
    if (!target) throw new NotFoundError('player.none', { name });
    if (target.bot_level !== null) throw new AuthError('moderation.bot', 409, { name: target.name });
    if (role !== 'player' && target.password_hash === null)
      throw new AuthError('moderation.notRegistered', 409, { name: target.name });
    const before = roleFrom(target.role);
    if (before === 'admin' && role !== 'admin' && (await lockedAdmins(tx)) <= 1)
      throw new AuthError('moderation.lastAdmin', 409, { name: target.name });
    await tx
      .updateTable('users')
      .set({ role: role === 'player' ? null : role })
      .where('id', '=', target.id)
      .execute();
    return audit(
      tx,
      {
        actor,
        action: 'role',
        target: { userId: target.id, name: target.name },
        reason,
        details: { from: before, to: role },
      },
      now,
    );
  });
}

/** How many admins there are, their rows locked until the transaction ends (see `setRole`). */
async function lockedAdmins(tx: Transaction<Database>): Promise<number> {
  const rows = await tx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .$call(forUpdate(tx))
    .execute();
  return rows.length;
}
