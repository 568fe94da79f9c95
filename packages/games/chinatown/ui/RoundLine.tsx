/** The seat panel's head: the round, the phase and the last economy card, then the viewer's own money. */
import type { Lang } from '@skyline/board-kit';
import { economyText, money, type ChinatownView } from './pieces.js';
import type { T } from './words.js';

export function RoundLine({
  view,
  me,
  t,
  lang,
}: {
  view: ChinatownView;
  me: number | null;
  t: T;
  lang: Lang;
}) {
  return (
    <>
      <p className="muted small">
        {t('chinatown.round', { n: view.round })} ·{' '}
        {t(`chinatown.phase.${view.phase}` as 'chinatown.phase.trade')}
        {view.economy.length > 0 &&
          ` · ${t('chinatown.economy')}: ${economyText(view.economy[view.economy.length - 1] ?? '', t)}`}
      </p>
      {me !== null && (
        <p>
          <strong>{t('chinatown.yourMoney')}:</strong>{' '}
          <span data-testid="my-money">{money(view.money[me], lang)}</span>
        </p>
      )}
    </>
  );
}
