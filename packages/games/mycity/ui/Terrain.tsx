/** The board's landscape — grass, trees, rocks, river, mountains and forests, from the game's own board — and its legend. */
import { COLS, ROWS, TERRAIN, type Terrain as TerrainKind } from '@skyline/mycity';
import { memo } from 'react';
import { KindMark } from './KindMark.js';
import { BUILDING_KIND_LOOKS, TERRAIN_LOOK, TERRAINS } from './look.js';
import { gridLines, terrainArt, type LandSquare } from './terrainArt.js';
import type { T } from './words.js';

/** The landscape of `squares` (`terrainArt.ts`): the ground, the river's, mountains' and forests' areas, what stands on them. */
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
  const edge = Math.max(1, size * 0.05);
  return (
    <>
      <rect x={0} y={0} width={width} height={height} fill={TERRAIN_LOOK['.'].fill} />
      <path
        d={art.tufts}
        fill="none"
        stroke="#97c068"
        strokeWidth={Math.max(0.6, size * 0.025)}
        strokeLinecap="round"
      />
      {/* The river between sandy banks, the mountains on a rocky foot, the forests with a darker edge. */}
      <path
        d={art.river}
        fill={TERRAIN_LOOK['~'].fill}
        stroke="#d3bf7f"
        strokeWidth={edge * 2.4}
        strokeLinejoin="round"
        paintOrder="stroke"
      />
      <path
        d={art.waves}
        fill="none"
        stroke="#e6f4ff"
        strokeWidth={Math.max(0.8, size * 0.05)}
        strokeLinecap="round"
      />
      <path
        d={art.mountains}
        fill={TERRAIN_LOOK.M.fill}
        stroke="#8a8074"
        strokeWidth={edge}
        strokeLinejoin="round"
      />
      <path d={art.peaksLit} fill="#c2b8ab" />
      <path d={art.peaksShaded} fill="#756a5e" />
      <path d={art.snow} fill="#fbfbf8" />
      <path
        d={art.forests}
        fill={TERRAIN_LOOK.F.fill}
        stroke="#2c5f29"
        strokeWidth={edge}
        strokeLinejoin="round"
      />
      <path d={art.firsShaded} fill="#1f531f" />
      <path d={art.firsLit} fill="#67ad58" />
      <path d={art.treeShadows} fill="rgba(0, 0, 0, 0.18)" />
      <path d={art.trunks} fill="#6b4a2b" />
      <path d={art.crowns} fill="#2f8f3a" />
      <path d={art.crownLights} fill="#5cb561" />
      <path d={art.rockShadows} fill="rgba(0, 0, 0, 0.2)" />
      <path
        d={art.rocks}
        fill="#8d8d8d"
        stroke="#555"
        strokeWidth={Math.max(0.5, size * 0.02)}
        strokeLinejoin="round"
      />
      <path d={art.rockLights} fill="#b9b9b9" />
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
