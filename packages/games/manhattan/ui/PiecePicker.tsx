/** The piece of the drafted build: one button per size some build uses. */
import type { T } from './words.js';

export function PiecePicker({
  pieces,
  chosen,
  choose,
  t,
}: {
  pieces: readonly number[];
  chosen: number | null;
  choose: (piece: number) => void;
  t: T;
}) {
  return (
    <section aria-label={t('manhattan.piece')}>
      <h3>{t('manhattan.piece')}</h3>
      <div className="pieces">
        {pieces.map((piece) => (
          <button
            key={piece}
            type="button"
            className={chosen === piece ? 'selected' : ''}
            aria-pressed={chosen === piece}
            data-testid="piece"
            onClick={() => choose(piece)}
          >
            {t('manhattan.floors', { n: piece })}
          </button>
        ))}
      </div>
    </section>
  );
}
