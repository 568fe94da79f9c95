import { twoMovesOrClosing, type Opening } from '@skyline/engine';

/**
 * My City's opening (what a seat must have played before its game can be rated): its answers to two cards (every seat
 * answers each card at once: build or pass); a stop takes the seat out of the round and counts for both.
 */
export const opening: Opening = twoMovesOrClosing('stop');
