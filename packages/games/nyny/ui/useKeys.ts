/**
 * The board's keys on the page (`keys.ts` says which), and the focus put on the next thing to choose: when the
 * viewer comes to be asked for a tile of its hand or of the pool, the first one takes the focus, unless the player is
 * elsewhere on the page (typing in the chat, say), whose focus is never taken, or on a touch screen; and when the
 * focus falls back on the board's box while a choice is asked for, it goes on to that choice.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { keyAction, ROWS, type Row } from './keys.js';

const buttons = (root: HTMLElement, row: Row): HTMLElement[] => [
  ...root.querySelectorAll<HTMLElement>(`[data-nav="${row}"]`),
];

/** The element whose keys the board hears besides its own: the table's board box, where the focus falls back. */
const scopeOf = (root: HTMLElement): HTMLElement => {
  const parent = root.parentElement;
  return parent?.dataset.testid === 'board-wrap' ? parent : root;
};

export function useBoardKeys(root: RefObject<HTMLElement | null>, asked: Row | null, canPass: boolean): void {
  // Read by the listener, which is added once.
  const now = useRef({ asked, canPass });
  now.current = { asked, canPass };

  useEffect(() => {
    const board = root.current;
    if (!board) return;
    const scope = scopeOf(board);
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement;
      if (target !== scope && !board.contains(target)) return;
      if (/^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      const counts = Object.fromEntries(ROWS.map((row) => [row, buttons(board, row).length])) as Record<
        Row,
        number
      >;
      const nav = target.closest<HTMLElement>('[data-nav]');
      const row = nav?.dataset.nav as Row | undefined;
      const focused = nav && row ? { row, index: buttons(board, row).indexOf(nav) } : null;
      const action = keyAction(event.key, { counts, focused, ...now.current });
      if (action === null) return;
      const next =
        'pass' in action
          ? board.querySelector<HTMLElement>('button.pass')
          : buttons(board, action.focus)[action.index];
      if (!next) return;
      event.preventDefault();
      // The replay's arrows (on the window) step through the game; on the board they move between its buttons.
      event.stopPropagation();
      next.focus();
    };
    // The focus fell back on the board box (the control used went away: `focus.ts` in the client): on to the choice
    // asked for, if any.
    const onFocus = (event: FocusEvent) => {
      if (event.target === scope && now.current.asked) buttons(board, now.current.asked)[0]?.focus();
    };
    scope.addEventListener('keydown', onKey);
    scope.addEventListener('focusin', onFocus);
    return () => {
      scope.removeEventListener('keydown', onKey);
      scope.removeEventListener('focusin', onFocus);
    };
  }, [root]);

  const before = useRef<Row | null>(null);
  useEffect(() => {
    const previous = before.current;
    before.current = asked;
    const board = root.current;
    if (!board || asked === null || asked === previous) return;
    // A touch screen has no keys to press: a tile lit there unasked would only puzzle.
    if (window.matchMedia?.('(hover: none) and (pointer: coarse)').matches) return;
    const active = document.activeElement;
    if (active !== null && active !== document.body && !scopeOf(board).contains(active)) return;
    buttons(board, asked)[0]?.focus({ preventScroll: true });
  }, [asked, root]);
}
