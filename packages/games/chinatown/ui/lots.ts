/**
 * A lot on the map, in words and in choices: its name (number, owner, shop, whether the shop is complete, who just
 * built there), what a click on it does now, and why nothing does when it is not a choice. Pure, from the view and
 * the legal moves.
 */
import { seatName, waitingReason, type BoardProps, type Lang } from '@skyline/board-kit';
import type { T } from './words.js';
import { kindName, type ChinatownView, type Move } from './pieces.js';

/** What a lot is, for its name: its owner (-1: nobody), its shop, and who just placed that shop (null: nobody). */
export interface LotFacts {
  lot: number;
  owner: number;
  kind: string | null;
  complete: boolean;
  placedBy: number | null;
  /** The shop the lot is part of: its tiles, and how many make it complete (none: a lot without a shop). */
  group?: { tiles: number; size: number };
}

/**
 * The lot's accessible name and tooltip: "Lot 12, Ann, Seafood (complete). Just placed by Bob", or of a shop not yet
 * complete, how far it is: "Lot 13, Ann, Seafood (2 of 3 tiles)".
 */
export function lotLabel(facts: LotFacts, names: string[], t: T, lang: Lang): string {
  const { lot, owner, kind, complete, placedBy, group } = facts;
  const whose = owner >= 0 ? `, ${seatName(names, owner)}` : '';
  const size =
    group && group.tiles > 1 ? ` (${t('chinatown.groupOf', { n: group.tiles, size: group.size })})` : '';
  const shop = kind ? `, ${kindName(kind, lang)}${complete ? ` (${t('chinatown.complete')})` : size}` : '';
  const placed =
    placedBy !== null ? `. ${t('chinatown.justPlaced', { who: seatName(names, placedBy) })}` : '';
  return `${t('chinatown.lot')} ${lot}${whose}${shop}${placed}`;
}

/**
 * What a click on a lot does now, first that applies: pick it for the settling, place the chosen tile on it, put it
 * in the offer's give side (the viewer's) or its get side (the seat the offer goes to); null: nothing.
 */
export type LotChoice = 'settle' | 'place' | 'give' | 'get' | null;

export interface LotChoices {
  /** The lots on the viewer's lot cards it may settle. */
  settleable: ReadonlySet<number>;
  /** The tile chosen in the hand (null: none), and the lots it may be placed on. */
  tile: string | null;
  placeLots: ReadonlySet<number>;
  /** Whether the viewer may compose an offer now, to which seat, and the lots' owners. */
  trading: boolean;
  me: number | null;
  offerTo: number;
  owner: readonly number[];
}

export function lotChoice(lot: number, c: LotChoices): LotChoice {
  if (c.settleable.has(lot)) return 'settle';
  if (c.tile !== null && c.placeLots.has(lot)) return 'place';
  if (c.trading && c.owner[lot] === c.me) return 'give';
  if (c.trading && c.owner[lot] === c.offerTo) return 'get';
  return null;
}

/** Why a lot that is not a choice now cannot be chosen (null: nothing to say, as to a spectator or once over). */
export function lotWhyNot(
  lot: number,
  at: {
    view: ChinatownView;
    me: number | null;
    legalMoves: readonly Move[];
    canSettle: boolean;
    tile: string | null;
    names: string[];
    status: BoardProps['status'];
    t: T;
  },
): string | null {
  const { view, me, t, names } = at;
  if (me === null || view.phase === 'over') return null;
  if (at.legalMoves.length === 0) return waitingReason(t, names, at.status, me);
  const owner = view.owner[lot] ?? -1;
  const theirs = owner < 0 ? t('why.lotNobody') : t('why.lotTaken', { name: seatName(names, owner) });
  if (view.phase === 'settle') return at.canSettle ? t('why.lotNotCard') : t('why.wait');
  if (view.phase === 'trade')
    return owner < 0 || owner === me ? theirs : t('why.lotOffer', { name: seatName(names, owner) });
  if (view.phase === 'place') {
    if (owner !== me) return theirs;
    if (view.shop[lot]) return t('why.lotBuilt');
    if (at.tile === null) return t('why.tileFirst');
  }
  return t('why.wait');
}

/** The settle move of exactly the lots picked (in any order), if the viewer may make it. */
export function settleMoveFor<M extends { lots: readonly number[] }>(
  settles: readonly M[],
  picked: readonly number[],
): M | undefined {
  const key = (lots: readonly number[]) => [...lots].sort((a, b) => a - b).join(',');
  const wanted = key(picked);
  return settles.find((m) => key(m.lots) === wanted);
}

/** The lots where a shop was just placed, with the seat that placed it. */
export function justPlaced(
  recent: readonly { seat: number; move: Record<string, unknown> }[],
): Map<number, number> {
  const placed = new Map<number, number>();
  for (const { seat, move } of recent) if (move.type === 'place') placed.set(Number(move.lot), seat);
  return placed;
}
