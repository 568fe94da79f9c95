/**
 * The replay viewer: a finished game's record, step by step, as any seat saw it (or everyone). A move list to click
 * (the shown move marked and kept in view), the shown move marked on the board, the step in the address
 * (`?move=N`: a link opens there, back and forward step through what was clicked), autoplay, the keys ←/→, Home and
 * End, and the score by category at the last step.
 */
import type { Viewer } from '@skyline/protocol';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, PageRefusal } from '../components.js';
import { GenericBoard, useGameUi, type Ui } from '../games/index.js';
import { GameSeatPanels } from './GameSeatPanels.js';
import { isHidden, seatName, type LogEntry, type SeatMove } from '@skyline/board-kit';
import { useI18n, type Lang, type T } from '../i18n.js';
import { http } from '../net.js';
import { saidOfFailure, type Said } from '../server-words.js';
import { isEndingEntry } from '../table.js';
import type { RecordLike, Replay } from '../replay-engine.js';
import { BreakdownTable } from './Breakdown.js';

type Choice = Viewer | 'all';

/** Autoplay's speeds: milliseconds a move stays shown. */
const SPEEDS = { slow: 2000, normal: 1000, fast: 400 } as const;
type Speed = keyof typeof SPEEDS;

/** The step the address asks for (`?move=N`), or null: none, or not a whole number. */
function stepInAddress(): number | null {
  const asked = new URLSearchParams(location.search).get('move');
  return asked !== null && /^\d{1,6}$/.test(asked) ? Number(asked) : null;
}

/** The address of step `step` of this page (the path kept, the step replaced). */
function addressOf(step: number): string {
  const params = new URLSearchParams(location.search);
  params.set('move', String(step));
  return `${location.pathname}?${params.toString()}`;
}

export function ReplayPage({ tableId }: { tableId: string }) {
  const { t, lang } = useI18n();
  const [record, setRecord] = useState<RecordLike | null>(null);
  const [replay, setReplay] = useState<Replay | null>(null);
  const [error, setError] = useState<Said | null>(null);
  const [unreadable, setUnreadable] = useState(false);
  const [step, setStep] = useState(0);
  const [viewer, setViewer] = useState<Choice>('spectator');
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>('normal');
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
        // A link to a move opens there; otherwise the end of the game.
        setStep(Math.min(stepInAddress() ?? loaded.log.length, loaded.log.length));
      })
      .catch((caught: unknown) => live && setError(saidOfFailure(caught, { text: '' })));
    return () => {
      live = false;
    };
  }, [tableId]);

  const last = record?.log.length ?? 0;

  // Back and forward: the step the address now names.
  useEffect(() => {
    const onPop = () => {
      setPlaying(false);
      setStep(Math.min(stepInAddress() ?? last, last));
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [last]);

  /**
   * Shows step `next`. A click on the move list is a place to come back to (a new history entry); stepping, keys
   * and autoplay only keep the address up to date, so that Back leaves the replay rather than undoing each step.
   */
  const go = (next: number, remember = false) => {
    const clamped = Math.max(0, Math.min(last, next));
    setStep(clamped);
    if (remember) history.pushState(null, '', addressOf(clamped));
    else history.replaceState(null, '', addressOf(clamped));
  };
  const goRef = useRef(go);
  goRef.current = go;
  const stepRef = useRef(step);
  stepRef.current = step;

  // Autoplay: one move per tick, stopping at the end.
  useEffect(() => {
    if (!playing) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => goRef.current(step + 1), SPEEDS[speed]);
    return () => clearTimeout(timer);
  }, [playing, step, last, speed]);

  // The keys work anywhere on the page but in a field that uses them itself (the step slider, the selects).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
      const now = stepRef.current;
      if (event.key === 'ArrowLeft') goRef.current(now - 1);
      else if (event.key === 'ArrowRight') goRef.current(now + 1);
      else if (event.key === 'Home') goRef.current(0);
      else if (event.key === 'End') goRef.current(Number.MAX_SAFE_INTEGER);
      else return;
      setPlaying(false);
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const logViewer: Viewer = viewer === 'all' ? 'spectator' : viewer;
  const names = useMemo(() => record?.names ?? [], [record]);
  const lines = useMemo(
    () => (record && replay && ui ? describeAll(record, replay, ui, logViewer, names, t, lang) : []),
    [record, replay, ui, logViewer, names, t, lang],
  );

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

  const Board = ui.Board ?? GenericBoard;
  const viewers: Viewer[] = viewer === 'all' ? Array.from({ length: record.players }, (_, s) => s) : [viewer];
  const status = replay.statusAt(step);
  const shown = step > 0 ? (replay.entryAt(step - 1, step, logViewer) as LogEntry) : null;
  // The shown move, for the board to mark (a seat's move it may see; not a deal, a hidden choice nor an ending), with
  // the others' simultaneous choices it revealed, which came onto the board with it.
  const marked = [
    ...(step > 0 ? replay.revealedAt(step, logViewer) : []),
    ...(shown ? [shown] : []),
  ] as LogEntry[];
  const recent: SeatMove[] = marked.flatMap((entry) =>
    'move' in entry && !isEndingEntry(entry) && !isHidden(entry)
      ? [{ seat: entry.seat, move: entry.move }]
      : [],
  );
  const breakdown = step === last ? replay.breakdownAt(last) : null;
  const scores = status.scores ?? [];
  const order = scores.map((_, seat) => seat);

  return (
    <div className="replay replay-viewer">
      <div className="table-head">
        <Link to={`/t/${tableId}`}>{t('replay.back')}</Link>
        <Link to={`/review/${tableId}`}>{t('review.link')}</Link>
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
        <button
          type="button"
          className="primary"
          onClick={() => {
            // Play from the start when at the end.
            if (!playing && step >= last) go(0);
            setPlaying(!playing);
          }}
          aria-pressed={playing}
          data-testid="replay-play"
        >
          {playing ? `❚❚ ${t('replay.pause')}` : `▶ ${t('replay.play')}`}
        </button>
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
        <input
          type="range"
          min={0}
          max={last}
          value={step}
          onChange={(event) => go(Number(event.target.value))}
          aria-label={t('replay.step')}
          aria-valuetext={t('replay.stepOf', { n: step, of: last })}
        />
        <span data-testid="replay-step" aria-live="polite">
          {t('replay.stepOf', { n: step, of: last })}
        </span>
        <label className="inline">
          {t('replay.speed')}{' '}
          <select
            value={speed}
            data-testid="replay-speed"
            onChange={(event) => setSpeed(event.target.value as Speed)}
          >
            {(Object.keys(SPEEDS) as Speed[]).map((key) => (
              <option key={key} value={key}>
                {t(`replay.${key}`)}
              </option>
            ))}
          </select>
        </label>
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
      <p className="muted replay-keys">{t('replay.keys')}</p>
      <p className="muted" data-testid="replay-last-move">
        {step > 0 ? lines[step - 1] : t('replay.start')}
      </p>
      <div className="replay-body">
        <div className="replay-boards">
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
                recent={recent}
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
          {breakdown && (
            <BreakdownTable
              game={record.game}
              breakdown={breakdown}
              names={names}
              order={order}
              money={ui.money === true}
              caption={t('replay.final')}
            />
          )}
        </div>
        <MoveList lines={lines} step={step} onPick={(next) => go(next, true)} />
      </div>
    </div>
  );
}

/** Every entry of the record in words, as the game's log says it (the whole record: the game is over). */
function describeAll(
  record: RecordLike,
  replay: Replay,
  ui: Ui,
  viewer: Viewer,
  names: string[],
  t: T,
  lang: Lang,
): string[] {
  const last = record.log.length;
  const log = record.log.map((_, index) => replay.entryAt(index, last, viewer) as LogEntry);
  return log.map((entry, index) => {
    if (isEndingEntry(entry)) return describeEnding(entry, names, t);
    // Told with the game as it was once the entry was seen whole (a simultaneous choice: once revealed, when what it
    // built stands on the board and can be named).
    const view = replay.viewAt(replay.shownFrom(index, viewer), viewer);
    const said = ui.describe?.(entry, names, t, lang, { log, index, view });
    if (said) return said;
    return 'chance' in entry ? t('replay.chanceItem') : `${seatName(names, entry.seat)}: …`;
  });
}

/**
 * The moves, each a button that shows the game just after it; the shown one is marked (`aria-current`) and scrolled
 * into the list's view when it changes, without scrolling the page.
 */
function MoveList({
  lines,
  step,
  onPick,
}: {
  lines: string[];
  step: number;
  onPick: (step: number) => void;
}) {
  const { t, lang } = useI18n();
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const box = list.current;
    const current = box?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!box || !current) return;
    const top = current.offsetTop;
    const bottom = top + current.offsetHeight;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - (box.clientHeight - current.offsetHeight) / 2);
  }, [step]);
  const item = (at: number, label: string, number: string | null) => (
    <li key={at}>
      <button
        type="button"
        className="move-item"
        aria-current={at === step ? 'step' : undefined}
        data-step={at}
        onClick={() => onPick(at)}
      >
        {number !== null && <span className="move-number">{number}</span>}
        <span>{label}</span>
      </button>
    </li>
  );
  const numbers = new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-US');
  return (
    <nav className="move-list card" aria-label={t('replay.moves')}>
      <h2>{t('replay.moves')}</h2>
      <ol ref={list} data-testid="move-list">
        {item(0, t('replay.startItem'), null)}
        {lines.map((line, index) => item(index + 1, line, numbers.format(index + 1)))}
      </ol>
    </nav>
  );
}

/** A record's ending entry in words: a resignation, a stop, an abort or a moderator's close. */
function describeEnding(entry: unknown, names: string[], t: T): string {
  const fields = entry as { seat?: number; resign?: boolean; stop?: boolean; close?: boolean };
  if (fields.resign)
    return t('log.resigned', { name: names[fields.seat ?? 0] ?? `#${(fields.seat ?? 0) + 1}` });
  return t(fields.stop ? 'end.stopped' : fields.close ? 'end.closed' : 'end.aborted');
}
