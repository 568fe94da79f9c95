/**
 * "Play now" (the matchmaking queue, `packages/server/src/queue/`): the socket messages' schemas and the answers'
 * shapes, shared by the client and the server. docs/protocol.md lists the messages.
 */
import { z } from 'zod';
import { BOT_LEVELS } from './bot-levels.js';
import { ReliabilityFloorSchema, type ReliabilityFloor } from './reliability.js';

/** The waits a player may choose before bots fill the seats nobody took (seconds); `null`: never. */
export const BOTS_AFTER_CHOICES = [10, 30, 60, 120] as const;

/**
 * `queue:join`: the game, the seat count (`null`: any the game allows), when bots may fill the table, their level, and
 * the least reliability share the player asks of the others (as a table's floor; absent or 0: none).
 */
export const QueueJoinBody = z
  .object({
    game: z.string().regex(/^[a-z][a-z0-9]{0,31}$/, 'not a game id'),
    players: z.number().int().min(1).max(8).nullable(),
    /** Seconds of waiting after which bots fill the empty seats; null: never (only people). */
    botsAfter: z.number().int().min(0).max(3600).nullable(),
    /** The bots' level (the strongest, `ismcts`, if absent). */
    botLevel: z.enum(BOT_LEVELS).optional(),
    reliability: ReliabilityFloorSchema.optional(),
  })
  .strict();
export type QueueJoinBody = z.infer<typeof QueueJoinBody>;

/**
 * How far apart in rating the players of one table may be: `start` points at first, `step` points more every
 * `everySeconds` waited, `most` at the widest (`MATCH_WINDOW_*` settings). The page works the current window out from
 * it as the wait goes on.
 */
export interface MatchWindowRule {
  start: number;
  step: number;
  everySeconds: number;
  most: number;
}

/** The rating window after `waitedMs` of waiting, under `rule`. */
export function matchWindow(rule: MatchWindowRule, waitedMs: number): number {
  const steps = Math.floor(Math.max(0, waitedMs) / 1000 / rule.everySeconds);
  return Math.min(rule.most, rule.start + rule.step * steps);
}

/** A player's place in the queue, as `queue:join` and `queue:status` answer it. */
export interface QueueEntryInfo {
  game: string;
  players: number | null;
  botsAfter: number | null;
  botLevel: (typeof BOT_LEVELS)[number];
  /** The least reliability share (percent) asked of the others; 0: none. */
  reliability: ReliabilityFloor;
  /** The rating the player is matched by (the game's shown rating; 1500 for a new player). */
  rating: number;
  /** Milliseconds waited when the answer was sent. */
  waitedMs: number;
  window: MatchWindowRule;
  /** The table made for the player, once matched; null while waiting. */
  tableId: string | null;
}
