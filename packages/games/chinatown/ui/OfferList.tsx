/**
 * The offers on the table, each in words ("#3 Ann → Bob: gives …; gets …"), with the answers the viewer may give
 * now: accept or decline one made to it (or hear that it could not accept it), withdraw its own.
 */
import { seatName, type Lang } from '@skyline/board-kit';
import { bundleWords, type ChinatownView, type Move } from './pieces.js';
import type { T } from './words.js';

export function OfferList({
  view,
  me,
  legalMoves,
  send,
  names,
  t,
  lang,
}: {
  view: ChinatownView;
  me: number | null;
  legalMoves: readonly Move[];
  send: (move: Move) => void;
  names: string[];
  t: T;
  lang: Lang;
}) {
  if (view.offers.length === 0) return null;
  const answerable = (type: 'accept' | 'decline' | 'withdraw', id: number) =>
    legalMoves.some((m) => m.type === type && m.offer === id);
  return (
    <section aria-label={t('chinatown.offers')}>
      <h3>{t('chinatown.offers')}</h3>
      <ul className="offers" data-testid="offers">
        {view.offers.map((offer) => (
          <li key={offer.id} data-testid={`offer-${offer.id}`}>
            <strong>#{offer.id}</strong> {seatName(names, offer.from)} → {seatName(names, offer.to)}:{' '}
            {t('chinatown.gives')} {bundleWords(offer.give, t, lang)}; {t('chinatown.gets')}{' '}
            {bundleWords(offer.get, t, lang)}
            <div className="row-buttons">
              {answerable('accept', offer.id) && (
                <button
                  type="button"
                  className="primary"
                  data-testid="accept"
                  onClick={() => send({ type: 'accept', offer: offer.id })}
                >
                  {t('chinatown.accept')}
                </button>
              )}
              {offer.to === me && offer.acceptable === false && (
                <span className="muted small">{t('chinatown.notAcceptable')}</span>
              )}
              {answerable('decline', offer.id) && (
                <button
                  type="button"
                  data-testid="decline"
                  onClick={() => send({ type: 'decline', offer: offer.id })}
                >
                  {t('chinatown.decline')}
                </button>
              )}
              {answerable('withdraw', offer.id) && (
                <button
                  type="button"
                  data-testid="withdraw"
                  onClick={() => send({ type: 'withdraw', offer: offer.id })}
                >
                  {t('chinatown.withdraw')}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
