/** The tiles of the position opened on the ring, bottom first, in words under the board. */
import { stackInWords } from './labels.js';
import type { T } from './words.js';

export function StackDetail({ index, stack, t }: { index: number; stack: readonly string[]; t: T }) {
  return (
    <div className="stack-detail" role="status">
      <strong>{t('nyny.position', { n: index + 1 })}</strong>: {stackInWords(stack, t)}
    </div>
  );
}
