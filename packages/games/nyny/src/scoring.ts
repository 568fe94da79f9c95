import { COLOURS, POSITIONS, tileColour, tileNumber, type Tile } from './tiles.js';
import type { Colour } from './tiles.js';

/** Run bonus by length (the rules page, "Scoring"); index = run length, 6 or more → +25. */
const RUN_BONUS = [0, 0, 3, 6, 10, 15, 25] as const;

export function runBonus(length: number): number {
  return RUN_BONUS[Math.min(length, 6)] as number;
}

/** The top tile of each position 1..12 (index 0..11), or -1 where the position is empty. */
export function topTiles(skyline: readonly (readonly Tile[])[]): Tile[] {
  return skyline.map((stack) => (stack.length === 0 ? -1 : (stack[stack.length - 1] as Tile)));
}

/** A maximal run of neighbouring positions whose top tiles show one colour: its first position (0..11) and length. */
export interface Run {
  start: number;
  length: number;
}

/**
 * The maximal runs of `colour` on a skyline given by its top tiles, going round the ring (1 and 12 are neighbours):
 * a run that crosses the seam is one run, starting before it. All twelve showing it are one run of 12.
 */
export function colourRuns(tops: readonly Tile[], colour: number): Run[] {
  const shows = (k: number) => {
    const tile = tops[k % POSITIONS] as Tile;
    return tile >= 0 && tileColour(tile) === colour;
  };
  // Start just after a position that breaks runs, so that no run is cut in two by the ring's seam.
  const breakAt = tops.findIndex((_, k) => !shows(k));
  if (breakAt < 0) return [{ start: 0, length: POSITIONS }];
  const runs: Run[] = [];
  let run = 0;
  for (let k = 1; k <= POSITIONS; k++) {
    if (shows(breakAt + k)) run++;
    else if (run > 0) {
      runs.push({ start: (breakAt + k - run) % POSITIONS, length: run });
      run = 0;
    }
  }
  return runs.sort((a, b) => a.start - b.start);
}

/**
 * The score of one colour on a skyline given by its top tiles: the numbers of its top tiles plus, with `bonus`, a
 * bonus for every maximal run of neighbouring positions showing it (1 and 12 are neighbours).
 */
export function colourScore(tops: readonly Tile[], colour: number, bonus: boolean): number {
  let sum = 0;
  for (const tile of tops) if (tile >= 0 && tileColour(tile) === colour) sum += tileNumber(tile);
  if (!bonus) return sum;
  return colourRuns(tops, colour).reduce((total, run) => total + runBonus(run.length), sum);
}

/** Each seat's score for a skyline. Neutral colours score for nobody. */
export function skylineScores(
  skyline: readonly (readonly Tile[])[],
  colours: readonly Colour[],
  bonus: boolean,
): number[] {
  const tops = topTiles(skyline);
  return colours.map((letter) => colourScore(tops, COLOURS.indexOf(letter), bonus));
}
