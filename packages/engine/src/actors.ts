import { CHANCE, type Actor, type Seat } from './contract.js';

/**
 * Shared, frozen answers for `active()`, which bots and playouts call at every step: returning one of these
 * allocates nothing.
 */
export const NOBODY: readonly Actor[] = Object.freeze([]);
export const CHANCE_ONLY: readonly Actor[] = Object.freeze([CHANCE]);

const SEATS_ALONE: readonly (readonly Actor[])[] = Array.from({ length: 8 }, (_, seat) =>
  Object.freeze([seat]),
);

/** `[seat]`, shared and frozen. */
export function seatAlone(seat: Seat): readonly Actor[] {
  return SEATS_ALONE[seat] ?? Object.freeze([seat]);
}
