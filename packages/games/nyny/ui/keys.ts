/**
 * The board's keys, as a pure function of what the board offers (tested apart from the page). The board's buttons
 * lie in rows: the positions under the city, the hand, the pool. A move takes at most four keys: a digit picks a
 * tile of the hand (1 = the first playable one), Enter plays it; then a digit picks a tile of the pool, Enter takes
 * it. The board puts the focus on the first choice of each (`Board.tsx`), so Enter alone plays the first tile.
 * - 1 to 9: the k-th button of the row being asked for (the hand while playing, the pool while taking), else of the
 *   row holding the focus.
 * - ← →: the button before or after, in its row (going round); Home and End: the row's first and last.
 * - ↑ ↓: the row above or below (positions, hand, pool), at the same place or the nearest.
 * - P: the Pass button, when passing is allowed.
 * Enter and Space press the focused button (as on any button).
 */

export const ROWS = ['positions', 'hand', 'pool'] as const;
export type Row = (typeof ROWS)[number];

export interface KeyContext {
  /** How many buttons each row has now (a row of none is skipped). */
  counts: Readonly<Record<Row, number>>;
  /** The focused button's row and place, or null when the focus is elsewhere on the board. */
  focused: { row: Row; index: number } | null;
  /** The row the viewer is asked to choose from now, or null when it has nothing to choose there. */
  asked: Row | null;
  canPass: boolean;
}

/** What a key does: focus a button of a row, focus Pass, or nothing (the key is left to the page). */
export type KeyAction = { focus: Row; index: number } | { pass: true } | null;

export function keyAction(key: string, { counts, focused, asked, canPass }: KeyContext): KeyAction {
  if (/^[1-9]$/.test(key)) {
    const row = asked ?? focused?.row ?? null;
    const index = Number(key) - 1;
    return row !== null && index < counts[row] ? { focus: row, index } : null;
  }
  if (key === 'p' || key === 'P') return canPass ? { pass: true } : null;
  if (focused === null) {
    // From the board itself (the focus fell back to it): any arrow goes to the first choice asked for.
    const start = asked ?? ROWS.find((row) => counts[row] > 0) ?? null;
    return start !== null && /^Arrow/.test(key) && counts[start] > 0 ? { focus: start, index: 0 } : null;
  }
  const { row, index } = focused;
  const count = counts[row];
  switch (key) {
    case 'ArrowLeft':
      return { focus: row, index: (index - 1 + count) % count };
    case 'ArrowRight':
      return { focus: row, index: (index + 1) % count };
    case 'Home':
      return { focus: row, index: 0 };
    case 'End':
      return { focus: row, index: count - 1 };
    case 'ArrowUp':
    case 'ArrowDown': {
      const step = key === 'ArrowUp' ? -1 : 1;
      for (let k = ROWS.indexOf(row) + step; k >= 0 && k < ROWS.length; k += step) {
        const next = ROWS[k] as Row;
        if (counts[next] > 0)
          return { focus: next, index: Math.min(nearest(index, count, counts[next]), counts[next] - 1) };
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * The place in a row of `to` buttons nearest to place `index` of a row of `from`: the positions' row is twelve wide,
 * the hand and the pool six, so going down from position 7 lands in the middle of the hand, not at its end.
 */
function nearest(index: number, from: number, to: number): number {
  if (from <= 1 || to <= 1) return 0;
  return Math.round((index / (from - 1)) * (to - 1));
}
