/**
 * The players this browser's user blocked, read with the friends list (`friends.tsx`) and shared by every chat on the
 * page, whose lines from them are hidden: a block hides them from the blocker only, so the blocker's own page hides
 * them (the server tells nobody who blocked whom).
 */
import type { ChatLine } from '@skyline/protocol';
import { useMemo, useSyncExternalStore } from 'react';

let blockedNames: ReadonlySet<string> = new Set();
const blockedListeners = new Set<() => void>();

export function setBlocked(names: readonly string[]): void {
  blockedNames = new Set(names.map((name) => name.toLowerCase()));
  for (const listener of blockedListeners) listener();
}

/** The lines of a chat without those of the players the user blocked (they are hidden from the blocker only). */
export function useWithoutBlocked(lines: ChatLine[]): ChatLine[] {
  const blocked = useSyncExternalStore(
    (listener) => {
      blockedListeners.add(listener);
      return () => blockedListeners.delete(listener);
    },
    () => blockedNames,
  );
  return useMemo(
    () =>
      blocked.size === 0
        ? lines
        : lines.filter((line) => !line.from || !blocked.has(line.from.toLowerCase())),
    [lines, blocked],
  );
}
