import type { Viewer } from './contract.js';

/** What every game's state holds that its view shows as it is. */
interface Basics<O> {
  players: number;
  options: O;
  step: number;
}

/**
 * The facts a game's view opens with: who looks, how many play, the options, and the log entries applied. The options
 * are a copy (one level deep): a view never shares an object with the state it shows. A game whose options hold arrays
 * copies those itself.
 */
export function viewBasics<O extends object>(
  state: Basics<O>,
  viewer: Viewer,
): Basics<O> & { viewer: Viewer } {
  return { viewer, players: state.players, options: { ...state.options }, step: state.step };
}
