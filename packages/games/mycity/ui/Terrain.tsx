/** The board's landscape — grass, trees, rocks, river, mountains and forests, from the game's own board — and its legend. */
import { COLS, ROWS, TERRAIN, type Terrain as TerrainKind } from '@skyline/mycity';
import { memo } from 'react';
import { KindMark } from './KindMark.js';
import { BUILDING_KIND_LOOKS, TERRAIN_LOOK, TERRAINS } from './look.js';
import { gridLines, terrainArt, type LandSquare, type TerrainArt } from './terrainArt.js';
import type { T } from './words.js';

/**
 * How each of the landscape's paths is painted, bottom to top: its fill, and where it has one its line — colour, width
 * as a share of a square with a least width, round ends and corners, and whether it lies under the fill.
 */
const LAYERS: readonly {
  part: keyof TerrainArt;
  fill: string;
  line?: { colour: string; width: number; least: number; round?: boolean; under?: boolean };
}[] = [
  { part: 'tufts', fill: 'none', line: { colour: '#97c068', width: 0.025, least: 0.6, round: true } },
  // The river between sandy banks (its line drawn under its water), the mountains on a rocky foot, the forests with
  // a darker edge.
  {
    part: 'river',
    fill: TERRAIN_LOOK['~'].fill,
    line: { colour: '#d3bf7f', width: 0.12, least: 2.4, round: true, under: true },
  },
  { part: 'waves', fill: 'none', line: { colour: '#e6f4ff', width: 0.05, least: 0.8, round: true } },
  {
    part: 'mountains',
    fill: TERRAIN_LOOK.M.fill,
    line: { colour: '#8a8074', width: 0.05, least: 1, round: true },
  },
  { part: 'peaksLit', fill: '#c2b8ab' },
  { part: 'peaksShaded', fill: '#756a5e' },
  { part: 'snow', fill: '#fbfbf8' },
  {
    part: 'forests',
    fill: TERRAIN_LOOK.F.fill,
    line: { colour: '#2c5f29', width: 0.05, least: 1, round: true },
  },
  { part: 'firsShaded', fill: '#1f531f' },
  { part: 'firsLit', fill: '#67ad58' },
  { part: 'treeShadows', fill: 'rgba(0, 0, 0, 0.18)' },
  { part: 'trunks', fill: '#6b4a2b' },
  { part: 'crowns', fill: '#2f8f3a' },
  { part: 'crownLights', fill: '#5cb561' },
  { part: 'rockShadows', fill: 'rgba(0, 0, 0, 0.2)' },
  { part: 'rocks', fill: '#8d8d8d', line: { colour: '#555', width: 0.02, least: 0.5, round: true } },
  { part: 'rockLights', fill: '#b9b9b9' },
];

/**
 * The landscape of `squares` (`terrainArt.ts`) on its grass: the river's, mountains' and forests' areas, and what
 * stands on them.
 */
function Landscape({
  squares,
  size,
  width,
  height,
}: {
  squares: readonly LandSquare[];
  size: number;
  width: number;
  height: number;
}) {
  const art = terrainArt(squares, size);
  return (
    <>
      <rect x={0} y={0} width={width} height={height} fill={TERRAIN_LOOK['.'].fill} />
      {LAYERS.map(({ part, fill, line }) => (
        <path
          key={part}
          data-part={part}
          d={art[part]}
          fill={fill}
          {...(line && {
            stroke: line.colour,
            strokeWidth: Math.max(line.least, size * line.width),
            ...(line.round && { strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const }),
            // The river's banks: its line drawn before its water, so that only the outer half shows, on the grass.
            ...(line.under && { paintOrder: 'stroke' }),
          })}
        />
      ))}
    </>
  );
}

/** One square of `square`'s terrain alone, at the top left of a drawing (the legend's sample). */
function Sample({ square, size }: { square: TerrainKind; size: number }) {
  return <Landscape squares={[{ square, r: 0, c: 0 }]} size={size} width={size} height={size} />;
}

/** Every square of the board in its place. */
const BOARD: readonly LandSquare[] = TERRAIN.map((square, sq) => ({
  square,
  r: Math.floor(sq / COLS),
  c: sq % COLS,
}));

/**
 * The whole board, in squares of `size`, with the grid's faint lines over it (hidden from screen readers: the legend
 * names the terrains). It never changes: drawn once per size.
 */
export const Terrain = memo(function Terrain({ size }: { size: number }) {
  return (
    <g aria-hidden="true" data-testid="terrain">
      <Landscape squares={BOARD} size={size} width={COLS * size} height={ROWS * size} />
      <path d={gridLines(ROWS, COLS, size)} stroke="#ffffff73" strokeWidth={0.6} fill="none" />
    </g>
  );
});

/** What each terrain looks like, in words. */
export function Legend({ t }: { t: T }) {
  return (
    <div className="legend" aria-label={t('mycity.legend')}>
      {TERRAINS.map((square) => (
        <span key={square} className="legend-item">
          <svg viewBox="0 0 20 20" width={18} height={18} aria-hidden="true">
            <Sample square={square} size={20} />
          </svg>
          {t(`mycity.terrain.${TERRAIN_LOOK[square].key}`)}
        </span>
      ))}
      {/* The building kinds: colour and mark, so that they are told apart without the colour. */}
      {BUILDING_KIND_LOOKS.map((look) => (
        <span key={look.letter} className="legend-item" data-testid={`legend-${look.kind}`}>
          <svg viewBox="0 0 20 20" width={18} height={18} aria-hidden="true">
            <rect
              x={1}
              y={1}
              width={18}
              height={18}
              rx={3}
              fill={look.fill}
              stroke="#1d2733"
              strokeWidth={1.2}
            />
            <KindMark shape={look.mark} x={0} y={0} size={20} />
          </svg>
          {t('mycity.kindLegend', { kind: t(`mycity.kind.${look.kind}`) })}
        </span>
      ))}
    </div>
  );
}

/**
 * A bare frame over each square of the seat's own board, named `data-square="<row>-<col>"` (from 0), drawn over the
 * buildings: what a tutorial's lesson points at (the coach outlines the frames of the squares to build on).
 */
export function SquareFrames({ size }: { size: number }) {
  return (
    <g aria-hidden="true" pointerEvents="none">
      {TERRAIN.map((_, sq) => {
        const r = Math.floor(sq / COLS);
        const c = sq % COLS;
        return (
          <rect
            key={sq}
            className="mycity-square"
            data-square={`${r}-${c}`}
            x={c * size + 2}
            y={r * size + 2}
            width={size - 4}
            height={size - 4}
            fill="none"
          />
        );
      })}
    </g>
  );
}
