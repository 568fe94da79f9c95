/**
 * The players table: per seat its name and cards in hand, whose turn it is, its pieces in reserve and chosen for the
 * round, and its score.
 */
import { PlayersTable, SeatLabel, TurnDot } from '@skyline/board-kit';
import type { ManhattanView } from '@skyline/manhattan';
import { roundsOf } from '@skyline/manhattan/board';
import type { T } from './words.js';

export function SeatPanel({
  view,
  names,
  me,
  t,
}: {
  view: ManhattanView;
  names: string[];
  me: number | null;
  t: T;
}) {
  return (
    <PlayersTable
      t={t}
      subtitle={t('manhattan.round', { n: view.round, of: roundsOf(view.options) })}
      seats={view.reserves.length}
      columns={[t('manhattan.reserve'), t('manhattan.chosen'), t('score.total')]}
      isActive={(seat) => view.active.includes(seat)}
      name={(seat) => (
        <>
          <SeatLabel names={names} seat={seat} me={me} t={t} />
          {view.active.includes(seat) && <TurnDot names={names} seat={seat} me={me} t={t} />}
          <div className="muted small">{t('manhattan.cardsCount', { n: view.handSizes[seat] ?? 0 })}</div>
        </>
      )}
      cells={(seat) => (
        <>
          <td>
            <Pieces counts={view.reserves[seat] ?? []} />
          </td>
          <td>
            <Pieces counts={view.chosen[seat] ?? []} />
          </td>
          <td data-testid={`score-${seat}`}>{view.scores[seat]}</td>
        </>
      )}
    />
  );
}

/** Pieces by size, as "1▮×2 2▮×1 …" (counts[k]: pieces of k + 1 floors). */
function Pieces({ counts }: { counts: readonly number[] }) {
  const parts = counts.flatMap((n, k) => (n > 0 ? [`${k + 1}▮×${n}`] : []));
  // Each group unbroken, the line broken between groups: a phone's players table then fits its width.
  return (
    <span className="pieces-text">
      {parts.length ? parts.map((part, k) => <span key={k}>{part} </span>) : '—'}
    </span>
  );
}
