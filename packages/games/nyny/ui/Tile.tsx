/** A tile as drawn everywhere on the board (positions, pool, hand, box), and a tile face down (a seat's hidden choice). */
import { shade, SvgButton } from '@skyline/board-kit';
import { numberFontSize, TILE_H, TILE_W, tileSkyline } from './geometry.js';
import { numberOf, tileFill, tileInk, tileName } from './tiles.js';
import type { T } from './words.js';

interface TileProps {
  tile: string;
  x: number;
  y: number;
  w?: number;
  h?: number;
  /** What a screen reader says (the tile's name unless told). */
  label?: string;
  /** Playing or taking the tile: the tile is then a button. */
  onClick?: () => void;
  highlight?: boolean;
  t: T;
  testId?: string | undefined;
  /** The row of the board's keyboard moves this button belongs to (`keys.ts`). */
  nav?: string | undefined;
  /** The key that picks it (`aria-keyshortcuts`). */
  shortcut?: string | undefined;
}

/** One tile in SVG; a button (keyboard and screen reader) when it may be played or taken. */
export function Tile({
  tile,
  x,
  y,
  w = TILE_W,
  h = TILE_H,
  label,
  onClick,
  highlight,
  t,
  testId,
  nav,
  shortcut,
}: TileProps) {
  const name = label ?? tileName(tile, t);
  const fontSize = numberFontSize(numberOf(tile), w);
  const body = (
    <>
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx={6}
        fill={tileFill(tile)}
        stroke={highlight ? '#111' : 'rgba(0,0,0,.35)'}
        strokeWidth={highlight ? 3 : 1}
      />
      {h >= 40 && <path d={tileSkyline(x, y, w, h)} fill={shade(tileFill(tile), 0.2)} aria-hidden="true" />}
      <text
        x={x + w / 2}
        y={y + h / 2 + fontSize * 0.35}
        textAnchor="middle"
        fontSize={fontSize}
        fontWeight={700}
        fill={tileInk(tile)}
        aria-hidden="true"
      >
        {numberOf(tile)}
      </text>
    </>
  );
  if (!onClick)
    return (
      <g role="img" aria-label={name}>
        <title>{name}</title>
        {body}
      </g>
    );
  return (
    <SvgButton
      aria-label={name}
      data-testid={testId}
      data-tile={tile}
      data-nav={nav}
      aria-keyshortcuts={shortcut}
      onPress={onClick}
    >
      <title>{name}</title>
      {body}
    </SvgButton>
  );
}

/** A tile face down, with a little skyline on its back. */
export function FaceDown({ x, y, label }: { x: number; y: number; label: string }) {
  return (
    <g role="img" aria-label={label}>
      <title>{label}</title>
      <rect x={x} y={y} width={28} height={36} rx={4} fill="#445" stroke="#223" />
      <path d={`M${x + 6} ${y + 30}V${y + 16}h5v-8h5v12h6v10z`} fill="#889" />
    </g>
  );
}
