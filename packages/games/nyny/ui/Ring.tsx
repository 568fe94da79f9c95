/**
 * The ring: the twelve skyline positions around what the board puts in the middle (the pool), with the position the
 * pointed tile would go to lit.
 */
import type { ReactNode } from 'react';
import { CENTRE, positionCentre, RADIUS, RING_SIZE } from './geometry.js';
import { Position } from './Position.js';
import type { T } from './words.js';

export function Ring({
  skyline,
  target,
  justPlayed,
  openStack,
  toggleStack,
  names,
  t,
  children,
}: {
  skyline: readonly (readonly string[])[];
  /** The position (0..11) the tile the viewer points at would go to, or null. */
  target: number | null;
  /** The tiles just played, with the seat that played each. */
  justPlayed: ReadonlyMap<string, number>;
  openStack: number | null;
  toggleStack: (index: number) => void;
  names: string[];
  t: T;
  /** What is drawn inside the ring. */
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${RING_SIZE} ${RING_SIZE}`}
      className="nyny-ring"
      role="group"
      aria-label={t('nyny.skyline')}
    >
      <circle cx={CENTRE.x} cy={CENTRE.y} r={RADIUS} fill="none" stroke="#c9d3df" strokeWidth={26} />
      {skyline.map((stack, index) => {
        const top = stack[stack.length - 1];
        const { x, y } = positionCentre(index);
        return (
          <Position
            key={index}
            stack={stack}
            index={index}
            x={x}
            y={y}
            target={target === index}
            playedBy={top === undefined ? undefined : justPlayed.get(top)}
            open={openStack === index}
            onToggle={() => toggleStack(index)}
            names={names}
            t={t}
          />
        );
      })}
      {children}
    </svg>
  );
}
