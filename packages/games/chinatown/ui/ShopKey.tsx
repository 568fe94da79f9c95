/** The key under the map: each shop kind on the board, in the catalogue's order, with its icon and full name. */
import { textOn, type Lang } from '@skyline/board-kit';
import { ShopIcon } from './icons.js';
import { KINDS, kindColour, kindName } from './pieces.js';
import type { T } from './words.js';

export function ShopKey({ shop, t, lang }: { shop: readonly (string | null)[]; t: T; lang: Lang }) {
  const onBoard = KINDS.map((k) => k.id).filter((id) => shop.includes(id));
  if (onBoard.length === 0) return null;
  return (
    <ul className="shop-key" aria-label={t('chinatown.shopKey')} data-testid="shop-key">
      {onBoard.map((kind) => (
        <li key={kind}>
          <svg viewBox="0 0 22 22" width={22} height={22} aria-hidden="true">
            <rect width={22} height={22} rx={3} fill={kindColour(kind)} />
            <ShopIcon kind={kind} x={3} y={3} ink={textOn(kindColour(kind))} />
          </svg>
          {kindName(kind, lang)}
        </li>
      ))}
    </ul>
  );
}
