/**
 * The viewer's shop tiles in the place phase: one button per kind (with how many), chosen before a lot on the map or
 * dragged onto one; a kind with no empty lot to go on says so instead.
 */
import type { Lang } from '@skyline/board-kit';
import { ShopIcon } from './icons.js';
import { kindColour, kindName } from './pieces.js';
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
      <div className="row-buttons">
        {Object.entries(tiles).map(([kind, n]) => {
          const placeable = usable(kind);
          return (
            <button
              key={kind}
              type="button"
              className={tile === kind ? 'selected' : ''}
              aria-pressed={tile === kind}
              data-testid="tile"
              draggable={placeable}
              onDragStart={(event) => {
                setTile(kind);
                event.dataTransfer.setData('text/plain', kind);
              }}
              aria-disabled={!placeable}
              onClick={() => (placeable ? setTile(tile === kind ? null : kind) : noLot())}
              style={{ borderLeft: `6px solid ${kindColour(kind)}` }}
            >
              <svg viewBox="0 0 16 16" width={14} height={14} aria-hidden="true" className="shop-icon">
                <ShopIcon kind={kind} x={0} y={0} ink="#1d2733" />
              </svg>{' '}
              {kindName(kind, lang)} ×{n}
            </button>
          );
        })}
      </div>
      <p className="muted small">{t('chinatown.placeHint')}</p>
    </section>
  );
}
