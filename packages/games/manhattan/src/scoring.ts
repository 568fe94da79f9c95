import { CITIES, LOTS, LOTS_PER_CITY } from './components.js';

/** What a round's scoring gives each seat, and why (the rules page, "Scoring"). */
export interface RoundScore {
  /** Buildings owned, per seat: 1 point each. */
  buildings: number[];
  /** Per city 1..6 (index 0..5), the seat with strictly the most buildings there, or -1: 2 points. */
  majorities: number[];
  /** The seat owning every building of the greatest height, or -1 (none, or shared between seats): 3 points. */
  tallest: number;
  /** The points of the round, per seat. */
  points: number[];
}

/**
 * Scores a board given by its lots' owners (-1 when empty) and heights, indexed `(city - 1) * 9 + (lot - 1)`.
 */
export function scoreBoard(
  players: number,
  owners: readonly number[],
  heights: readonly number[],
): RoundScore {
  const buildings = new Array<number>(players).fill(0);
  const majorities: number[] = [];
  const inCity = new Array<number>(players);
  for (let city = 0; city < CITIES; city++) {
    inCity.fill(0);
    for (let lot = city * LOTS_PER_CITY; lot < (city + 1) * LOTS_PER_CITY; lot++) {
      const owner = owners[lot] as number;
      if (owner >= 0) inCity[owner] = (inCity[owner] as number) + 1;
    }
    let best = -1;
    let most = 0;
    let shared = false;
    for (let seat = 0; seat < players; seat++) {
      const count = inCity[seat] as number;
      buildings[seat] = (buildings[seat] as number) + count;
      if (count > most) [best, most, shared] = [seat, count, false];
      else if (count === most && count > 0) shared = true;
    }
    majorities.push(shared ? -1 : best);
  }
  // Decision: a shared greatest height scores only if one seat owns every building of that height.
  let tallest = -1;
  let greatest = 0;
  for (let lot = 0; lot < LOTS; lot++) {
    const height = heights[lot] as number;
    const owner = owners[lot] as number;
    if (owner < 0) continue;
    if (height > greatest) [greatest, tallest] = [height, owner];
    else if (height === greatest && owner !== tallest) tallest = -2; // two seats share it: nobody, unless taller
  }
  if (tallest < 0) tallest = -1;
  const points = buildings.slice();
  for (const seat of majorities) if (seat >= 0) points[seat] = (points[seat] as number) + 2;
  if (tallest >= 0) points[tallest] = (points[tallest] as number) + 3;
  return { buildings, majorities, tallest, points };
}
