/**
 * The viewer's shop tiles in the place phase: one tile per kind (its colour and icon, with how many; its name on hover
 * and to a screen reader), chosen before a lot on the map or dragged onto one; a kind with no empty lot to go on says
 * so instead.
 */
import type { Lang } from '@skyline/board-kit';
import { ShopTile, tileLabel } from './ShopTile.js';
import type { T } from './words.js';

export function TileHand({
  tiles,
  usable,
  tile,
  setTile,
  noLot,
  t,
  lang,
}: {
  /** The viewer's tiles: how many of each kind. */
  tiles: Record<string, number>;
  /** Whether a kind may be placed somewhere now. */
  usable: (kind: string) => boolean;
  /** The kind chosen (null: none). */
  tile: string | null;
  setTile: (kind: string | null) => void;
  /** Says that a kind has no empty lot to go on. */
  noLot: () => void;
  t: T;
  lang: Lang;
}) {
  return (
    <section className="card">
      <h3>{t('chinatown.placeTitle')}</h3>
      <div className="row-buttons tile-hand">
        {Object.entries(tiles).map(([kind, n]) => {
          const placeable = usable(kind);
          const label = tileLabel(kind, n, lang);
          return (
            <button
              key={kind}
              type="button"
              className={tile === kind ? 'tile-button selected' : 'tile-button'}
              aria-label={label}
              title={label}
              aria-pressed={tile === kind}
              data-testid="tile"
              data-kind={kind}
              draggable={placeable}
              onDragStart={(event) => {
                setTile(kind);
                event.dataTransfer.setData('text/plain', kind);
              }}
              aria-disabled={!placeable}
              onClick={() => (placeable ? setTile(tile === kind ? null : kind) : noLot())}
            >
              <ShopTile kind={kind} count={n} lang={lang} size={34} decorative />
            </button>
          );
        })}
      </div>
      <p className="muted small">{t('chinatown.placeHint')}</p>
    </section>
  );
}
