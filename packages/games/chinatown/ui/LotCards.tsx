/**
 * The viewer's lot cards: in the settle phase, the cards to pick the lots to settle from (as well as on the map) and
 * the button that settles them, or the lots already chosen; in the other phases, the cards kept, in a line.
 */
import type { ChinatownView, Move } from './pieces.js';
import type { T } from './words.js';

export function LotCards({
  view,
  me,
  canSettle,
  picked,
  togglePicked,
  settleMove,
  settle,
  t,
}: {
  view: ChinatownView;
  me: number | null;
  /** Whether the viewer has lots to settle now. */
  canSettle: boolean;
  picked: readonly number[];
  togglePicked: (lot: number) => void;
  /** The settle move of the lots picked (none: they are not a choice the rules allow). */
  settleMove: Move | undefined;
  settle: (move: Move) => void;
  t: T;
}) {
  return (
    <>
      {canSettle && (
        <section className="card chinatown-action">
          <h3>{t('chinatown.settleTitle', { n: view.toSettle[me ?? 0] ?? 0 })}</h3>
          <p className="muted small">{t('chinatown.settleHint')}</p>
          <div className="row-buttons">
            {(view.hand ?? []).map((lot) => (
              <button
                key={lot}
                type="button"
                className={picked.includes(lot) ? 'selected' : ''}
                aria-pressed={picked.includes(lot)}
                data-testid="lot-card"
                data-card={lot}
                onClick={() => togglePicked(lot)}
              >
                {lot}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="primary"
            disabled={!settleMove}
            data-testid="settle"
            onClick={() => settleMove && settle(settleMove)}
          >
            {t('chinatown.settle')}
          </button>
        </section>
      )}
      {view.phase === 'settle' && !canSettle && view.settle && (
        <p className="hint">{t('chinatown.settled', { lots: view.settle.join(', ') })}</p>
      )}
      {view.phase !== 'settle' && view.hand && view.hand.length > 0 && (
        <p className="muted small">
          {t('chinatown.yourLotCards')}: {view.hand.join(', ')}
        </p>
      )}
    </>
  );
}
