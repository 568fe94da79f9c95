/**
 * One lot: empty (its number), or its building in perspective with its height, framed in the owner's colour; lit
 * where the drafted build may go, a button where it will go, framed when just built on.
 */
import { JustMoved, SEAT_COLOURS, shade, SvgButton, Tower } from '@skyline/board-kit';
import type { ViewPiece } from '@skyline/manhattan/board';
import { LOT } from './geometry.js';
import type { T } from './words.js';

export function Lot({
  x,
  y,
  index,
  stack,
  owner,
  height,
  floor,
  label,
  lit,
  build,
  justBuilt,
  testId,
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
  /** The height of one floor (the whole board's scale). */
  floor: number;
  label: string;
  /** Whether a build that fits the draft goes here. */
  lit: boolean;
  /** Building here, when the drafted build goes here. */
  build: (() => void) | undefined;
  /** Whether a seat has just built here. */
  justBuilt: boolean;
  testId: string;
  /** Says why this lot cannot be built on now. */
  explain: () => void;
  t: T;
}) {
  const colour = SEAT_COLOURS[owner];
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
        fill={owner < 0 ? '#fff' : shade(colour ?? '#888888', -0.8)}
        stroke={lit ? '#0b7a75' : owner < 0 ? '#b7c2cf' : (colour ?? '#888')}
        strokeDasharray={lit && !build ? '5 3' : undefined}
        strokeWidth={lit ? 4 : owner < 0 ? 1 : 2}
      />
      {owner >= 0 ? (
        <>
          {/* The building in perspective: one segment per piece, in the order built. */}
          <Tower
            x={x + 12}
            ground={y + LOT - 8}
            segments={stack.map((piece) => ({
              colour: SEAT_COLOURS[piece.seat] ?? '#888888',
              floors: piece.floors,
            }))}
            width={17}
            depth={8}
            floor={floor}
          />
          <text x={x + 4} y={y + 13} fontSize={12} fontWeight={700} fill="#1d2733" aria-hidden="true">
            {height}
          </text>
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
      <g role="img" aria-label={label} data-testid={testId} onClick={explain}>
        {body}
      </g>
    );
  return (
    <SvgButton aria-label={`${t('manhattan.buildHere')}: ${label}`} data-testid="build-lot" onPress={build}>
      {body}
    </SvgButton>
  );
}
