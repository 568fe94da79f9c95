/**
 * The bots' review of a finished game (`/review/ID`): each seat's chance to win over the game as the seat saw it (a
 * chart), every decision with the move made, the move the search prefers and a mark where the move lost much, a
 * summary per seat, and the board as the seat saw it before the chosen decision, after the move made and after the
 * move preferred. Asked from here (a review is made once per game and shared); its progress shows while it runs and
 * after a reload.
 */
import type { GameReview, ReviewStatus, ReviewedMove } from '@skyline/protocol';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, PageRefusal } from '../components.js';
import { GenericBoard, useGameUi } from '../games/index.js';
import { SEAT_COLOURS, seatName, type LogEntry } from '@skyline/board-kit';
import { useI18n, type T } from '../i18n.js';
import { http } from '../net.js';
import { saidOfFailure, type Said } from '../server-words.js';
import type { RecordLike, Replay } from '../replay-engine.js';

/** How often a running review's progress is asked for. */
const POLL_MS = 1500;

export function ReviewPage({ tableId }: { tableId: string }) {
  const { t } = useI18n();
  const [record, setRecord] = useState<RecordLike | null>(null);
  const [replay, setReplay] = useState<Replay | null>(null);
  const [status, setStatus] = useState<ReviewStatus | null>(null);
  const [error, setError] = useState<Said | null>(null);
  const [asking, setAsking] = useState(false);
  const ui = useGameUi(record?.game ?? '');

  useEffect(() => {
    let live = true;
    Promise.all([
      http<RecordLike>('GET', `/api/games/${tableId}/replay`),
      http<ReviewStatus>('GET', `/api/games/${tableId}/review`),
      import('../replay-engine.js'),
    ])
      .then(([loaded, reviewed, engine]) => {
        if (!live) return;
        setReplay(engine.buildReplay(loaded));
        setRecord(loaded);
        setStatus(reviewed);
      })
      .catch((caught: unknown) => live && setError(saidOfFailure(caught, { text: '' })));
    return () => {
      live = false;
    };
  }, [tableId]);

  // While it runs (here or in another page, or before a reload): its progress, until it is done.
  const running = status?.status === 'queued' || status?.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      http<ReviewStatus>('GET', `/api/games/${tableId}/review`)
        .then(setStatus)
        .catch(() => undefined); // asked again at the next beat
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, tableId]);

  const ask = useCallback(() => {
    setAsking(true);
    setError(null);
    http<ReviewStatus>('POST', `/api/games/${tableId}/review`)
      .then(setStatus)
      .catch((caught: unknown) => setError(saidOfFailure(caught, { text: '' })))
      .finally(() => setAsking(false));
  }, [tableId]);

  if (error && !status)
    return <PageRefusal said={error} back={{ to: `/t/${tableId}`, label: t('replay.back') }} />;
  if (!record || !replay || !status || !ui) return <p aria-busy="true">…</p>;

  return (
    <div className="review">
      <div className="table-head">
        <Link to={`/replay/${tableId}`}>{t('review.toReplay')}</Link>
        <h1>
          {t('review.title')} · {replay.game.title}
        </h1>
      </div>
      {error && <PageRefusal said={error} />}
      {status.status === 'done' && status.review ? (
        <Reviewed review={status.review} record={record} replay={replay} ui={ui} />
      ) : (
        <div className="card" data-testid="review-state">
          <p>{t('review.what')}</p>
          {running ? (
            <>
              <label className="review-progress">
                {t('review.running', { n: status.done, of: status.total })}{' '}
                <progress value={status.done} max={Math.max(1, status.total)} data-testid="review-progress" />
              </label>
              <p className="muted small">{t('review.runningNote')}</p>
            </>
          ) : (
            <>
              {status.status === 'failed' && <p role="alert">{t('review.failed')}</p>}
              <button
                type="button"
                className="primary"
                onClick={ask}
                disabled={asking}
                data-testid="review-ask"
              >
                {t('review.ask')}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  );
}

type Ui = NonNullable<ReturnType<typeof useGameUi>>;

function Reviewed({
  review,
  record,
  replay,
  ui,
}: {
  review: GameReview;
  record: RecordLike;
  replay: Replay;
  ui: Ui;
}) {
  const { t, lang } = useI18n();
  const names = record.names ?? [];
  const judged = review.moves.map((move, n) => ({ move, n })).filter(({ move }) => !move.forced);
  // The worst move of the game first: what a player opens a review for.
  const worst = judged.reduce<number>(
    (a, { move, n }) => (move.loss > (review.moves[a]?.loss ?? -1) ? n : a),
    0,
  );
  const [chosen, setChosen] = useState(worst);
  const describe = (seat: number, move: unknown) => {
    const entry: LogEntry = { seat, move: move as Record<string, unknown> };
    return (ui.describe ? ui.describe(entry, names, t, lang) : null) ?? JSON.stringify(move);
  };
  const go = (n: number) => setChosen(Math.max(0, Math.min(review.moves.length - 1, n)));
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowLeft') go(chosen - 1);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowRight') go(chosen + 1);
    else return;
    event.preventDefault();
  };
  const selected = review.moves[chosen];
  // Moved by the arrows, the focus follows the chosen decision (a click leaves it where it is).
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const current = list.current?.querySelector<HTMLButtonElement>('[aria-current="step"]');
    if (current && list.current?.contains(document.activeElement)) current.focus();
  }, [chosen]);

  return (
    <>
      <section className="card" aria-labelledby="review-chance">
        <h2 id="review-chance">{t('review.chance')}</h2>
        <ChanceChart review={review} names={names} chosen={chosen} onChoose={go} t={t} />
        <SeatSummaries review={review} names={names} t={t} />
        <p className="muted small">{t('review.marksNote')}</p>
      </section>
      <div className="review-body">
        <section className="card review-moves" aria-labelledby="review-moves">
          <h2 id="review-moves">{t('review.moves')}</h2>
          <ol data-testid="review-moves" onKeyDown={onKey} ref={list}>
            {review.moves.map((move, n) => (
              <li key={move.index}>
                <button
                  type="button"
                  className={`review-move${n === chosen ? ' chosen' : ''}`}
                  aria-current={n === chosen ? 'step' : undefined}
                  onClick={() => setChosen(n)}
                  ref={n === chosen ? (node) => node?.scrollIntoView({ block: 'nearest' }) : undefined}
                  data-testid={`review-move-${move.index}`}
                >
                  <span
                    className="seat-dot"
                    style={{ background: SEAT_COLOURS[move.seat] }}
                    aria-hidden="true"
                  />
                  {/* The log's own words, which name the player. */}
                  {describe(move.seat, move.played.move)}{' '}
                  <span className="muted">
                    {move.forced ? t('review.forced') : chance(move.played.win, lang)}
                  </span>
                  {move.mark && <Mark mark={move.mark} t={t} />}
                </button>
              </li>
            ))}
          </ol>
        </section>
        {selected && (
          <ChosenDecision
            move={selected}
            replay={replay}
            record={record}
            ui={ui}
            describe={describe}
            key={selected.index}
          />
        )}
      </div>
    </>
  );
}

function chance(win: number | null, lang: string): string {
  // "42%" in English, "42 %" (a narrow space) in French.
  return win === null ? '–' : new Intl.NumberFormat(lang, { style: 'percent' }).format(win);
}

function Mark({ mark, t }: { mark: NonNullable<ReviewedMove['mark']>; t: T }) {
  return (
    <span className={`mark mark-${mark}`} data-testid="review-mark">
      {t(`review.mark.${mark}`)}
    </span>
  );
}

/** Each seat's chance to win after each of its decisions, over the game: click a point to choose that decision. */
function ChanceChart({
  review,
  names,
  chosen,
  onChoose,
  t,
}: {
  review: GameReview;
  names: string[];
  chosen: number;
  onChoose: (n: number) => void;
  t: T;
}) {
  const width = 600;
  const height = 160;
  const last = Math.max(1, review.moves.length - 1);
  const x = (n: number) => 8 + ((width - 16) * n) / last;
  const y = (win: number) => 8 + (height - 16) * (1 - win);
  const seats = review.seats.map((summary) => summary.seat);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="review-chart"
      role="img"
      aria-label={t('review.chartLabel')}
      data-testid="review-chart"
    >
      <line x1={8} x2={width - 8} y1={y(0.5)} y2={y(0.5)} className="chart-half" />
      {seats.map((seat) => {
        const points = review.moves
          .map((move, n) => ({ move, n }))
          .filter(({ move }) => move.seat === seat && move.played.win !== null);
        return (
          <g key={seat} style={{ color: SEAT_COLOURS[seat] }}>
            <polyline
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              points={points.map(({ move, n }) => `${x(n)},${y(move.played.win!)}`).join(' ')}
            />
            {points.map(({ move, n }) => (
              <circle
                key={n}
                cx={x(n)}
                cy={y(move.played.win!)}
                r={n === chosen ? 6 : move.mark ? 4 : 2.5}
                fill={move.mark ? 'var(--danger, #b00020)' : 'currentColor'}
                onClick={() => onChoose(n)}
              >
                <title>{`${seatName(names, seat)}: ${Math.round(100 * move.played.win!)}%`}</title>
              </circle>
            ))}
          </g>
        );
      })}
    </svg>
  );
}

function SeatSummaries({ review, names, t }: { review: GameReview; names: string[]; t: T }) {
  return (
    // In a box of its own that scrolls on a narrow phone, rather than widening the page.
    <div className="table-scroll" role="region" aria-label={t('review.player')} tabIndex={0}>
      <table className="review-seats" data-testid="review-seats">
        <thead>
          <tr>
            <th scope="col">{t('review.player')}</th>
            <th scope="col">{t('review.decisions')}</th>
            <th scope="col">{t('review.meanLoss')}</th>
            <th scope="col">{t('review.mark.blunder')}</th>
            <th scope="col">{t('review.mark.mistake')}</th>
            <th scope="col">{t('review.mark.inaccuracy')}</th>
          </tr>
        </thead>
        <tbody>
          {review.seats.map((seat) => (
            <tr key={seat.seat}>
              <th scope="row">
                <span
                  className="seat-dot"
                  style={{ background: SEAT_COLOURS[seat.seat] }}
                  aria-hidden="true"
                />
                {seatName(names, seat.seat)}
              </th>
              <td>{seat.decisions}</td>
              <td>{(100 * seat.meanLoss).toFixed(1)}</td>
              <td>{seat.blunders}</td>
              <td>{seat.mistakes}</td>
              <td>{seat.inaccuracies}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The decision chosen: its words, and the board as its seat saw it after the move made and after the preferred one. */
function ChosenDecision({
  move,
  replay,
  record,
  ui,
  describe,
}: {
  move: ReviewedMove;
  replay: Replay;
  record: RecordLike;
  ui: Ui;
  describe: (seat: number, move: unknown) => string;
}) {
  const { t, lang } = useI18n();
  const names = record.names ?? [];
  const Board = ui.Board ?? GenericBoard;
  const same = JSON.stringify(move.played.move) === JSON.stringify(move.best.move);
  // The seat's view after a move made at the decision's state (the record's own state after the move made; the
  // preferred move applied to a copy of the state before it).
  const viewAfter = (played: unknown) => {
    const state = replay.game.clone(replay.states[move.index]);
    replay.game.applyInPlace(state, move.seat, played);
    return replay.game.view(state, move.seat);
  };
  const boards = same
    ? [{ key: 'made', title: t('review.made'), view: viewAfter(move.played.move) }]
    : [
        { key: 'made', title: t('review.made'), view: viewAfter(move.played.move) },
        { key: 'best', title: t('review.preferred'), view: viewAfter(move.best.move) },
      ];
  const status = replay.statusAt(move.index);
  return (
    <section className="card review-chosen" aria-labelledby="review-chosen" data-testid="review-chosen">
      <h2 id="review-chosen">
        {t('review.decision', { name: seatName(names, move.seat), n: move.index })}
        {move.mark && <Mark mark={move.mark} t={t} />}
      </h2>
      <dl className="review-facts">
        <dt>{t('review.made')}</dt>
        <dd data-testid="review-made">
          {describe(move.seat, move.played.move)} — {chance(move.played.win, lang)}
        </dd>
        <dt>{t('review.preferred')}</dt>
        <dd data-testid="review-preferred">
          {same
            ? t('review.same')
            : `${describe(move.seat, move.best.move)} — ${chance(move.best.win, lang)}`}
        </dd>
        {!move.forced && (
          <>
            <dt>{t('review.lost')}</dt>
            <dd>{t('review.points', { n: Math.round(100 * move.loss) })}</dd>
          </>
        )}
      </dl>
      <div className="review-boards">
        {boards.map((board) => (
          <figure key={board.key} data-testid={`review-board-${board.key}`}>
            <figcaption>{board.title}</figcaption>
            <Board
              view={board.view}
              legalMoves={[]}
              viewer={move.seat}
              names={names}
              status={status}
              send={() => undefined}
              t={t}
              lang={lang}
            />
          </figure>
        ))}
      </div>
    </section>
  );
}
