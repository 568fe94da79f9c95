import { twoMovesOrClosing, type Opening } from '@skyline/engine';

/**
 * New York, New York's opening (what a seat must have played before its game can be rated): two moves, a turn being a
 * tile played and one taken; a pass takes the seat out of the round and counts for both.
 */
export const opening: Opening = twoMovesOrClosing('pass');
