/**
 * A shop tile as the board draws it out of the map (a hand, an offer): a shop's front in the kind's colour, under its
 * roof, with the kind's icon, and how many when more than one; its name is its accessible name and tooltip.
 */
import { textOn, type Lang } from '@skyline/board-kit';
import { ShopIcon } from './icons.js';
import { kindColour, kindName, roofColour } from './pieces.js';

/** A tile's roof, its eaves curving up at both ends, and the awning's four scallops under it (in a 20 × 23 box). */
const ROOF = 'M0.5 6Q2 5.6 2.6 1.2H17.4Q18 5.6 19.5 6Z';
const AWNING = `M2 5.5${'q2 3 4 0'.repeat(4)}V5H2Z`;

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
      {/* The tile as the map draws its shop: a front under a curved roof and a scalloped awning, the icon below. */}
      <svg viewBox="0 0 20 23" width={size} height={(size * 23) / 20} aria-hidden="true">
        <rect x={0.5} y={0.5} width={19} height={22} rx={3} fill={colour} stroke="#1d2733" strokeWidth={1} />
        <path d={AWNING} fill={roofColour(kind)} />
        <path d={ROOF} fill={roofColour(kind)} />
        <ShopIcon kind={kind} x={3} y={7.5} ink={textOn(colour)} size={14} />
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
