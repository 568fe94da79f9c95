/**
 * Why a dimmed tile, card or lot cannot be chosen now: a board says it in a short, polite sentence when one is clicked
 * or tapped (instead of doing nothing), shown at the bottom of the window and announced to screen readers.
 */
import type { PublicStatus } from '@skyline/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { seatName } from './types.js';
import type { KitKey, Translate } from './words.js';

/** How long a reason stays on screen. */
const SHOWN_MS = 5000;

/** The reason shown now (or null), and the function a board calls with the reason for what was just clicked. */
export function useWhyNot(): { why: string | null; say: (reason: string) => void } {
  const [why, setWhy] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const say = useCallback((reason: string) => {
    if (timer.current) clearTimeout(timer.current);
    setWhy(reason);
    timer.current = setTimeout(() => setWhy(null), SHOWN_MS);
  }, []);
  return { why, say };
}

/** The live region a board's reasons go to: always in the page (a region added with its text is often not read). */
export function WhyNot({ why }: { why: string | null }) {
  return (
    <p className="why-not" role="status" aria-live="polite" data-testid="why-not">
      {why ?? ''}
    </p>
  );
}

/**
 * Why the viewer may choose nothing at all now: the seats the game waits for, by name, or (when it waits for the
 * viewer's move already on its way, or for nobody) to wait a moment.
 */
export function waitingReason(
  t: Translate<KitKey>,
  names: string[],
  status: PublicStatus | null,
  me: number | null,
): string {
  const others = (status?.active ?? []).filter(
    (seat): seat is number => typeof seat === 'number' && seat !== me,
  );
  if (others.length === 0 || (me !== null && status?.active.includes(me))) return t('why.wait');
  return t('why.notYourTurn', { who: others.map((seat) => seatName(names, seat)).join(', ') });
}
