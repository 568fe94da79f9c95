/** When no card allows a build: the cards the viewer may discard instead, and why. */
import type { Discard } from './draft.js';
import type { T } from './words.js';

export function Discards({
  discards,
  send,
  t,
}: {
  discards: readonly Discard[];
  send: (move: Discard) => void;
  t: T;
}) {
  return (
    <section>
      <p className="hint">{t('manhattan.discardHint')}</p>
      {discards.map((move) => (
        <button key={move.card} type="button" onClick={() => send(move)} data-testid="discard">
          {t('manhattan.discard', { n: move.card })}
        </button>
      ))}
    </section>
  );
}
