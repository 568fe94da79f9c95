/**
 * Manhattan's part of a seat's panel (the board kit's `SeatFacts`): its score, how many cards it holds (not which:
 * the view gives the others' hands as counts), its pieces in reserve and those chosen for the round, by size: drawn as
 * small pieces in the seat's colour with their counts (the words, "1▮×9 2▮×4", are what a test reads).
 */
import type { SeatFacts } from '@skyline/board-kit';
import type { ManhattanView } from '@skyline/manhattan';
import { PiecesPicture } from './Piece.js';
import type { T } from './words.js';

/** Pieces by size, as "1▮×2 2▮×1" (counts[k]: pieces of k + 1 floors), or "—" for none. */
export function piecesInWords(counts: readonly number[]): string {
  return counts.flatMap((n, k) => (n > 0 ? [`${k + 1}▮×${n}`] : [])).join(' ') || '—';
}

export function manhattanSeat(view: ManhattanView, seat: number, t: T): SeatFacts {
  const chosen = view.chosen[seat] ?? [];
  return {
    score: `${view.scores[seat] ?? 0}`,
    holds: [
      { label: t('manhattan.cardsCount', { n: '' }).trim(), value: `${view.handSizes[seat] ?? 0}` },
      {
        label: t('manhattan.reserve'),
        value: piecesInWords(view.reserves[seat] ?? []),
        picture: <PiecesPicture counts={view.reserves[seat] ?? []} seat={seat} t={t} />,
      },
      ...(chosen.some((n) => n > 0)
        ? [
            {
              label: t('manhattan.chosen'),
              value: piecesInWords(chosen),
              picture: <PiecesPicture counts={chosen} seat={seat} t={t} />,
            },
          ]
        : []),
    ],
  };
}
