/** Facts the Chinatown bots read from a view the same way: the heuristic's values and the offers' prices. */
import { KIND_IDS, ROUNDS, type ChinatownView } from '../index.js';

const KIND_INDEX = new Map(KIND_IDS.map((id, kind) => [id, kind]));

/**
 * The income rounds still to come, counting the one in play (at least 1 until the game is over: a trade in the last
 * round still earns that round's income).
 */
export function roundsLeft(view: ChinatownView): number {
  return view.phase === 'over' ? 0 : Math.max(1, ROUNDS - view.round + 1);
}

/** Each lot's shop tile as its kind's index in `KIND_IDS`, -1 for a lot without a tile (`shopIncome`'s input). */
export function shopKinds(view: ChinatownView): number[] {
  return view.shop.map((id) => (id === null ? -1 : (KIND_INDEX.get(id) ?? -1)));
}
