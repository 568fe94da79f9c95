/**
 * The rules' check of an offer as a seat drafts it, from what its view shows (`@skyline/chinatown/trading`, for the
 * board): the same reading of its sides (`readBundle`) and the same check (`offerProblemOf`) as the server's, on the
 * view's holdings, so that the board refuses in the form what the server would refuse, in the player's words.
 */
import { KIND_IDS } from './data.js';
import type { BundleInput } from './moves.js';
import { isTradeMoney, offerProblemOf, readBundle, type Holdings, type OfferProblem } from './trading.js';
import type { ChinatownView } from './views.js';

export { problemText, type OfferProblem } from './trading.js';

/** What is wrong with a draft: an offer problem, money not in whole thousands, or a side the rules cannot read. */
export type DraftProblem =
  OfferProblem | { code: 'thousands'; side: 'give' | 'get' } | { code: 'unreadable'; text: string };

/**
 * The holdings a seat's view shows: the board and every seat's tiles (public), its own money and lot cards (the
 * others' `null`: not known, so not checked, as the server checks them only on acceptance).
 */
export function viewHoldings(view: ChinatownView): Holdings {
  return {
    owner: view.owner,
    tiles: view.tiles.map((held) => KIND_IDS.map((id) => held[id] ?? 0)),
    money: view.money,
    hands: Array.from({ length: view.players }, (_, seat) => (seat === view.viewer ? view.hand : null)),
  };
}

/** Why the viewer may not offer `give` for `get` to seat `to` now, or `null` (what it cannot know is not checked). */
export function draftProblem(
  view: ChinatownView,
  to: number,
  give: BundleInput,
  get: BundleInput,
): DraftProblem | null {
  const seat = view.viewer;
  if (typeof seat !== 'number') return { code: 'unreadable', text: 'a spectator makes no offers' };
  for (const [side, bundle] of [
    ['give', give],
    ['get', get],
  ] as const)
    if (bundle.money !== undefined && !isTradeMoney(bundle.money)) return { code: 'thousands', side };
  const gives = readBundle(give, 'give', view.options.keepLotCards);
  if (typeof gives === 'string') return { code: 'unreadable', text: gives };
  const gets = readBundle(get, 'get', view.options.keepLotCards);
  if (typeof gets === 'string') return { code: 'unreadable', text: gets };
  return offerProblemOf(viewHoldings(view), seat, to, gives, gets);
}
