/**
 * The offers on the table but those made to the viewer (answered at the top of the board: `IncomingOffers`), each in
 * words ("#3 Ann → Bob: gives …; gets …"), with the viewer's own to withdraw.
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
  const offers = view.offers.filter((offer) => offer.to !== me);
  if (offers.length === 0) return null;
  const answerable = (type: 'withdraw', id: number) =>
    legalMoves.some((m) => m.type === type && m.offer === id);
  return (
    <section aria-label={t('chinatown.offers')}>
      <h3>{t('chinatown.offers')}</h3>
      <ul className="offers" data-testid="offers">
        {offers.map((offer) => (
          <li key={offer.id} data-testid={`offer-${offer.id}`}>
            <strong>#{offer.id}</strong> {seatName(names, offer.from)} → {seatName(names, offer.to)}:{' '}
            {t('chinatown.gives')} {bundleWords(offer.give, t, lang)}; {t('chinatown.gets')}{' '}
            {bundleWords(offer.get, t, lang)}
            <div className="row-buttons">
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
