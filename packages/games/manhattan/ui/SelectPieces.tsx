/** Choosing the round's pieces: +/− per size, within the seat's reserve; only a legal selection can be confirmed. */
import type { ManhattanView } from '@skyline/manhattan';
import { useState } from 'react';
import type { Select } from './draft.js';
import type { T } from './words.js';

const SIZES = [1, 2, 3, 4];

export function SelectPieces({
  view,
  seat,
  selects,
  send,
  t,
}: {
  view: ManhattanView;
  seat: number;
  selects: readonly Select[];
  send: (move: Select) => void;
  t: T;
}) {
  const total = selects[0]?.pieces.length ?? 0;
  const reserve = view.reserves[seat] ?? [0, 0, 0, 0];
  const [counts, setCounts] = useState<number[]>(() => {
    // start from the first legal selection
    const first = selects[0]?.pieces ?? [];
    return SIZES.map((size) => first.filter((p) => p === size).length);
  });
  const pieces = counts.flatMap((n, k) => Array<number>(n).fill(k + 1));
  const chosen = selects.find(
    (m) => m.pieces.length === pieces.length && m.pieces.every((p, k) => p === pieces[k]),
  );
  const sum = pieces.length;
  const change = (size: number, by: number) =>
    setCounts((c) => c.map((n, k) => (k === size - 1 ? n + by : n)));
  return (
    <section className="select-pieces card" aria-label={t('manhattan.selectTitle', { n: total })}>
      <h3>{t('manhattan.selectTitle', { n: total })}</h3>
      {SIZES.map((size) => (
        <div key={size} className="counter">
          <span>{t('manhattan.floors', { n: size })}</span>
          <button
            type="button"
            aria-label={`− ${t('manhattan.floors', { n: size })}`}
            disabled={(counts[size - 1] ?? 0) === 0}
            onClick={() => change(size, -1)}
          >
            −
          </button>
          <output>{counts[size - 1]}</output>
          <button
            type="button"
            aria-label={`+ ${t('manhattan.floors', { n: size })}`}
            disabled={(counts[size - 1] ?? 0) >= (reserve[size - 1] ?? 0) || sum >= total}
            onClick={() => change(size, +1)}
          >
            +
          </button>
          <span className="muted small">/ {reserve[size - 1]}</span>
        </div>
      ))}
      <button
        type="button"
        className="primary"
        disabled={!chosen}
        data-testid="select-confirm"
        onClick={() => chosen && send(chosen)}
      >
        {t('manhattan.selectConfirm', { n: sum, of: total })}
      </button>
    </section>
  );
}
