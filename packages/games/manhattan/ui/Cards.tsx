/**
 * The viewer's cards, drawn as cards: each shows its number in its corner and, on its face, the nine lots of a city
 * with the one it means for the viewer dark (turned with the perspective option: the lot as the board shows it). One
 * that some build uses may be chosen, the others say why not.
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
              className={`card-button${chosen === card ? ' selected' : ''}${can ? '' : ' unusable'}`}
              aria-disabled={!can}
              aria-pressed={chosen === card}
              data-testid="card"
              data-lot={lot}
              data-card={card}
              onClick={() => (can ? choose(card) : explain())}
              aria-label={t('manhattan.card', { n: card, lot })}
            >
              <CardFace card={card} lot={lot} />
            </button>
          );
        })}
      </div>
    </section>
  );
}

/**
 * A card's face, in the card's proportions: its number in its corner (once: the button's name says it, and a screen
 * reader is told what is shown), the city's nine lots, the one it means dark.
 */
export function CardFace({ card, lot }: { card: number; lot: number }) {
  return (
    <svg viewBox="0 0 44 62" width={44} height={62} aria-hidden="true" className="card-face">
      <rect x={1} y={1} width={42} height={60} rx={5} fill="#fdfbf5" stroke="#1d2733" strokeWidth={1.2} />
      <text x={5} y={12} fontSize={10} fontWeight={700} fill="#1d2733">
        {card}
      </text>
      {Array.from({ length: 9 }, (_, k) => (
        <rect
          key={k}
          x={7 + (k % 3) * 10.5}
          y={16 + Math.floor(k / 3) * 10.5}
          width={9}
          height={9}
          rx={1.5}
          fill={k + 1 === lot ? '#1d2733' : '#dde3ea'}
          data-lit={k + 1 === lot ? '' : undefined}
        />
      ))}
    </svg>
  );
}
