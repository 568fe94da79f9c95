/**
 * A seat's city drawn at full size: the board's squares with their row and column numbers around them (the numbers
 * the log's "rows 4–6, columns 10–12" counts, from 1), and the buildings standing on it. The seat's own board adds
 * its placing on top (`children`); an opponent's city, opened from its small picture, is the same drawing.
 */
import { COLS, ROWS, type BuiltView } from '@skyline/mycity';
import type { ReactNode } from 'react';
import { Buildings, JustBuilt } from './Buildings.js';
import type { Cell } from './geometry.js';
import { Terrain } from './Terrain.js';
import type { T } from './words.js';

/** Squares of a city drawn at full size, in the board's own units. */
export const SIZE = 36;

const count = (n: number) => Array.from({ length: n }, (_, k) => k + 1);

/**
 * The row numbers left of a board and the column numbers above it (outside the drawing, so that a square's place
 * on the drawing stays `[row, col] × size`). Decorative for screen readers: every building is named with its rows and
 * columns in words.
 */
export function GridNumbers({ children }: { children: ReactNode }) {
  return (
    <div className="mycity-grid" data-testid="grid-numbers">
      <span aria-hidden="true" />
      <div className="mycity-cols" aria-hidden="true" data-testid="column-numbers">
        {count(COLS).map((n) => (
          <span key={n}>{n}</span>
        ))}
      </div>
      <div className="mycity-rows" aria-hidden="true" data-testid="row-numbers">
        {count(ROWS).map((n) => (
          <span key={n}>{n}</span>
        ))}
      </div>
      {children}
    </div>
  );
}

/** The drawing's layers under whatever the page puts on top: the terrain, the buildings, the last one marked. */
export function CityLayers({
  built,
  justBuilt,
  size,
  t,
  testId,
}: {
  built: readonly BuiltView[];
  justBuilt: readonly Cell[] | undefined;
  size: number;
  t: T;
  testId?: string;
}) {
  return (
    <>
      <Terrain size={size} />
      <Buildings
        built={built}
        justBuilt={justBuilt}
        size={size}
        t={t}
        {...(testId === undefined ? {} : { testId })}
      />
      <JustBuilt cells={justBuilt} size={size} />
    </>
  );
}
