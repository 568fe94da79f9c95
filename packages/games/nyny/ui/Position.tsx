/** One skyline position on the ring: its top tile (or its number while empty), its floors, and what just happened. */
import { JustMoved, SvgButton } from '@skyline/board-kit';
import { positionLabel } from './labels.js';
import { Tile } from './Tile.js';
import { tileFill } from './tiles.js';
import type { T } from './words.js';

export function Position({
  stack,
  index,
  x,
  y,
  target,
  playedBy,
  open,
  onToggle,
  names,
  t,
}: {
  stack: readonly string[];
  index: number;
  /** The position's centre on the ring. */
  x: number;
  y: number;
  /** Whether the tile the viewer points at in its hand would go here. */
  target: boolean;
  /** The seat that has just played the top tile, if one has. */
  playedBy: number | undefined;
  /** Whether its tiles are listed below the ring; pressing it opens or closes the list. */
  open: boolean;
  onToggle: () => void;
  names: string[];
  t: T;
}) {
  const top = stack[stack.length - 1];
  const label = positionLabel(stack, index, playedBy, names, t);
  return (
    <SvgButton
      data-testid={`position-${index + 1}`}
      aria-label={label}
      aria-expanded={open}
      onPress={onToggle}
    >
      <title>{label}</title>
      <rect
        x={x - 24}
        y={y - 30}
        width={48}
        height={60}
        rx={8}
        fill={target ? '#fff6c2' : '#eef2f7'}
        stroke={target ? '#b58900' : '#9aa8b8'}
        strokeDasharray={top ? undefined : '4 3'}
        strokeWidth={target ? 3 : 1}
      />
      {playedBy !== undefined && (
        <JustMoved
          data-testid="just-played"
          x={x - 27}
          y={y - 33}
          width={54}
          height={66}
          rx={10}
          aria-hidden="true"
        />
      )}
      {top ? (
        <Tile tile={top} x={x - 20} y={y - 26} t={t} label={label} />
      ) : (
        <text x={x} y={y + 6} textAnchor="middle" fontSize={16} fill="#8a97a6" aria-hidden="true">
          {index + 1}
        </text>
      )}
      {stack.length > 1 && (
        // How tall the building is, as floors beside the top tile (no digits: the name says it, and a number here
        // would read as part of the tile's).
        <g aria-hidden="true" data-testid="stack-floors">
          {stack.map((tile, k) => (
            <rect
              key={k}
              x={x + 25}
              y={y + 22 - k * 6}
              width={7}
              height={5}
              rx={1}
              fill={tileFill(tile)}
              stroke="#1d2733"
              strokeWidth={0.75}
            />
          ))}
        </g>
      )}
    </SvgButton>
  );
}
