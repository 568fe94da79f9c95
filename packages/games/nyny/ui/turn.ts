/** What the viewer may do now, read from its legal moves, and what the board says about it. */
import { waitingReason, type BoardProps } from '@skyline/board-kit';
import type { NynyMove, NynyView } from '@skyline/nyny';
import { tileName } from './tiles.js';
import type { T } from './words.js';

/** The viewer's legal moves by kind: the tiles it may play from its hand, those it may take from the pool. */
export interface Offer {
  playable: ReadonlySet<string>;
  takeable: ReadonlySet<string>;
  canPass: boolean;
  /** Whether it may do anything at all now. */
  any: boolean;
}

export function offerOf(legalMoves: readonly NynyMove[]): Offer {
  const tiles = (type: 'play' | 'take') =>
    new Set(legalMoves.flatMap((move) => (move.type === type ? [move.tile] : [])));
  return {
    playable: tiles('play'),
    takeable: tiles('take'),
    canPass: legalMoves.some((move) => move.type === 'pass'),
    any: legalMoves.length > 0,
  };
}

/** What the viewer is asked to do now (or, having chosen in secret, what it chose), or null. */
export function hintOf(view: NynyView, offer: Offer, t: T): string | null {
  if (offer.playable.size > 0 || offer.canPass)
    return view.phase === 'choose' ? t('nyny.chooseHint') : t('nyny.playHint');
  if (offer.takeable.size > 0) return t('nyny.takeHint');
  if (view.options.variant === 'simultaneous' && view.choice && view.phase === 'choose')
    return t('nyny.chosenHint', {
      tile: view.choice === 'pass' ? t('nyny.pass') : tileName(view.choice, t),
    });
  return null;
}

/**
 * Why a tile of the hand or the pool that is not offered now cannot be played or taken (null: nothing to say, as to
 * a spectator or at the end).
 */
export function whyNot(
  where: 'hand' | 'pool',
  {
    view,
    offer,
    t,
    names,
    status,
  }: { view: NynyView; offer: Offer; t: T; names: string[]; status: BoardProps['status'] },
): string | null {
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  if (me === null || view.phase === 'over') return null;
  if (!offer.any)
    return view.options.variant === 'simultaneous' && view.choice
      ? t('why.chosen')
      : waitingReason(t, names, status, me);
  if (where === 'hand' && offer.takeable.size > 0) return t('why.takeFirst');
  if (where === 'pool' && (offer.playable.size > 0 || offer.canPass)) return t('why.playFirst');
  return t('why.wait');
}
