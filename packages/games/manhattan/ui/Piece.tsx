/**
 * Manhattan's pieces drawn small, as the board draws its buildings (the board kit's `Tower`): one piece of 1 to 4
 * floors, and a seat's pieces by size with their counts (its reserve, the pieces it chose), for its panel.
 */
import { SEAT_COLOURS, Tower } from '@skyline/board-kit';
import type { T } from './words.js';

/** One floor of a small piece, in its picture's units (1 unit = 1 px). */
const FLOOR = 4;
const WIDTH = 8;
const DEPTH = 4;
/** Every piece's picture is as tall as a piece of 4 floors, so that sizes compare side by side. */
const HEIGHT = 4 * FLOOR + DEPTH * 0.6 + 1;

/** A piece of `floors` floors in `colour`, standing on the bottom of its picture. Decorative: its words go beside. */
export function PieceIcon({ floors, colour }: { floors: number; colour: string }) {
  return (
    <svg
      className="piece-icon"
      viewBox={`0 0 ${WIDTH + DEPTH + 1} ${HEIGHT}`}
      width={WIDTH + DEPTH + 1}
      height={HEIGHT}
      aria-hidden="true"
    >
      <Tower
        x={0.5}
        ground={HEIGHT - 0.5}
        segments={[{ colour, floors }]}
        width={WIDTH}
        depth={DEPTH}
        floor={FLOOR}
      />
    </svg>
  );
}

/** Pieces by size (counts[k]: pieces of k + 1 floors), spoken as "9 × 1 floor, 4 × 2 floors"; "—" for none. */
export function piecesSpoken(counts: readonly number[], t: T): string {
  return (
    counts.flatMap((n, k) => (n > 0 ? [`${n} × ${t('manhattan.floors', { n: k + 1 })}`] : [])).join(', ') ||
    '—'
  );
}

/** A seat's pieces, each size drawn in the seat's colour with its count: one picture, named in words. */
export function PiecesPicture({ counts, seat, t }: { counts: readonly number[]; seat: number; t: T }) {
  const colour = SEAT_COLOURS[seat] ?? '#888888';
  if (!counts.some((n) => n > 0)) return <span>—</span>;
  return (
    <span className="pieces-picture" role="img" aria-label={piecesSpoken(counts, t)}>
      {counts.map((n, k) =>
        n > 0 ? (
          <span key={k} className="piece-count">
            <PieceIcon floors={k + 1} colour={colour} />×{n}
          </span>
        ) : null,
      )}
    </span>
  );
}
