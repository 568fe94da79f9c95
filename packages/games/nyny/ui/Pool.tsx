/** The pool in the middle of the ring: its tiles (buttons when one may be taken) and the deck's count below. */
import { CENTRE, poolSlot } from './geometry.js';
import { Tile } from './Tile.js';
import type { T } from './words.js';

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
  return (
    <>
      <text x={CENTRE.x} y={CENTRE.y - 72} textAnchor="middle" fontSize={14} fill="#445" fontWeight={600}>
        {t('nyny.pool')}
      </text>
      <g role="group" aria-label={t('nyny.pool')}>
        {pool.map((tile, k) => {
          const { x, y } = poolSlot(k);
          const can = takeable.has(tile);
          return (
            <g key={tile} onClick={can ? undefined : explain}>
              <Tile
                tile={tile}
                x={x}
                y={y}
                t={t}
                highlight={can}
                testId={can ? 'take' : undefined}
                onClick={can ? () => take(tile) : undefined}
              />
            </g>
          );
        })}
      </g>
      <text x={CENTRE.x} y={CENTRE.y + 76} textAnchor="middle" fontSize={13} fill="#445" data-testid="deck">
        {t('nyny.deck', { n: deckSize })}
      </text>
    </>
  );
}
