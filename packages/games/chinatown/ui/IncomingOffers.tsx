/**
 * The offers made to the viewer, at the top of the board where it looks (and announced to a screen reader as they
 * come): who makes it, both sides drawn as tiles and lots, and Accept (when the rules allow it now), Decline and
 * Counter (the draft filled with the offer turned round).
 */
import { SEAT_COLOURS, seatName, type Lang } from '@skyline/board-kit';
import type { OfferView } from '@skyline/chinatown';
import { money, type ChinatownView, type Move } from './pieces.js';
import { ShopTiles } from './ShopTile.js';
import type { T } from './words.js';

/** One side of an offer as tiles, lots (in their owner's colour) and money. */
export function BundlePicture({
  bundle,
  owner,
  lang,
  t,
}: {
  bundle: OfferView['give'];
  /** The seat whose lots they are now. */
  owner: number;
  lang: Lang;
  t: T;
}) {
  const empty =
    bundle.lots.length === 0 &&
    Object.keys(bundle.shops).length === 0 &&
    !bundle.money &&
    bundle.money !== null &&
    bundle.lotCards.length === 0;
  if (empty) return <span className="muted">{t('chinatown.nothing')}</span>;
  return (
    <span className="bundle-picture">
      {bundle.lots.map((lot) => (
        <span key={lot} className="lot-chip" style={{ borderColor: SEAT_COLOURS[owner] }}>
          {t('chinatown.lot')} {lot}
        </span>
      ))}
      {Object.keys(bundle.shops).length > 0 && <ShopTiles tiles={bundle.shops} lang={lang} none="" />}
      {bundle.money !== 0 && <span className="money-chip">{money(bundle.money, lang)}</span>}
      {bundle.lotCards.length > 0 && (
        <span className="lot-chip">
          {t('chinatown.lotCards', { n: bundle.lotCards.map((c) => c ?? '?').join(', ') })}
        </span>
      )}
    </span>
  );
}

export function IncomingOffers({
  view,
  me,
  legalMoves,
  send,
  counter,
  names,
  t,
  lang,
}: {
  view: ChinatownView;
  me: number | null;
  legalMoves: readonly Move[];
  send: (move: Move) => void;
  /** Fills the draft with the offer turned round. */
  counter: (offer: OfferView) => void;
  names: string[];
  t: T;
  lang: Lang;
}) {
  const mine = me === null ? [] : view.offers.filter((offer) => offer.to === me);
  const can = (type: 'accept' | 'decline', id: number) =>
    legalMoves.some((m) => m.type === type && m.offer === id);
  return (
    // Always there (empty when nothing is offered), so that a screen reader announces an offer as it comes.
    <section className="incoming-offers" aria-label={t('chinatown.incoming')} aria-live="polite">
      {mine.map((offer) => (
        <div key={offer.id} className="incoming-offer" data-testid={`incoming-${offer.id}`}>
          <h3>{t('chinatown.incomingTitle', { name: seatName(names, offer.from), n: offer.id })}</h3>
          <div className="incoming-sides">
            <div>
              <h4>{t('chinatown.youGive')}</h4>
              <BundlePicture bundle={offer.get} owner={offer.to} lang={lang} t={t} />
            </div>
            <div>
              <h4>{t('chinatown.youGet', { name: seatName(names, offer.from) })}</h4>
              <BundlePicture bundle={offer.give} owner={offer.from} lang={lang} t={t} />
            </div>
          </div>
          <div className="row-buttons">
            {can('accept', offer.id) && (
              <button
                type="button"
                className="primary"
                data-testid="accept"
                onClick={() => send({ type: 'accept', offer: offer.id })}
              >
                {t('chinatown.accept')}
              </button>
            )}
            {offer.acceptable === false && (
              <span className="muted small">{t('chinatown.notAcceptable')}</span>
            )}
            {can('decline', offer.id) && (
              <button
                type="button"
                data-testid="decline"
                onClick={() => send({ type: 'decline', offer: offer.id })}
              >
                {t('chinatown.decline')}
              </button>
            )}
            {can('decline', offer.id) && (
              <button type="button" data-testid="counter" onClick={() => counter(offer)}>
                {t('chinatown.counter')}
              </button>
            )}
          </div>
        </div>
      ))}
    </section>
  );
}
