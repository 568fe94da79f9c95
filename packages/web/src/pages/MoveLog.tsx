import type { Ui } from '../games/index.js';
import type { LogEntry } from '@skyline/board-kit';
import { useI18n } from '../i18n.js';
import type { TableState } from '../table.js';

/** The whole game's log in words, newest first, in a box of its own that scrolls. */
export function MoveLog({ table, names, ui }: { table: TableState; names: string[]; ui: Ui }) {
  const { t, lang } = useI18n();
  const log = table.log as LogEntry[];
  const lines = log
    .map((entry, index) => ({
      index,
      text: ui.describe
        ? ui.describe(entry, names, t, lang, { log, index, view: table.view })
        : JSON.stringify(entry),
    }))
    .filter((line): line is { index: number; text: string } => line.text !== null);
  // Since the viewer's own last move: what a player coming back to a long game needs first.
  const viewer = table.viewer;
  let mine = -1;
  if (typeof viewer === 'number')
    for (let k = log.length - 1; k >= 0 && mine < 0; k--) {
      const entry = log[k] as LogEntry;
      if ('seat' in entry && entry.seat === viewer) mine = k;
    }
  const since = mine < 0 || table.status?.over ? [] : lines.filter((line) => line.index > mine);
  return (
    <section className="log" aria-labelledby="move-log-title">
      {since.length >= 2 && (
        <div className="since-mine" data-testid="since-my-move">
          <h3 id="since-title">{t('table.sinceMine', { n: since.length })}</h3>
          <ul aria-labelledby="since-title">
            {since.map((line) => (
              <li key={line.index}>{line.text}</li>
            ))}
          </ul>
        </div>
      )}
      <h3 id="move-log-title">{t('table.log')}</h3>
      <ol data-testid="log" reversed start={lines.length} tabIndex={0} aria-labelledby="move-log-title">
        {lines.reverse().map((line) => (
          <li key={line.index}>{line.text}</li>
        ))}
      </ol>
    </section>
  );
}
