/**
 * The offer being composed in the trading panel: what the viewer gives (lots picked on the map, tiles, money and,
 * with variant B, lot cards) and what it asks for (the other seat's lots, tiles and money), and the `offer` move it
 * becomes. Pure: the board keeps the draft in its state (`useOfferDraft`).
 */
import type { BundleInput, ChinatownMove, OfferView } from '@skyline/chinatown';

/** One side of a draft (lot cards only on the side the viewer gives). */
export interface DraftSide {
  lots: number[];
  shops: Record<string, number>;
  money: number;
  lotCards?: number[];
}

export interface GiveSide extends DraftSide {
  lotCards: number[];
}

export const emptyGive = (): GiveSide => ({ lots: [], shops: {}, money: 0, lotCards: [] });
export const emptyGet = (): DraftSide => ({ lots: [], shops: {}, money: 0 });

/** `list` with `item` added, or taken out if it was in (a lot or a card clicked a second time is put back). */
export function toggled<X>(list: readonly X[], item: X): X[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

/** One side as the move says it: only what it holds (lots in order, no zero counts, no empty field). */
export function bundleInput(side: DraftSide): BundleInput {
  const out: BundleInput = {};
  if (side.lots.length) out.lots = [...side.lots].sort((x, y) => x - y);
  const shops = Object.fromEntries(Object.entries(side.shops).filter(([, n]) => n > 0));
  if (Object.keys(shops).length) out.shops = shops;
  if (side.money > 0) out.money = side.money;
  if (side.lotCards?.length) out.lotCards = side.lotCards;
  return out;
}

/** The `offer` move a draft makes, to seat `to`. */
export function offerMove(to: number, give: DraftSide, get: DraftSide): ChinatownMove {
  return { type: 'offer', to, give: bundleInput(give), get: bundleInput(get) };
}

/** Whether a draft holds nothing on either side (nothing to send). */
export function isEmptyOffer(give: GiveSide, get: DraftSide): boolean {
  return (
    !give.lots.length &&
    !get.lots.length &&
    !Object.values(give.shops).some(Boolean) &&
    !Object.values(get.shops).some(Boolean) &&
    give.money <= 0 &&
    get.money <= 0 &&
    !give.lotCards.length
  );
}

/** One side of an offer as a party to it sees it (its money and lot cards known), as a draft's side. */
function sideOf(bundle: OfferView['give']): GiveSide {
  return {
    lots: [...bundle.lots],
    shops: { ...bundle.shops },
    money: bundle.money ?? 0,
    lotCards: bundle.lotCards.filter((card): card is number => card !== null),
  };
}

/**
 * The draft of a counter-offer to `offer` (made to the viewer): to its maker, giving what it asked for and asking for
 * what it gave, for the player to change before sending.
 */
export function turnedRound(offer: OfferView): { to: number; give: GiveSide; get: DraftSide } {
  return { to: offer.from, give: sideOf(offer.get), get: sideOf(offer.give) };
}
