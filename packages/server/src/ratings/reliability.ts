/**
 * A player's reliability (as Board Game Arena's): the share of their counted games they finished themselves — without
 * their clock running out, without leaving (a seat claimed and never taken back), without resigning early and without
 * aborting a game already begun. Read from what the database records of each finished table (docs/platform.md,
 * "Reliability"): `seats.stand_in` (cleared by `/back`, so still set at the end: the player was away when it ended),
 * `seats.resigned_at`, `seats.own_moves` against the game's opening, and the table's `result` (`abortedBy`, `closed`,
 * `stoppedBy`).
 */

import {
  RELIABILITY_FLOORS,
  RELIABILITY_LEAST_GAMES,
  words,
  type ReliabilityFloor,
  type Words,
} from '@skyline/protocol';

/** Below this many counted games no share is shown ("not enough games yet"); the profile page says it too. */
export { RELIABILITY_LEAST_GAMES };

/** What one finished table says about one of its seats. */
export interface SeatEnd {
  /** The bot still standing in for the player when the game ended (timed out or claimed, not back), or null. */
  standIn: string | null;
  /** The log version at which the player resigned, or null. */
  resignedAt: number | null;
  /** The player's own moves counted towards the opening (`seats.own_moves`), null when not counted (old seats). */
  ownMoves: number | null;
  /** The opening's least number of moves for the game (`ratings/opening.ts`). */
  openingLeast: number;
  /** Who aborted the game (`Resignation.abortedBy`), if it was aborted; whether any seat had moved then. */
  abortedBy?: string;
  anyMoveMade: boolean;
  /** A moderator closed the game, or a person stopped a game of bots: not the player's doing, not counted. */
  closedOrStopped: boolean;
  /** The seat's player's name. */
  name: string;
}

export interface Reliability {
  /** Counted games, and of them those the player finished themselves. */
  games: number;
  kept: number;
  /** `kept / games` in whole percent (rounded down), or null below `RELIABILITY_LEAST_GAMES` games. */
  share: number | null;
}

/** Whether the game counts for the player at all, and if so whether they kept it to its end. */
export function judged(end: SeatEnd): 'kept' | 'failed' | null {
  if (end.closedOrStopped) return null;
  if (end.abortedBy !== undefined) {
    // An abort before anyone moved is a table that never began: counted for nobody. After a first move it counts
    // against the one who aborted, and not at all for the others.
    if (!end.anyMoveMade || end.abortedBy !== end.name) return null;
    return 'failed';
  }
  // A resignation before the player had played the opening is leaving early; later it is conceding a lost game.
  if (end.resignedAt !== null)
    return end.ownMoves !== null && end.ownMoves >= end.openingLeast ? 'kept' : 'failed';
  // A bot still in the seat at the end: the clock ran out, or the seat was claimed, and the player never came back.
  if (end.standIn !== null) return 'failed';
  return 'kept';
}

export function reliabilityOf(ends: readonly SeatEnd[]): Reliability {
  let games = 0;
  let kept = 0;
  for (const end of ends) {
    const verdict = judged(end);
    if (verdict === null) continue;
    games++;
    if (verdict === 'kept') kept++;
  }
  return { games, kept, share: games < RELIABILITY_LEAST_GAMES ? null : Math.floor((kept * 100) / games) };
}

/**
 * Why a player may not sit at a table (or register for a tournament) asking for `floor` percent, or null if they may.
 * `reliability`: the player's, or null for a guest. A guest has no record anyone could keep, so is refused where a floor
 * is set; a registered player below `RELIABILITY_LEAST_GAMES` counted games has no share yet, and is let in: refusing
 * them would keep every newcomer from every table asking for one, and their first games are what gives them a share.
 */
export function reliabilityRefusal(reliability: Reliability | null, floor: number): Words | null {
  const player = { registered: reliability !== null, share: reliability?.share ?? null };
  if (meetsFloor(player, floor)) return null;
  if (reliability === null) return words('reliability.guest', { least: floor });
  return words('reliability.below', { least: floor, share: reliability.share ?? 0 });
}

/**
 * Whether a player meets `floor`, by the rule above: no floor, or a registered player with no share yet or a share
 * at least the floor. "Play now" matches players by it (`queue/matching.ts`), who have only their share at hand.
 */
export function meetsFloor(player: { registered: boolean; share: number | null }, floor: number): boolean {
  if (floor <= 0) return true;
  return player.registered && (player.share === null || player.share >= floor);
}

/** A floor as stored (null, or a number the migration's column holds): one of `RELIABILITY_FLOORS`, 0 for none. */
export function storedFloor(stored: number | null | undefined): ReliabilityFloor {
  const floor = Number(stored ?? 0);
  return (RELIABILITY_FLOORS as readonly number[]).includes(floor) ? (floor as ReliabilityFloor) : 0;
}
