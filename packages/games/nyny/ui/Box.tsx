/**
 * The box: the tiles of this round that nobody may play any more (everyone at once: a number chosen by several seats
 * in the same turn), small, in a row.
 */
import { Tile } from './Tile.js';
import type { T } from './words.js';

export function Box({ box, t }: { box: readonly string[]; t: T }) {
  return (
    <section aria-label={t('nyny.box')}>
      <h3>{t('nyny.box')}</h3>
      <svg viewBox={`0 0 ${box.length * 30 + 4} 40`} className="nyny-box">
        {box.map((tile, k) => (
          <Tile key={tile} tile={tile} x={2 + k * 30} y={2} w={26} h={34} t={t} />
        ))}
      </svg>
    </section>
  );
}
