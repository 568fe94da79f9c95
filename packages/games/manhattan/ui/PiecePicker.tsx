/** The piece of the drafted build: one button per size some build uses, the piece drawn beside its words. */
import { PieceIcon } from './Piece.js';
import type { T } from './words.js';

export function PiecePicker({
  pieces,
  chosen,
  choose,
  colour,
  t,
}: {
  pieces: readonly number[];
  /** The viewer's colour, the pieces' own. */
  colour: string;
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
            aria-pressed={chosen === piece}
            data-testid="piece"
            data-floors={piece}
            onClick={() => choose(piece)}
            className={`piece-button${chosen === piece ? ' selected' : ''}`}
          >
            <PieceIcon floors={piece} colour={colour} />
            {t('manhattan.floors', { n: piece })}
          </button>
        ))}
      </div>
    </section>
  );
}
