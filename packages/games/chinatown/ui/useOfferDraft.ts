/**
 * The trading panel's draft as board state: the seat the offer goes to and its two sides. The map adds and takes out
 * lots (the viewer's to give, the other seat's to ask for); the panel sets tiles, money and lot cards.
 */
import type { ChinatownMove } from '@skyline/chinatown';
import { useState } from 'react';
import { emptyGet, emptyGive, offerMove, toggled, type DraftSide, type GiveSide } from './offerDraft.js';

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
  /** Both sides emptied (once the offer is sent); the seat stays. */
  clear: () => void;
}

/** The draft of a seat `me` (null: a spectator, who never trades); offers go to the first other seat at first. */
export function useOfferDraft(me: number | null): OfferDraft {
  const [offerTo, setOfferTo] = useState<number>(me === 0 ? 1 : 0);
  const [give, setGive] = useState<GiveSide>(emptyGive);
  const [get, setGet] = useState<DraftSide>(emptyGet);
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
    clear: () => {
      setGive(emptyGive());
      setGet(emptyGet());
    },
  };
}
