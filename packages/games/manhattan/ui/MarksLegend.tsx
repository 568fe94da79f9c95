/** What the board's marks mean: the flag of a city's majority, the star of the tallest building. */
import { MajorityFlag } from './City.js';
import type { T } from './words.js';

export function MarksLegend({ t }: { t: T }) {
  return (
    <p className="manhattan-legend muted small">
      <span>
        <svg viewBox="0 0 18 16" width={18} height={16} aria-hidden="true">
          <MajorityFlag x={1} y={0.5} colour="#7a8793" />
        </svg>
        {t('manhattan.legendMajority')}
      </span>
      <span>
        <svg viewBox="0 0 16 16" width={16} height={16} aria-hidden="true">
          <polygon
            points="8,1 9.9,5.6 14.7,5.8 11,8.9 12.3,13.6 8,11 3.7,13.6 5,8.9 1.3,5.8 6.1,5.6"
            fill="#ffd23f"
            stroke="#1d2733"
            strokeWidth={0.8}
          />
        </svg>
        {t('manhattan.legendTallest')}
      </span>
    </p>
  );
}
