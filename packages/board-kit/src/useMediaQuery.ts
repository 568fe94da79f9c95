/**
 * Whether the screen matches a CSS media query (`(max-width: 480px)`), followed as it changes (a phone turned, a
 * window resized): for the few layouts a stylesheet cannot change alone, such as a map whose blocks stand two to a
 * row on a phone, or a table whose row names take their own line. False where there is no window.
 */
import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = typeof window === 'undefined' ? undefined : window.matchMedia?.(query);
      list?.addEventListener('change', changed);
      return () => list?.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true,
    () => false,
  );
}

/** A phone's screen: narrower than the smallest tablet held upright. */
export const PHONE_SCREEN = '(max-width: 480px)';
