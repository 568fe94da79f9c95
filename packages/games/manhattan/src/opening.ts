import { TWO_MOVES, type Opening } from '@skyline/engine';

/**
 * Manhattan's opening (what a seat must have played before its game can be rated): two moves, that is its pieces chosen
 * for the round and one building.
 */
export const opening: Opening = TWO_MOVES;
