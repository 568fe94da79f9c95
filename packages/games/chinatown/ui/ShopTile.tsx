/**
 * A shop tile as the board draws it out of the map (a hand, an offer): a square in the kind's colour with the kind's
 * icon, and how many when more than one; its name is its accessible name and tooltip.
 */
import { textOn, type Lang } from '@skyline/board-kit';
import { ShopIcon } from './icons.js';
import { kindColour, kindName } from './pieces.js';

/** The tile's name: the kind, with how many ("Seafood ×2"). */
export const tileLabel = (kind: string, count: number, lang: Lang) =>
  count > 1 ? `${kindName(kind, lang)} ×${count}` : kindName(kind, lang);

export function ShopTile({
  kind,
  count = 1,
  lang,
  size = 26,
  decorative = false,
}: {
  kind: string;
  count?: number;
  lang: Lang;
  size?: number;
  /** Inside a control that says the name itself: the picture says nothing more. */
  decorative?: boolean;
}) {
  const colour = kindColour(kind);
  const label = tileLabel(kind, count, lang);
  return (
    <span
      className="shop-tile"
      data-kind={kind}
      title={label}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': label })}
    >
      <svg viewBox="0 0 20 20" width={size} height={size} aria-hidden="true">
        <rect x={0.5} y={0.5} width={19} height={19} rx={3} fill={colour} stroke="#1d2733" strokeWidth={1} />
        <ShopIcon kind={kind} x={3} y={3} ink={textOn(colour)} size={14} />
      </svg>
      {count > 1 && <span className="tile-count">×{count}</span>}
    </span>
  );
}

/** Tiles of several kinds, in a row (`tiles`: how many of each kind); `none` when there are none. */
export function ShopTiles({
  tiles,
  lang,
  none,
  size,
}: {
  tiles: Record<string, number>;
  lang: Lang;
  none: string;
  size?: number;
}) {
  const held = Object.entries(tiles).filter(([, n]) => n > 0);
  if (held.length === 0) return <span className="muted small">{none}</span>;
  return (
    <span className="shop-tiles">
      {held.map(([kind, n]) => (
        <ShopTile key={kind} kind={kind} count={n} lang={lang} {...(size ? { size } : {})} />
      ))}
    </span>
  );
}
