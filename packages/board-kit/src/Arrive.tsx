/**
 * Moves you see happen: what a seat has just played arrives on the board with a short animation (a piece drops onto
 * its tower, a building settles into place, a tile settles on its lot) and what a seat has just gained pulses on its
 * panel. The animations themselves are CSS (`.arrive-*` in the web client's stylesheet: transform and opacity only,
 * 200–400 ms, none under `prefers-reduced-motion: reduce` or when the player turns them off), so they never delay
 * what is shown: the final state is drawn at once and a newer one simply replaces the element mid-animation.
 *
 * A board adopts it by wrapping what arrived in `<Arrive when={justPlayed} token={…}>`: the animation plays when the
 * wrapper first appears with `when` set, and again whenever `token` (what arrived: the stack's height, the tile)
 * changes, never on a re-render that changes nothing.
 */
import { useState, type ReactNode } from 'react';

/** drop: falls from above onto what is under it; settle: slides in and comes to rest; pulse: swells once. */
export type ArriveKind = 'drop' | 'settle' | 'pulse';

/** The class names that animate an element as arriving (empty: nothing arrives). */
export function arrivalClass(kind: ArriveKind, when = true): string {
  return when ? `arrive arrive-${kind}` : '';
}

export function Arrive({
  when,
  token,
  kind = 'settle',
  children,
}: {
  /** Whether what is wrapped has just been played (the board's "just played" mark). */
  when: boolean;
  /** What arrived: a new value remounts the wrapper, so that the animation plays again for the new arrival. */
  token?: string | number;
  kind?: ArriveKind;
  children: ReactNode;
}) {
  return (
    <g
      key={token ?? ''}
      className={arrivalClass(kind, when) || undefined}
      data-arrive={when ? kind : undefined}
    >
      {children}
    </g>
  );
}

/**
 * A number that grows by one each time `value` changes in a way `counts` accepts (from the previous render's value
 * to this one's): used as a key, it replays a pulse. 0 until the first such change, so that nothing pulses when the
 * page opens. (React's "information from previous renders" pattern: state set during render, no effect.)
 */
export function useChanges<V>(value: V, counts: (before: V, after: V) => boolean): number {
  const [before, setBefore] = useState(value);
  const [changes, setChanges] = useState(0);
  if (!Object.is(before, value)) {
    setBefore(value);
    if (counts(before, value)) setChanges(changes + 1);
  }
  return changes;
}

/** `useChanges` for an amount held (money, tiles, lot cards): counts each rise, never a fall. */
export function useGain(amount: number | undefined): number {
  return useChanges(amount, (before, after) => before !== undefined && after !== undefined && after > before);
}
