/**
 * The players table (the kit's): per seat, its name and where it stands in the phase (trading or ready, chosen or
 * not, done placing), its number of lot cards, its shop tiles in hand and its money (the viewer's own until the end).
 */
import { PlayersTable, SeatLabel, type Lang } from '@skyline/board-kit';
import { kindName, money, type ChinatownView } from './pieces.js';
import type { T } from './words.js';

export function SeatsTable({
  view,
  me,
  names,
  t,
  lang,
}: {
  view: ChinatownView;
  me: number | null;
  names: string[];
  t: T;
  lang: Lang;
}) {
  return (
    <PlayersTable
      t={t}
      testId="chinatown-players"
      seats={view.tiles.length}
      columns={[t('chinatown.tilesInHand'), t('chinatown.money')]}
      isActive={(seat) => view.active.includes(seat)}
      name={(seat) => (
        <>
          <SeatLabel names={names} seat={seat} me={me} t={t} />
          <span className="chosen">
            {view.phase === 'trade' && (view.ready[seat] ? t('chinatown.isReady') : t('chinatown.trading'))}
            {view.phase === 'settle' && (view.chosen[seat] ? t('table.chosen') : t('table.notChosen'))}
            {view.phase === 'place' && view.done[seat] && t('chinatown.isDone')}
          </span>
          <div className="muted small">{t('chinatown.lotCardsCount', { n: view.handSizes[seat] ?? 0 })}</div>
        </>
      )}
      cells={(seat) => (
        <>
          <td className="small">
            {Object.entries(view.tiles[seat] ?? {})
              .map(([k, n]) => `${kindName(k, lang)} ×${n}`)
              .join(', ') || '—'}
          </td>
          <td>{money(view.money[seat], lang)}</td>
        </>
      )}
    />
  );
}
