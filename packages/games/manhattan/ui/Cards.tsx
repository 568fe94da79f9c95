/**
 * The viewer's cards: each shows the lot it means for the viewer (turned with the perspective option); one that some
 * build uses may be chosen, the others say why not.
 */
import type { ManhattanView } from '@skyline/manhattan';
import { lotOfCard } from '@skyline/manhattan/board';
import type { T } from './words.js';

export function Cards({
  view,
  hand,
  usable,
  chosen,
  choose,
  explain,
  t,
}: {
  view: ManhattanView;
  hand: readonly number[];
  /** The cards some build uses now. */
  usable: readonly number[];
  /** The card of the drafted build, or null. */
  chosen: number | null;
  choose: (card: number) => void;
  explain: () => void;
  t: T;
}) {
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  return (
    <section aria-label={t('manhattan.cards')}>
      <h3>{t('manhattan.cards')}</h3>
      <div className="cards" role="group" aria-label={t('manhattan.cards')}>
        {hand.map((card, k) => {
          const can = usable.includes(card);
          const lot = me === null ? card : lotOfCard(view, me, card);
          return (
            <button
              key={k}
              type="button"
              className={`card-button${chosen === card ? ' selected' : ''}`}
              aria-disabled={!can}
              aria-pressed={chosen === card}
              data-testid="card"
              onClick={() => (can ? choose(card) : explain())}
              aria-label={t('manhattan.card', { n: card, lot })}
            >
              <MiniCard lot={lot} />
            </button>
          );
        })}
      </div>
    </section>
  );
}

/** A card's face: the nine lots of a city, the one it means dark. */
function MiniCard({ lot }: { lot: number }) {
  return (
    <svg viewBox="0 0 30 30" width={30} height={30} aria-hidden="true">
      {Array.from({ length: 9 }, (_, k) => (
        <rect
          key={k}
          x={1 + (k % 3) * 9.5}
          y={1 + Math.floor(k / 3) * 9.5}
          width={8.5}
          height={8.5}
          fill={k + 1 === lot ? '#1d2733' : '#dde3ea'}
        />
      ))}
    </svg>
  );
}
