import { CHANCE, SPECTATOR, type AnyGame, type LogEntry, type Viewer } from './contract.js';

/**
 * Whether the last move of a log can be taken back without anyone having seen something new (issue 30 §4): the
 * server's `undo` asks this before restoring the state before the move. Derived from the contract alone, so that
 * every game has it: a game may only narrow it, with its optional `undoable` facet (see `Game.undoable`).
 *
 * A move can be taken back when it is the log's last entry (nobody moved after it, and no chance move was drawn after
 * it: a draw is something new for whoever sees it), the game is not over, no earlier entry reads differently now for
 * any viewer (the move revealed no hidden choice), and either
 * - the same seat, and only it, moves next (nobody else could have acted on seeing the move), or
 * - the move itself is hidden from every other viewer (a simultaneous choice not yet revealed: the others know only
 *   that a choice was made).
 */
export function undoable(
  game: AnyGame,
  players: number,
  before: unknown,
  after: unknown,
  log: readonly LogEntry[],
): boolean {
  const last = log.at(-1);
  if (!last || !('seat' in last)) return false;
  const seat = last.seat;
  if (game.status(after).over) return false;
  const active = game.active(after);
  if (active[0] === CHANCE) return false;
  const viewers: Viewer[] = [...Array.from({ length: players }, (_, k) => k), SPECTATOR];
  const index = log.length - 1;
  // A reveal: an earlier entry (a hidden choice) reads differently now than before the move.
  for (const viewer of viewers)
    for (let k = 0; k < index; k++) {
      const entry = log[k] as LogEntry;
      if (
        JSON.stringify(game.redact(entry, k, viewer, before)) !==
        JSON.stringify(game.redact(entry, k, viewer, after))
      )
        return false;
    }
  const sameSeatNext = active.length === 1 && active[0] === seat;
  // Wholly hidden, not only in part: a move with one part shown has told the others that part.
  const hiddenFromOthers = viewers.every((viewer) => {
    if (viewer === seat) return true;
    const seen = game.redact(last, index, viewer, after);
    return 'move' in seen && (seen.move as { type?: unknown } | null)?.type === 'hidden';
  });
  if (!sameSeatNext && !hiddenFromOthers) return false;
  return game.undoable ? game.undoable(before, after, seat, last.move) : true;
}
