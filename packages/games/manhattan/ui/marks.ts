/**
 * What the board marks from the rules' own scoring of the board as it stands (`scoreBoard`): the seat holding each
 * city's majority, and the tallest building (every lot of the greatest height, when one seat owns them all; a height
 * shared between seats scores for nobody, so nothing is marked).
 */
import { scoreBoard } from '@skyline/manhattan/board';

export interface BoardMarks {
  /** Per city (index 0..5), the seat with strictly the most buildings there, or -1. */
  majorities: number[];
  /** The seat owning the tallest building, or -1. */
  tallest: number;
  /** The lots (indexed `(city - 1) * 9 + (lot - 1)`) of the tallest building(s), empty when nobody scores it. */
  tallestLots: Set<number>;
}

export function boardMarks(
  players: number,
  owners: readonly number[],
  heights: readonly number[],
): BoardMarks {
  const { majorities, tallest } = scoreBoard(players, owners, heights);
  const greatest = Math.max(0, ...heights);
  const tallestLots = new Set<number>();
  if (tallest >= 0)
    heights.forEach((height, lot) => {
      if (height === greatest && owners[lot] === tallest) tallestLots.add(lot);
    });
  return { majorities, tallest, tallestLots };
}
