/**
 * A table's or a tournament's reliability floor (docs/platform.md, "Reliability"): the forms' chooser, offering the
 * protocol's `RELIABILITY_FLOORS`, and the tag the lobby, the table's bar and the tournaments' list show.
 */
import { RELIABILITY_FLOORS, type ReliabilityFloor } from '@skyline/protocol';
import type { T } from './i18n.js';

export function ReliabilityFloorSelect({
  value,
  onChange,
  testId,
  t,
}: {
  value: ReliabilityFloor;
  onChange: (floor: ReliabilityFloor) => void;
  testId: string;
  t: T;
}) {
  return (
    <label>
      {t('reliability.floor')}{' '}
      <select
        value={value}
        onChange={(event) => onChange(Number(event.target.value) as ReliabilityFloor)}
        data-testid={testId}
      >
        {RELIABILITY_FLOORS.map((floor) => (
          <option key={floor} value={floor}>
            {floor === 0 ? t('reliability.floorNone') : t('reliability.floorAtLeast', { n: floor })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The tag of a table or tournament asking for a floor; nothing when it asks none. */
export function ReliabilityTag({
  floor,
  testId,
  t,
}: {
  floor: ReliabilityFloor | undefined;
  testId: string;
  t: T;
}) {
  if (!floor) return null;
  return (
    <span className="tag" data-testid={testId} title={t('reliability.tagTitle', { n: floor })}>
      {t('reliability.tag', { n: floor })}
    </span>
  );
}
