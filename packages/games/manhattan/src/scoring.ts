import { CITIES, LOTS, LOTS_PER_CITY } from './components.js';

/** Points of a round's scoring (the rules page, "Scoring"): a city's strict majority, and the tallest building. */
export const MAJORITY_POINTS = 2;
export const TALLEST_POINTS = 3;

/** What a round's scoring gives each seat, and why (the rules page, "Scoring"). */
export interface RoundScore {
  /** Buildings owned, per seat: 1 point each. */
  buildings: number[];
  /** Per city 1..6 (index 0..5), the seat with strictly the most buildings there, or -1: `MAJORITY_POINTS`. */
  majorities: number[];
  /** The seat owning every building of the greatest height, or -1 (none, or shared between seats): `TALLEST_POINTS`. */
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
  const points = buildings.slice(); // a point per building
  for (const seat of majorities) if (seat >= 0) points[seat] = (points[seat] as number) + MAJORITY_POINTS;
  if (tallest >= 0) points[tallest] = (points[tallest] as number) + TALLEST_POINTS;
  return { buildings, majorities, tallest, points };
}

/** A round's points per seat, by where they come from; `total` is the round's `points`. */
export interface PointsBySource {
  buildings: number[];
  majorities: number[];
  tallest: number[];
  total: number[];
}

/** The points each seat gets from each part of a round's scoring (what a board shows as the score's breakdown). */
export function pointsBySource(round: RoundScore): PointsBySource {
  const players = round.points.length;
  const majorities = new Array<number>(players).fill(0);
  for (const seat of round.majorities)
    if (seat >= 0) majorities[seat] = (majorities[seat] as number) + MAJORITY_POINTS;
  const tallest = new Array<number>(players).fill(0);
  if (round.tallest >= 0) tallest[round.tallest] = TALLEST_POINTS;
  return { buildings: round.buildings.slice(), majorities, tallest, total: round.points.slice() };
}
