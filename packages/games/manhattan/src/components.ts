/**
 * The components listed in `manhattan.json` (facts, not code: the rules page's "Components" describes them),
 * in the shapes the rules use. Cards and pieces are plain numbers: a card is the lot number 1..9 it shows, a piece
 * its floor count 1..4.
 */
import data from './manhattan.json' with { type: 'json' };

export const CITIES = data.cities.length; // 6
export const LOTS_PER_CITY = data.lotsPerCity; // 9
/** Lots on the board, indexed `(city - 1) * 9 + (lot - 1)`. */
export const LOTS = CITIES * LOTS_PER_CITY;
export const CITY_NAMES: readonly string[] = data.cities.map((city) => city.name);

/** Piece sizes 1..4; `PIECES_PER_SEAT[size - 1]` pieces of each size in a seat's reserve (11, 6, 4, 3). */
export const MAX_FLOORS = 4;
export const PIECES_PER_SEAT: readonly number[] = [1, 2, 3, 4].map(
  (size) => data.pieces[String(size) as keyof typeof data.pieces],
);
export const PIECE_COUNT = PIECES_PER_SEAT.reduce((sum, count) => sum + count, 0); // 24

/** Card numbers 1..9; `CARDS_PER_NUMBER[n - 1]` copies of card n (five each). */
export const CARD_NUMBERS = 9;
export const CARDS_PER_NUMBER: readonly number[] = Array.from(
  { length: CARD_NUMBERS },
  (_, k) => data.deck[String(k + 1) as keyof typeof data.deck],
);
/** The whole deck in number order: 1,1,1,1,1,2,... (45 cards). */
export const DECK: readonly number[] = CARDS_PER_NUMBER.flatMap((count, k) =>
  new Array<number>(count).fill(k + 1),
);
export const HAND_SIZE = data.handSize;

/**
 * `LOT_SEEN_FROM[side][card - 1]`: the lot (1..9, as seen from side 0) that a card means when read from `side`
 * (0 south, 1 west, 2 north, 3 east). Side 0 reads cards as printed.
 */
export const LOT_SEEN_FROM: readonly (readonly number[])[] = [0, 1, 2, 3].map((side) =>
  Object.freeze(data.perspective[String(side) as keyof typeof data.perspective].slice()),
);

/** The side of the board seat `seat` reads its cards from, with the `perspective` option. */
export function sideOf(players: number, seat: number): number {
  return players === 2 ? (seat === 0 ? 0 : 2) : seat;
}

/** The lot index on the board (0..53) of lot `lot` (1..9) in city `city` (1..6). */
export function lotIndex(city: number, lot: number): number {
  return (city - 1) * LOTS_PER_CITY + (lot - 1);
}
