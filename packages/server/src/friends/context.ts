import type { InvitationInfo } from '@skyline/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { NotFoundError } from '../refusals.js';
import { named } from '../moderation/named.js';

/** The limits of `friends/` (`LIMIT_FOLLOWS`, `LIMIT_BLOCKS`, `LIMIT_INVITATIONS_PER_DAY`, `INVITATION_LINK_HOURS`). */
export interface FriendLimits {
  /** The most players one player may follow. */
  follows: number;
  /** The most players one player may block. */
  blocks: number;
  /** Invitations (named or links) one player may make in 24 hours. */
  invitationsPerDay: number;
  /** How long an invitation link stays valid, in hours (named invitations last a week). */
  linkHours: number;
}

/** What the friends' modules share. */
export interface FriendsContext {
  db: Kysely<Database>;
  limits: FriendLimits;
  now: () => number;
  /** Which of these users have a page open now, in any process (`Presence.onlineAmong`). */
  online: (userIds: readonly string[]) => Promise<ReadonlySet<string>>;
  /** Tells every open page of `userId`, in every process, of an invitation (socket.io's rooms, through Redis). */
  tell: (userId: string, invitation: InvitationInfo) => void;
  /**
   * Where an invitation e-mail goes: called after the invitation is stored, for an invitee who asked for invitations by
   * e-mail; sends nothing when no confirmed address or no SMTP server (`mail/`).
   */
  notifyByMail: (inviteeId: string, invitation: InvitationInfo) => void;
  /** Takes every page of `userId`, in every process, off these tables (a block: `blocks.ts`). */
  leaveTables: (userId: string, tableIds: readonly string[]) => void;
}

/** A player as another names them. */
export interface Someone {
  id: string;
  name: string;
  bot: boolean;
  refusesFollows: boolean;
  invitationsByMail: boolean;
}

/** The user `name` names (see `named`), or undefined. */
export async function findSomeone(db: Kysely<Database>, name: string): Promise<Someone | undefined> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'name', 'bot_level', 'refuses_follows', 'invitations_by_mail'])
    .where(named(name))
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.name,
    bot: row.bot_level !== null,
    refusesFollows: row.refuses_follows === 1,
    invitationsByMail: row.invitations_by_mail === 1,
  };
}

/** The user `name` names, or a coded 404. */
export async function requireSomeone(db: Kysely<Database>, name: string): Promise<Someone> {
  const found = await findSomeone(db, name);
  if (!found) throw new NotFoundError('player.none', { name });
  return found;
}
