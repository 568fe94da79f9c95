/** The replay viewer: step forward and back through a finished game's record, as any seat saw it (or everyone). */
import type { Viewer } from '@skyline/protocol';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { Link, PageRefusal } from '../components.js';
import { GenericBoard, useGameUi } from '../games/index.js';
import { GameSeatPanels } from './GameSeatPanels.js';
import { seatName, type LogEntry } from '@skyline/board-kit';
import { useI18n, type T } from '../i18n.js';
import { http } from '../net.js';
import { saidOfFailure, type Said } from '../server-words.js';
import { isEndingEntry } from '../table.js';
import type { RecordLike, Replay } from '../replay-engine.js';

type Choice = Viewer | 'all';

export function ReplayPage({ tableId }: { tableId: string }) {
  const { t, lang } = useI18n();
  const [record, setRecord] = useState<RecordLike | null>(null);
  const [replay, setReplay] = useState<Replay | null>(null);
  const [error, setError] = useState<Said | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [step, setStep] = useState(0);
  const [viewer, setViewer] = useState<Choice>('spectator');
  // The game's board and log (at once when already loaded); a game not known yet waits for its record.
  const ui = useGameUi(record?.game ?? '');

  useEffect(() => {
    let live = true;
    // The replay's own answer: a finished game's record, or a refusal in words (a game still played, no such table).
    Promise.all([http<RecordLike>('GET', `/api/games/${tableId}/replay`), import('../replay-engine.js')])
      .then(([loaded, engine]) => {
        if (!live) return;
        let built: Replay;
        try {
          built = engine.buildReplay(loaded);
        } catch (caught) {
          // The engine's reason is for developers (it names log entries): the player is told the record is unreadable.
          console.warn(caught);
          setUnreadable(true);
          return;
        }
        setRecord(loaded);
        setReplay(built);
        setStep(loaded.log.length);
      })
      .catch((caught: unknown) => live && setError(saidOfFailure(caught, { text: '' })));
    return () => {
      live = false;
    };
  }, [tableId]);

  if (unreadable) return <PageRefusal said={{ text: t('replay.unreadable') }} />;
  if (error)
    return (
      <PageRefusal
        said={error}
        // A game still played can be watched at its table meanwhile.
        back={error.code === 'replay.notOver' ? { to: `/t/${tableId}`, label: t('replay.back') } : undefined}
      />
    );
  if (!record || !replay || !ui) return <p aria-busy="true">…</p>;

  const last = record.log.length;
  const names = record.names ?? [];
  const Board = ui.Board ?? GenericBoard;
  const go = (next: number) => setStep(Math.max(0, Math.min(last, next)));
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(step - 1);
    else if (event.key === 'ArrowRight') go(step + 1);
    else if (event.key === 'Home') go(0);
    else if (event.key === 'End') go(last);
    else return;
    event.preventDefault();
  };
  const viewers: Viewer[] = viewer === 'all' ? Array.from({ length: record.players }, (_, s) => s) : [viewer];
  const logViewer: Viewer = viewer === 'all' ? 'spectator' : viewer;
  const lines = Array.from({ length: step }, (_, index) => {
    const entry = replay.entryAt(index, step, logViewer) as LogEntry;
    if (isEndingEntry(entry)) return describeEnding(entry, names, t);
    return ui.describe ? ui.describe(entry, names, t, lang) : JSON.stringify(entry);
  });
  const status = replay.statusAt(step);

  return (
    <div className="replay" onKeyDown={onKey}>
      <div className="table-head">
        <Link to={`/t/${tableId}`}>{t('replay.back')}</Link>
        <h1>
          {t('replay.title')} · {replay.game.title}
        </h1>
      </div>
      <div className="replay-controls card" role="toolbar" aria-label={t('replay.title')}>
        <button type="button" onClick={() => go(0)} aria-label={t('replay.first')} data-testid="replay-first">
          |◀
        </button>
        <button
          type="button"
          onClick={() => go(step - 1)}
          aria-label={t('replay.back1')}
          data-testid="replay-back"
        >
          ◀
        </button>
        <input
          type="range"
          min={0}
          max={last}
          value={step}
          onChange={(event) => go(Number(event.target.value))}
          aria-label={t('replay.step')}
        />
        <button
          type="button"
          onClick={() => go(step + 1)}
          aria-label={t('replay.forward')}
          data-testid="replay-forward"
        >
          ▶
        </button>
        <button
          type="button"
          onClick={() => go(last)}
          aria-label={t('replay.last')}
          data-testid="replay-last"
        >
          ▶|
        </button>
        <span data-testid="replay-step">{t('replay.stepOf', { n: step, of: last })}</span>
        <label className="inline">
          {t('replay.as')}{' '}
          <select
            value={String(viewer)}
            data-testid="replay-viewer"
            onChange={(event) => {
              const value = event.target.value;
              setViewer(value === 'all' || value === 'spectator' ? value : Number(value));
            }}
          >
            <option value="spectator">{t('replay.spectator')}</option>
            {Array.from({ length: record.players }, (_, seat) => (
              <option key={seat} value={seat}>
                {seatName(names, seat)}
              </option>
            ))}
            <option value="all">{t('replay.all')}</option>
          </select>
        </label>
      </div>
      <p className="muted" data-testid="replay-last-move">
        {lines.filter(Boolean).slice(-1)[0] ?? t('replay.start')}
      </p>
      {viewers.map((v) => (
        <section
          key={String(v)}
          aria-label={typeof v === 'number' ? seatName(names, v) : t('replay.spectator')}
        >
          {viewer === 'all' && <h2>{typeof v === 'number' ? seatName(names, v) : ''}</h2>}
          <Board
            view={replay.viewAt(step, v)}
            legalMoves={[]}
            viewer={v}
            names={names}
            status={status}
            send={() => undefined}
            t={t}
            lang={lang}
          />
          <GameSeatPanels
            ui={ui}
            view={replay.viewAt(step, v)}
            names={names}
            active={(status?.active ?? []).filter((a): a is number => typeof a === 'number')}
            me={typeof v === 'number' ? v : null}
          />
        </section>
      ))}
    </div>
  );
}

/** A record's ending entry in words: a resignation, a stop, an abort or a moderator's close. */
function describeEnding(entry: unknown, names: string[], t: T): string {
  const fields = entry as { seat?: number; resign?: boolean; stop?: boolean; close?: boolean };
  if (fields.resign)
    return t('log.resigned', { name: names[fields.seat ?? 0] ?? `#${(fields.seat ?? 0) + 1}` });
  return t(fields.stop ? 'end.stopped' : fields.close ? 'end.closed' : 'end.aborted');
}
