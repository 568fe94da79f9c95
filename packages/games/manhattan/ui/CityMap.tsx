/**
 * The six cities in two rows of three, every lot drawn with its building at one scale for the whole board, each city's
 * majority and the tallest building marked.
 */
import type { ViewBoard } from '@skyline/manhattan/board';
import { City, type LotActions } from './City.js';
import { buildingScale, MAP_H, MAP_W } from './geometry.js';
import type { BoardMarks } from './marks.js';

export function CityMap({
  board,
  owners,
  heights,
  marks,
  ...lots
}: {
  board: ViewBoard;
  /** Every lot's owner and height, as the rules derive them, indexed `(city - 1) * 9 + (lot - 1)`. */
  owners: readonly number[];
  heights: readonly number[];
  marks: BoardMarks;
} & LotActions) {
  const scale = buildingScale(heights);
  return (
    <svg viewBox={`0 0 ${MAP_W} ${MAP_H}`} className="manhattan-board" role="group" aria-label="Manhattan">
      {board.map((city, c) => (
        <City
          key={c}
          index={c}
          lots={city}
          owners={owners.slice(c * 9, c * 9 + 9)}
          heights={heights.slice(c * 9, c * 9 + 9)}
          scale={scale}
          majority={marks.majorities[c] ?? -1}
          tallestLots={
            new Set(
              [...marks.tallestLots]
                .filter((lot) => lot >= c * 9 && lot < c * 9 + 9)
                .map((lot) => lot - c * 9),
            )
          }
          {...lots}
        />
      ))}
    </svg>
  );
}
