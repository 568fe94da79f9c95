/** The tiles of the position opened under the city, bottom first, in words. */
import { stackInWords } from './labels.js';
import type { T } from './words.js';

export function StackDetail({ index, stack, t }: { index: number; stack: readonly string[]; t: T }) {
  return (
    <div className="stack-detail" role="status">
      <strong>{t('nyny.position', { n: index + 1 })}</strong>: {stackInWords(stack, t)}
    </div>
  );
}
