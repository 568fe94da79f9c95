/**
 * The seats and their scores: who has chosen or stopped, and each board's score if the episode ended now in its parts
 * (marker, trees, rocks, empty grass), counted by the game (`scoreCity`), beside the total the game gives.
 */
import { PlayersTable, SeatLabel } from '@skyline/board-kit';
import { scoreCity, type MyCityView } from '@skyline/mycity';
import type { T } from './words.js';

/** Where a seat stands in the turn: stopped for the episode, chosen, still to choose, or out of it. */
function seatState(view: MyCityView, seat: number, t: T): string {
  if (view.stopped[seat]) return t('mycity.stopped');
  if (view.chosen[seat]) return t('table.chosen');
  return view.active.includes(seat) ? t('table.notChosen') : '';
}

export function ScoreTable({
  view,
  names,
  me,
  t,
}: {
  view: MyCityView;
  names: string[];
  me: number | null;
  t: T;
}) {
  return (
    // Focusable: on a phone its table may scroll sideways, and the keyboard must be able to scroll it.
    <PlayersTable
      t={t}
      focusable
      testId="mycity-scores"
      seats={view.boards.length}
      columns={[
        t('mycity.marker'),
        t('mycity.trees'),
        t('mycity.rocks'),
        t('mycity.empty'),
        t('score.total'),
      ]}
      isActive={(seat) => view.active.includes(seat)}
      name={(seat) => (
        <>
          <SeatLabel names={names} seat={seat} me={me} t={t} />
          <span className="chosen">{seatState(view, seat, t)}</span>
        </>
      )}
      cells={(seat) => {
        const s = scoreCity(view.boards[seat] ?? [], view.markers[seat] ?? 0);
        return (
          <>
            <td>{s.marker}</td>
            <td>{s.trees ? `+${s.trees}` : 0}</td>
            <td>{s.rocks ? `−${s.rocks}` : 0}</td>
            <td>{s.empty ? `−${s.empty}` : 0}</td>
            <td data-testid={`score-${seat}`}>{view.scores[seat]}</td>
          </>
        );
      }}
    >
      <p className="muted small">{t('mycity.scoreRule')}</p>
    </PlayersTable>
  );
}
