/**
 * The viewer's hand: its tiles in a row, those it may play as buttons (the others dimmed while some may be played);
 * pointing at a playable tile (or focusing it) lights the position it would go to.
 */
import { TILE_W } from './geometry.js';
import { Tile } from './Tile.js';
import type { T } from './words.js';

/** A tile's width and the gap after it. */
const STEP = TILE_W + 8;

export function Hand({
  hand,
  playable,
  choice,
  play,
  point,
  explain,
  t,
}: {
  hand: readonly string[];
  playable: ReadonlySet<string>;
  /** The viewer's secret choice this turn, drawn as chosen. */
  choice: string | null;
  play: (tile: string) => void;
  /** The playable tile pointed at (or focused), or null. */
  point: (tile: string | null) => void;
  /** Says why a tile that may not be played now cannot be. */
  explain: () => void;
  t: T;
}) {
  const width = Math.max(1, hand.length) * STEP + 4;
  return (
    <section aria-label={t('nyny.hand')}>
      <h3>{t('nyny.hand')}</h3>
      <svg
        viewBox={`0 0 ${width} 60`}
        className="nyny-hand"
        style={{ width }}
        role="group"
        aria-label={t('nyny.hand')}
      >
        {hand.map((tile, k) => {
          const can = playable.has(tile);
          return (
            <g
              key={tile}
              onMouseEnter={() => point(can ? tile : null)}
              onMouseLeave={() => point(null)}
              onFocus={() => point(can ? tile : null)}
              onBlur={() => point(null)}
              onClick={can ? undefined : explain}
              data-testid={can ? undefined : 'hand-tile-not-now'}
              opacity={can || playable.size === 0 ? 1 : 0.45}
            >
              <Tile
                tile={tile}
                x={4 + k * STEP}
                y={4}
                t={t}
                highlight={can || choice === tile}
                testId={can ? 'play' : undefined}
                onClick={can ? () => play(tile) : undefined}
              />
            </g>
          );
        })}
      </svg>
    </section>
  );
}
