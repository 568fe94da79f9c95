/** The board's squares: grass, trees, rocks, river, mountains and forests, drawn from the game's own board. */
import { COLS, TERRAIN, type Terrain as TerrainKind } from '@skyline/mycity';
import { KindMark } from './KindMark.js';
import { BUILDING_KIND_LOOKS, TERRAIN_LOOK, TERRAINS } from './look.js';
import type { T } from './words.js';

/** One square of the board, drawn at (c, r) in squares of `size`. */
export function Square({ square, r, c, size }: { square: TerrainKind; r: number; c: number; size: number }) {
  const x = c * size;
  const y = r * size;
  const look = TERRAIN_LOOK[square] ?? TERRAIN_LOOK['.'];
  return (
    <g>
      <rect x={x} y={y} width={size} height={size} fill={look.fill} stroke="#ffffff80" strokeWidth={0.5} />
      {square === 'T' && (
        <g>
          <rect
            x={x + size * 0.45}
            y={y + size * 0.55}
            width={size * 0.1}
            height={size * 0.3}
            fill="#6b4a2b"
          />
          <circle cx={x + size / 2} cy={y + size * 0.42} r={size * 0.26} fill="#2f8f3a" />
        </g>
      )}
      {square === 'R' && (
        <path
          d={`M${x + size * 0.2} ${y + size * 0.78}L${x + size * 0.38} ${y + size * 0.35}L${x + size * 0.62} ${y + size * 0.28}L${x + size * 0.82} ${y + size * 0.78}Z`}
          fill="#8d8d8d"
          stroke="#555"
          strokeWidth={0.6}
        />
      )}
      {square === 'M' && (
        <path
          d={`M${x + size * 0.1} ${y + size * 0.85}L${x + size * 0.5} ${y + size * 0.15}L${x + size * 0.9} ${y + size * 0.85}Z`}
          fill="#7a6f63"
        />
      )}
      {square === 'F' && (
        <g fill="#1f5a1f">
          <path d={`M${x + size * 0.3} ${y + size * 0.2}l${size * 0.2} ${size * 0.45}h-${size * 0.4}z`} />
          <path d={`M${x + size * 0.7} ${y + size * 0.35}l${size * 0.2} ${size * 0.45}h-${size * 0.4}z`} />
        </g>
      )}
      {square === '~' && (
        <path
          d={`M${x + size * 0.15} ${y + size * 0.5}q${size * 0.175} -${size * 0.15} ${size * 0.35} 0t${size * 0.35} 0`}
          stroke="#dff0ff"
          fill="none"
          strokeWidth={size * 0.06}
        />
      )}
    </g>
  );
}

/** Every square of the board, in squares of `size` (hidden from screen readers: the legend names the terrains). */
export function Terrain({ size }: { size: number }) {
  return (
    <g aria-hidden="true">
      {TERRAIN.map((square, sq) => {
        const r = Math.floor(sq / COLS);
        const c = sq % COLS;
        return <Square key={`${r}-${c}`} square={square} r={r} c={c} size={size} />;
      })}
    </g>
  );
}

/** What each terrain looks like, in words. */
export function Legend({ t }: { t: T }) {
  return (
    <div className="legend" aria-label={t('mycity.legend')}>
      {TERRAINS.map((square) => (
        <span key={square} className="legend-item">
          <svg viewBox="0 0 20 20" width={18} height={18} aria-hidden="true">
            <Square square={square} r={0} c={0} size={20} />
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
