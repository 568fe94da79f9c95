/**
 * The trading panel's draft as board state: the seat the offer goes to and its two sides. The map adds and takes out
 * lots (the viewer's to give, the other seat's to ask for); the panel sets tiles, money and lot cards; Counter fills
 * it with an offer made to the viewer, turned round.
 *
 * A draft sent stays until the offer shows on the table (`settle`): a refusal from the server never wipes it.
 */
import type { ChinatownMove, OfferView } from '@skyline/chinatown';
import { useCallback, useEffect, useState } from 'react';
import {
  emptyGet,
  emptyGive,
  offerMove,
  toggled,
  turnedRound,
  type DraftSide,
  type GiveSide,
} from './offerDraft.js';

/** A change to one side, from what it holds now. */
export type SideChange = (side: DraftSide) => Partial<DraftSide>;

export interface OfferDraft {
  offerTo: number;
  give: GiveSide;
  get: DraftSide;
  /** Another seat to make the offer to: what was asked of the previous one is dropped. */
  chooseSeat: (seat: number) => void;
  toggleGiveLot: (lot: number) => void;
  toggleGetLot: (lot: number) => void;
  changeGive: (change: SideChange) => void;
  changeGet: (change: SideChange) => void;
  /** The draft as an `offer` move. */
  move: () => ChinatownMove;
  /** Both sides emptied; the seat stays. */
  clear: () => void;
  /** The draft was sent when `offerCount` offers had been made (null: not sent, or since shown on the table). */
  sentAfter: number | null;
  markSent: (offerCount: number) => void;
  /** The draft filled with `offer` (made to the viewer) turned round: what it asked for is given, and the reverse. */
  counter: (offer: OfferView) => void;
}

/** The draft of a seat `me` (null: a spectator, who never trades); offers go to the first other seat at first. */
export function useOfferDraft(me: number | null): OfferDraft {
  const [offerTo, setOfferTo] = useState<number>(me === 0 ? 1 : 0);
  const [give, setGive] = useState<GiveSide>(emptyGive);
  const [get, setGet] = useState<DraftSide>(emptyGet);
  const [sentAfter, setSentAfter] = useState<number | null>(null);
  const clear = useCallback(() => {
    setGive(emptyGive());
    setGet(emptyGet());
    setSentAfter(null);
  }, []);
  return {
    offerTo,
    give,
    get,
    chooseSeat: (seat) => {
      setOfferTo(seat);
      setGet(emptyGet());
    },
    toggleGiveLot: (lot) => setGive((g) => ({ ...g, lots: toggled(g.lots, lot) })),
    toggleGetLot: (lot) => setGet((g) => ({ ...g, lots: toggled(g.lots, lot) })),
    changeGive: (change) => setGive((g) => ({ ...g, ...change(g) })),
    changeGet: (change) => setGet((g) => ({ ...g, ...change(g) })),
    move: () => offerMove(offerTo, give, get),
    clear,
    sentAfter,
    markSent: setSentAfter,
    counter: (offer) => {
      const { to, give, get } = turnedRound(offer);
      setOfferTo(to);
      setGive(give);
      setGet(get);
      setSentAfter(null);
    },
  };
}

/**
 * Empties a sent draft once its offer is on the table: an offer of the viewer's numbered after the count at sending.
 * A refused one never shows, so the draft stays for the player to mend and send again. An offer answered at once (a
 * bot accepting it before the view shows it open) never shows either: offers were made since the sending
 * (`offerCount` grew) and none of them is open, so the draft's was made and is gone; it is emptied too.
 */
export function useClearWhenShown(
  draft: OfferDraft,
  offers: readonly OfferView[],
  me: number | null,
  offerCount: number,
): void {
  const { sentAfter, clear } = draft;
  const shown =
    sentAfter !== null &&
    (offers.some((offer) => offer.from === me && offer.id > sentAfter) ||
      (offerCount > sentAfter && !offers.some((offer) => offer.id > sentAfter)));
  useEffect(() => {
    if (shown) clear();
  }, [shown, clear]);
}
