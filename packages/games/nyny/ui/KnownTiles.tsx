/**
 * The tiles everyone saw a seat take from the face-up pool and that it still holds: small, after its hand size, and
 * in words for screen readers. The rest of its hand was dealt face down and shows only as the count.
 */
import { Tile } from './Tile.js';
import { tileName } from './tiles.js';
import type { T } from './words.js';

/** Each tile's width and the gap after it, in the drawing's units (drawn at 3/4 of that). */
const STEP = 26;

export function KnownTiles({ tiles, seat, t }: { tiles: readonly string[]; seat: number; t: T }) {
  if (tiles.length === 0) return null;
  return (
    <span className="nyny-known" data-testid={`known-${seat}`}>
      <span className="sr-only">
        {t('nyny.known', { tiles: tiles.map((tile) => tileName(tile, t)).join(', ') })}
      </span>
      <svg
        viewBox={`0 0 ${tiles.length * STEP} 32`}
        width={tiles.length * STEP * 0.75}
        height={24}
        aria-hidden="true"
      >
        {tiles.map((tile, k) => (
          <Tile key={tile} tile={tile} x={k * STEP + 1} y={1} w={23} h={30} t={t} />
        ))}
      </svg>
    </span>
  );
}
