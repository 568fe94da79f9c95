/** The pool beside the city: its face-up tiles in a row (buttons when one may be taken) and the deck's count. */
import { TILE_W } from './geometry.js';
import { Tile } from './Tile.js';
import type { T } from './words.js';

/** A tile's width and the gap after it. */
const STEP = TILE_W + 8;

export function Pool({
  pool,
  takeable,
  deckSize,
  take,
  explain,
  t,
}: {
  pool: readonly string[];
  takeable: ReadonlySet<string>;
  deckSize: number;
  take: (tile: string) => void;
  /** Says why a tile that may not be taken now cannot be. */
  explain: () => void;
  t: T;
}) {
  const width = Math.max(1, pool.length) * STEP + 4;
  return (
    <section aria-label={t('nyny.pool')} className="nyny-pool-section">
      <h3>
        {t('nyny.pool')}{' '}
        <span className="muted nyny-deck" data-testid="deck">
          {t('nyny.deck', { n: deckSize })}
        </span>
      </h3>
      <svg
        viewBox={`0 0 ${width} 60`}
        className="nyny-pool"
        style={{ width }}
        role="group"
        aria-label={t('nyny.pool')}
      >
        {pool.map((tile, k) => {
          const can = takeable.has(tile);
          return (
            <g key={tile} onClick={can ? undefined : explain} opacity={can || takeable.size === 0 ? 1 : 0.45}>
              <Tile
                tile={tile}
                x={4 + k * STEP}
                y={4}
                t={t}
                highlight={can}
                testId={can ? 'take' : undefined}
                nav={can ? 'pool' : undefined}
                shortcut={can && k < 9 ? `${k + 1}` : undefined}
                onClick={can ? () => take(tile) : undefined}
              />
            </g>
          );
        })}
      </svg>
    </section>
  );
}
