/**
 * Friends, blocks, private tables, invitations and "Play again": the HTTP bodies as zod schemas shared by the client
 * and the server, and the answers' shapes. docs/protocol.md lists the routes.
 */
import { z } from 'zod';
import { LinkToken } from './accounts.js';

/** `FriendBody` and `InviteBody` (a player's name) are in `index.ts`, beside `Name`. */

/** `POST /api/friends/settings`: what to change (absent: unchanged). */
export const FriendSettingsBody = z
  .object({ refuseFollows: z.boolean().optional(), invitationsByMail: z.boolean().optional() })
  .strict();
/** `POST /api/invitations/accept`: a link's token (read from the link's fragment: never in a logged URL). */
export const AcceptLinkBody = z.object({ token: LinkToken }).strict();
/** `POST /api/invitations/:id/decline`. */
export const InvitationParams = z
  .object({ id: z.string().regex(/^[\w-]{16}$/, 'not an invitation') })
  .strict();
/** `POST /api/tables/:id/again`: bots fill the seats nobody took when the new table starts (the host's choice). */
export const PlayAgainBody = z.object({ bots: z.boolean().optional() }).strict();
/** Who may watch a private table: anyone with its address, or only its seats and the people invited. */
export const SPECTATOR_CHOICES = ['anyone', 'invited'] as const;
export const Spectators = z.enum(SPECTATOR_CHOICES);
export type Spectators = z.infer<typeof Spectators>;

/** A table a friend sits at, not over. */
export interface FriendTable {
  id: string;
  game: string;
  status: 'open' | 'playing';
}

/** A player one follows, as the friends list shows them. */
export interface FriendInfo {
  name: string;
  /** A page of theirs is open now (in any process). */
  online: boolean;
  /** Whether they follow back. */
  followsYou: boolean;
  /** The tables they sit at, not over (private ones only to those invited or seated there). */
  tables: FriendTable[];
}

/** `GET /api/friends`. */
export interface FriendsResponse {
  following: FriendInfo[];
  /** Names of the players who follow you. */
  followers: string[];
  /** Names of the players you blocked: only you see this list. */
  blocked: string[];
  refuseFollows: boolean;
  invitationsByMail: boolean;
}

/** An invitation to a table, as its invited player hears of it (the `invitation` event, "My games"). */
export interface InvitationInfo {
  id: string;
  tableId: string;
  game: string;
  title: string;
  from: string;
  at: number;
  expiresAt: number;
  /** Set for a "Play again" table: the finished table it follows. */
  againOf?: string | null;
}

/** `POST /api/tables/:id/link`: the link's token; the page builds `/invite#TOKEN` (a fragment is sent to no server). */
export interface InviteLinkResponse {
  token: string;
  expiresAt: number;
}
