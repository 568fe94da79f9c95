/**
 * One lot: empty (its number), or its building in perspective, one segment per piece in its owner's colour, framed
 * in the building owner's colour, with its floor count in a badge beside the drawing (never over it) and a star when
 * it is the tallest building that scores; lit where the drafted build may go, a button where it will go, framed when
 * just built on.
 */
import { JustMoved, SEAT_COLOURS, shade, SvgButton, Tower } from '@skyline/board-kit';
import type { ViewPiece } from '@skyline/manhattan/board';
import { BADGE, LOT, TOWER } from './geometry.js';
import type { T } from './words.js';

/** A five-pointed star of outer radius `r` centred on (cx, cy). */
function starPoints(cx: number, cy: number, r: number): string {
  return Array.from({ length: 10 }, (_, k) => {
    const radius = k % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (k * Math.PI) / 5;
    return `${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`;
  }).join(' ');
}

export function Lot({
  x,
  y,
  index,
  stack,
  owner,
  height,
  scale,
  tallest,
  label,
  lit,
  build,
  justBuilt,
  testId,
  at,
  explain,
  t,
}: {
  /** The lot's top-left corner. */
  x: number;
  y: number;
  /** The lot's place in its city (0..8). */
  index: number;
  stack: readonly ViewPiece[];
  /** Its owner (-1: empty) and height, as the rules derive them. */
  owner: number;
  height: number;
  /** The height drawn for a building's first floors (the whole board's scale: `buildingScale`). */
  scale: (floors: number) => number;
  /** Whether this is the tallest building, which scores for its owner. */
  tallest: boolean;
  label: string;
  /** Whether a build that fits the draft goes here. */
  lit: boolean;
  /** Building here, when the drafted build goes here. */
  build: (() => void) | undefined;
  /** Whether a seat has just built here. */
  justBuilt: boolean;
  testId: string;
  /** The lot's key, "city:lot" (`data-lot-key`): where a tutorial's lesson points. */
  at: string;
  /** Says why this lot cannot be built on now. */
  explain: () => void;
  t: T;
}) {
  const colour = SEAT_COLOURS[owner] ?? '#888888';
  const body = (
    <>
      <title>{label}</title>
      {justBuilt && (
        <JustMoved x={x - 3} y={y - 3} width={LOT + 2} height={LOT + 2} rx={7} data-testid="just-built" />
      )}
      <rect
        x={x}
        y={y}
        width={LOT - 4}
        height={LOT - 4}
        rx={5}
        fill={owner < 0 ? '#fff' : shade(colour, -0.8)}
        stroke={lit ? '#0b7a75' : owner < 0 ? '#b7c2cf' : colour}
        strokeDasharray={lit && !build ? '5 3' : undefined}
        strokeWidth={lit ? 4 : owner < 0 ? 1 : 2}
      />
      {owner >= 0 ? (
        <>
          {/* The building in perspective: one segment per piece, in the order built, in its seat's colour. */}
          <Tower
            x={x + TOWER.left}
            ground={y + TOWER.ground}
            segments={stack.map((piece) => ({
              colour: SEAT_COLOURS[piece.seat] ?? '#888888',
              floors: piece.floors,
            }))}
            width={TOWER.width}
            depth={TOWER.depth}
            floor={scale}
            arriving={justBuilt}
          />
          <g aria-hidden="true" data-testid="floor-count">
            <rect
              x={x + BADGE.left}
              y={y + BADGE.top}
              width={BADGE.width}
              height={BADGE.height}
              rx={2.5}
              fill="#ffffff"
              stroke={colour}
              strokeWidth={1.2}
            />
            <text
              x={x + BADGE.left + BADGE.width / 2}
              y={y + BADGE.top + BADGE.height - 3}
              textAnchor="middle"
              fontSize={height > 9 ? 9 : 10.5}
              fontWeight={700}
              fill="#1d2733"
            >
              {height}
            </text>
          </g>
          {tallest && (
            <polygon
              points={starPoints(x + BADGE.left + BADGE.width / 2, y + BADGE.top + BADGE.height + 8, 6)}
              fill="#ffd23f"
              stroke="#1d2733"
              strokeWidth={0.8}
              data-testid="tallest-mark"
              aria-hidden="true"
            />
          )}
        </>
      ) : (
        <text x={x + 21} y={y + 26} textAnchor="middle" fontSize={11} fill="#5c6670" aria-hidden="true">
          {index + 1}
        </text>
      )}
    </>
  );
  if (!build)
    return (
      <g role="img" aria-label={label} data-testid={testId} data-lot-key={at} onClick={explain}>
        {body}
      </g>
    );
  return (
    <SvgButton
      aria-label={`${t('manhattan.buildHere')}: ${label}`}
      data-testid="build-lot"
      data-lot-key={at}
      onPress={build}
    >
      {body}
    </SvgButton>
  );
}
