/**
 * The simultaneous variant's turns, read from the log as a seat sees it: every seat still in the round chooses once
 * (a tile or a pass), and the choices are revealed together once all are in. A turn's choices are the consecutive
 * choice entries after the deal or a take, until a seat that already chose chooses again (its next turn): each seat
 * in play chooses exactly once before any seat chooses again.
 */
import type { LogEntry } from '@skyline/board-kit';

/** A seat's choice as the log holds it: a tile played, a pass, or (another seat's, not yet revealed) hidden. */
export function isChoice(
  entry: LogEntry | undefined,
): entry is { seat: number; move: Record<string, unknown> } {
  if (entry === undefined || !('seat' in entry)) return false;
  const type = entry.move.type;
  return type === 'play' || type === 'pass' || type === 'hidden';
}

/** The log indices `[start, end]` of the turn whose choices include entry `index`, or null if it is no choice. */
export function turnOf(log: readonly LogEntry[], index: number): { start: number; end: number } | null {
  if (!isChoice(log[index])) return null;
  // Back to the last entry that is no choice (the round's deal, a take): a turn never spans one.
  let from = index;
  while (from > 0 && isChoice(log[from - 1])) from--;
  // Forward from there, turn by turn, until the turn holding `index` ends.
  let start = from;
  const seats = new Set<number>();
  for (let k = from; ; k++) {
    const entry = log[k];
    if (!isChoice(entry) || seats.has(entry.seat)) {
      if (k > index) return { start, end: k - 1 };
      start = k;
      seats.clear();
    }
    seats.add((entry as { seat: number }).seat);
  }
}
