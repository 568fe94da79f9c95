/**
 * The opening of a table's game (`Opening`, from the game's package through the registry): what a seat must have
 * played before the game can be rated, and until when `/abort` may drop it; each game says what counts in its own
 * `src/opening.ts`.
 */
import { TWO_MOVES, type LogEntry, type Opening } from '@skyline/engine';
import { entryOf } from '@skyline/games';

export type { Opening };

/** The game's opening; a game the registry does not know (tests' throwaway games): two moves of the seat. */
export function openingOf(gameId: string): Opening {
  return entryOf(gameId)?.opening ?? TWO_MOVES;
}

/** How much this move of a seat counts towards its opening. */
export function openingWeight(opening: Opening, move: unknown): number {
  return opening.weight ? opening.weight(move) : 1;
}

/**
 * How much of its opening `seat` made in `log`: its moves' weights, counted until they make up the opening (as
 * `seats.own_moves` counts them, when no bot stood in for the seat).
 */
export function openingMade(opening: Opening, log: readonly LogEntry[], seat: number): number {
  let made = 0;
  for (const entry of log)
    if ('seat' in entry && entry.seat === seat && made < opening.least)
      made += openingWeight(opening, entry.move);
  return made;
}

/**
 * Whether some seat has made fewer than the opening's moves in this log, whoever made them (the player, or a bot
 * standing in for the player): the window in which `/abort` may drop the game. Stand-in moves count here, unlike in
 * the rating (`seats.own_moves`), so that a seat a bot plays from the start does not leave every game open to
 * `/abort` to its last move.
 */
export function inOpening(gameId: string, players: number, log: readonly LogEntry[]): boolean {
  const opening = openingOf(gameId);
  const made = new Array<number>(players).fill(0);
  let reached = 0;
  for (const entry of log) {
    if (!('seat' in entry)) continue;
    const seat = entry.seat;
    const before = made[seat];
    if (before === undefined || before >= opening.least) continue;
    const after = before + openingWeight(opening, entry.move);
    made[seat] = after;
    if (after >= opening.least && ++reached === players) return false;
  }
  return true;
}
