import { moveType, type Opening } from '@skyline/engine';

/**
 * Chinatown's opening (what a seat must have played before its game can be rated): its whole first year (lots kept,
 * trading, shops placed), counted by its end of placement (`done`) only. The year's other moves do not count: trading
 * moves (offers, answers, ready and unready) can be made and unmade at will, and a seat places as many shops as it has
 * tiles, so counting them would let a seat reach any number in its first minute without playing a year.
 */
export const opening: Opening = {
  least: 1,
  unit: 'years',
  weight: (move) => (moveType(move) === 'done' ? 1 : 0),
};
