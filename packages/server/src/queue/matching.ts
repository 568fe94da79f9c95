/**
 * Who plays whom: pure functions of the players waiting and the time, so that the rules are tested without a server.
 * The oldest wait is served first. A table's players are all within the narrowest of their rating windows of each
 * other (each window widens with its own player's wait: `matchWindow`), so a newcomer is never placed with a player
 * further away than the newcomer accepts yet; and each player meets the reliability floor every other asks
 * (`meetsFloor`: a guest meets none, a registered player without a share yet meets every one).
 */
import type { BotLevel } from '@skyline/protocol';
import { matchWindow, type MatchWindowRule } from '@skyline/protocol';
import { meetsFloor } from '../ratings/reliability.js';

export interface Waiting {
  userId: string;
  game: string;
  /** The seat count asked for; null: any the game allows. */
  players: number | null;
  /** Wait (ms) after which bots may fill the table; null: never. */
  botsAfterMs: number | null;
  botLevel: BotLevel;
  rating: number;
  joinedAt: number;
  /** Whether the player is registered, their reliability share (null: none yet, or a guest), the floor they ask. */
  reliability: { registered: boolean; share: number | null; floor: number };
}

/** A table to make: its seat count, its people (in the order they sit), and its bots' level when bots fill it. */
export interface Match {
  game: string;
  players: number;
  people: Waiting[];
  bots: BotLevel | null;
}

export type SeatRange = (game: string) => { min: number; max: number } | undefined;

/** Whether these players may sit at one table: all within the narrowest window among them. */
export function withinWindows(group: readonly Waiting[], rule: MatchWindowRule, now: number): boolean {
  const ratings = group.map((entry) => entry.rating);
  const spread = Math.max(...ratings) - Math.min(...ratings);
  return group.every((entry) => spread <= matchWindow(rule, now - entry.joinedAt));
}

/** Whether each of the two meets the other's reliability floor. */
export function reliableForEachOther(a: Waiting, b: Waiting): boolean {
  return meetsFloor(a.reliability, b.reliability.floor) && meetsFloor(b.reliability, a.reliability.floor);
}

const accepts = (entry: Waiting, players: number) => entry.players === null || entry.players === players;
const botsReady = (entry: Waiting, now: number) =>
  entry.botsAfterMs !== null && now - entry.joinedAt >= entry.botsAfterMs;

/**
 * The tables to make now. For each player waiting, oldest first: the largest table (of the seat count asked for, or
 * any the game allows) that players waiting fill entirely, the nearest in rating taken first; failing that, once the
 * player's own wait for bots is over, a table of the seat count asked for (any: the game's fewest, or as many as
 * there are people) with the people whose wait for bots is over too, bots in the seats left.
 */
export function findMatches(
  waiting: readonly Waiting[],
  seats: SeatRange,
  rule: MatchWindowRule,
  now: number,
): Match[] {
  const queue = [...waiting].sort((a, b) => a.joinedAt - b.joinedAt || a.userId.localeCompare(b.userId));
  const taken = new Set<string>();
  const matches: Match[] = [];
  for (const anchor of queue) {
    if (taken.has(anchor.userId)) continue;
    const range = seats(anchor.game);
    if (!range) continue;
    const others = queue
      .filter((other) => other !== anchor && other.game === anchor.game && !taken.has(other.userId))
      .sort(
        (a, b) =>
          Math.abs(a.rating - anchor.rating) - Math.abs(b.rating - anchor.rating) || a.joinedAt - b.joinedAt,
      );
    const gather = (players: number, fits: (other: Waiting) => boolean): Waiting[] => {
      const group = [anchor];
      for (const other of others) {
        if (group.length === players) break;
        if (!fits(other) || !group.every((member) => reliableForEachOther(member, other))) continue;
        if (withinWindows([...group, other], rule, now)) group.push(other);
      }
      return group;
    };
    let match: Match | null = null;
    const counts =
      anchor.players === null
        ? Array.from({ length: range.max - range.min + 1 }, (_, k) => range.max - k)
        : [anchor.players];
    for (const players of counts) {
      const group = gather(players, (other) => accepts(other, players));
      if (group.length === players) {
        match = { game: anchor.game, players, people: group, bots: null };
        break;
      }
    }
    if (!match && botsReady(anchor, now)) {
      const wanted = anchor.players;
      const group = gather(
        wanted ?? range.max,
        (other) =>
          botsReady(other, now) && (wanted === null ? other.players === null : accepts(other, wanted)),
      );
      const players = wanted ?? Math.max(range.min, group.length);
      match = {
        game: anchor.game,
        players,
        people: group,
        bots: group.length < players ? anchor.botLevel : null,
      };
    }
    if (!match) continue;
    match.people.sort((a, b) => a.joinedAt - b.joinedAt || a.userId.localeCompare(b.userId));
    for (const person of match.people) taken.add(person.userId);
    matches.push(match);
  }
  return matches;
}
