/** Manhattan: six 3×3 cities, the pieces chosen at each round's start, and builds from card, city and piece. */
// The game's own types: the view the server sends and the moves it accepts.
import {
  boardFromStacks,
  lotOfCard,
  placedPiece,
  scoreBoard as scoreRound,
  type ManhattanMove,
  type ManhattanView,
  type ViewPiece,
} from '@skyline/manhattan';
import {
  activate,
  PlayersTable,
  SEAT_COLOURS,
  SeatLabel,
  seatName,
  shade,
  Tower,
  TurnDot,
  useWhyNot,
  waitingReason,
  WhyNot,
  type BoardProps,
  type GameUi,
  type KitKey,
  type LogEntry,
} from '@skyline/board-kit';
import { useState } from 'react';
import type { ManhattanKey, T } from './words.js';

type Piece = ViewPiece;

export type { ManhattanMove, ManhattanView };

/** The six cities' names in the player's language (city 1 is Manhattan). */
export const cityName = (t: T, city: number): string => t(`manhattan.city.${city}` as 'manhattan.city.1');

/** The board's owners and heights per lot (0..53), as the game derives them from the stacks. */
export function derivedBoard(board: Piece[][][], players: number): { owners: number[]; heights: number[] } {
  const stacks = board.flat().map((stack) => stack.map((piece) => placedPiece(piece.seat, piece.floors)));
  return boardFromStacks(players, stacks);
}

export interface ScoreBreakdown {
  buildings: number[];
  majorities: number[];
  tallest: number[];
  total: number[];
}

/** What each seat would score if the round were scored now: the game's own scoring, point by point. */
export function scoreBoard(board: Piece[][][], players: number): ScoreBreakdown {
  const { owners, heights } = derivedBoard(board, players);
  const round = scoreRound(players, owners, heights);
  const majorities = new Array<number>(players).fill(0);
  for (const seat of round.majorities) if (seat >= 0) majorities[seat] = (majorities[seat] ?? 0) + 2;
  const tallest = new Array<number>(players).fill(0);
  if (round.tallest >= 0) tallest[round.tallest] = 3;
  return { buildings: round.buildings, majorities, tallest, total: round.points };
}

const LOT = 46;
const CITY_W = LOT * 3 + 16;
const CITY_H = LOT * 3 + 34;

export function ManhattanBoard({
  view: raw,
  legalMoves: rawMoves,
  names,
  t,
  send,
  recent,
  status,
}: BoardProps<ManhattanKey | KitKey>) {
  const view = raw as ManhattanView;
  const legalMoves = rawMoves as ManhattanMove[];
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const builds = legalMoves.filter((m): m is Extract<ManhattanMove, { type: 'build' }> => m.type === 'build');
  const selects = legalMoves.filter(
    (m): m is Extract<ManhattanMove, { type: 'select' }> => m.type === 'select',
  );
  const discards = legalMoves.filter(
    (m): m is Extract<ManhattanMove, { type: 'discard' }> => m.type === 'discard',
  );
  const canSkip = legalMoves.some((m) => m.type === 'skip');

  const [card, setCard] = useState<number | null>(null);
  const [piece, setPiece] = useState<number | null>(null);
  const cards = [...new Set(builds.map((m) => m.card))];
  const pieces = [...new Set(builds.map((m) => m.piece))].sort((a, b) => a - b);
  const activeCard =
    card !== null && cards.includes(card) ? card : cards.length === 1 ? (cards[0] as number) : null;
  const activePiece =
    piece !== null && pieces.includes(piece) ? piece : pieces.length === 1 ? (pieces[0] as number) : null;
  const targets = builds.filter(
    (m) =>
      (activeCard === null || m.card === activeCard) && (activePiece === null || m.piece === activePiece),
  );
  // A lot is offered when one build (card and piece chosen, or the only ones left) goes there.
  const targetAt = new Map<string, Extract<ManhattanMove, { type: 'build' }>>();
  if (me !== null && activeCard !== null && activePiece !== null)
    for (const m of targets) targetAt.set(`${m.city}:${lotOfCard(view, me, m.card)}`, m);
  const highlighted = new Set<string>();
  if (me !== null) for (const m of targets) highlighted.add(`${m.city}:${lotOfCard(view, me, m.card)}`);

  const { why, say } = useWhyNot();
  /** Why a card, or a lot, not offered now cannot be chosen (null: nothing to say, as to a spectator). */
  const whyNot = (what: 'card' | 'lot'): string | null => {
    if (me === null || view.phase === 'over') return null;
    if (legalMoves.length === 0) return waitingReason(t, names, status, me);
    if (selects.length > 0) return t('why.piecesFirst');
    if (discards.length > 0) return t('why.discardFirst');
    if (builds.length === 0) return t('why.wait');
    if (what === 'card') return t('why.cardNoLot');
    return activeCard === null || activePiece === null ? t('why.cardFirst') : t('why.notThere');
  };
  const explain = (what: 'card' | 'lot') => {
    const reason = whyNot(what);
    if (reason) say(reason);
  };

  const breakdown = scoreBoard(view.board, view.players);
  const { owners, heights } = derivedBoard(view.board, view.players);
  // One scale for the whole board, so that buildings compare at a glance; the tallest fits in its lot.
  const floorHeight = 26 / Math.max(3, ...heights);
  /** Each lot just built on ("city:lot"), with who built there: the seats' latest builds. */
  const justBuiltAt = new Map<string, number>();
  for (const { seat, move } of recent ?? [])
    if (move.type === 'build')
      justBuiltAt.set(`${Number(move.city)}:${lotOfCard(view, seat, Number(move.card))}`, seat);

  return (
    <div className="manhattan board">
      <div className="board-main">
        <svg
          viewBox={`0 0 ${CITY_W * 3 + 8} ${CITY_H * 2 + 8}`}
          className="manhattan-board"
          role="group"
          aria-label="Manhattan"
        >
          {view.board.map((city, c) => {
            const ox = 4 + (c % 3) * CITY_W;
            const oy = 4 + Math.floor(c / 3) * CITY_H;
            return (
              <g key={c} role="group" aria-label={cityName(t, c + 1)}>
                <rect x={ox + 2} y={oy + 2} width={CITY_W - 4} height={CITY_H - 4} rx={8} fill="#e9eef4" />
                <text
                  x={ox + CITY_W / 2}
                  y={oy + 18}
                  textAnchor="middle"
                  fontSize={13}
                  fontWeight={600}
                  fill="#334"
                >
                  {c + 1}. {cityName(t, c + 1)}
                </text>
                {city.map((stack, l) => {
                  const x = ox + 8 + (l % 3) * LOT;
                  const y = oy + 26 + Math.floor(l / 3) * LOT;
                  const owner = owners[c * 9 + l] ?? -1;
                  const h = heights[c * 9 + l] ?? 0;
                  const key = `${c + 1}:${l + 1}`;
                  const move = targetAt.get(key);
                  const lit = highlighted.has(key);
                  const floors = new Map<number, number>();
                  for (const p of stack) floors.set(p.seat, (floors.get(p.seat) ?? 0) + p.floors);
                  const justBuilt = justBuiltAt.get(key);
                  const label = `${t('manhattan.lotLabel', { city: cityName(t, c + 1), lot: l + 1 })}: ${
                    owner < 0
                      ? t('manhattan.emptyLot')
                      : t('manhattan.building', { h, owner: seatName(names, owner) }) +
                        ` (${[...floors].map(([s, f]) => `${seatName(names, s)} ${f}`).join(', ')})`
                  }${justBuilt === undefined ? '' : `. ${t('manhattan.justBuilt', { who: seatName(names, justBuilt) })}`}`;
                  const body = (
                    <>
                      <title>{label}</title>
                      {justBuilt !== undefined && (
                        <rect
                          className="just-moved"
                          x={x - 3}
                          y={y - 3}
                          width={LOT + 2}
                          height={LOT + 2}
                          rx={7}
                          fill="none"
                          stroke="#1d2733"
                          strokeWidth={3}
                          data-testid="just-built"
                        />
                      )}
                      <rect
                        x={x}
                        y={y}
                        width={LOT - 4}
                        height={LOT - 4}
                        rx={5}
                        fill={owner < 0 ? '#fff' : shade(SEAT_COLOURS[owner] ?? '#888888', -0.8)}
                        stroke={lit ? '#0b7a75' : owner < 0 ? '#b7c2cf' : (SEAT_COLOURS[owner] ?? '#888')}
                        strokeDasharray={lit && !move ? '5 3' : undefined}
                        strokeWidth={lit ? 4 : owner < 0 ? 1 : 2}
                      />
                      {owner >= 0 && (
                        <>
                          {/* The building in perspective: one segment per piece, in the order built. */}
                          <Tower
                            x={x + 12}
                            ground={y + LOT - 8}
                            segments={stack.map((p) => ({
                              colour: SEAT_COLOURS[p.seat] ?? '#888888',
                              floors: p.floors,
                            }))}
                            width={17}
                            depth={8}
                            floor={floorHeight}
                          />
                          <text
                            x={x + 4}
                            y={y + 13}
                            fontSize={12}
                            fontWeight={700}
                            fill="#1d2733"
                            aria-hidden="true"
                          >
                            {h}
                          </text>
                        </>
                      )}
                      {owner < 0 && (
                        <text
                          x={x + 21}
                          y={y + 26}
                          textAnchor="middle"
                          fontSize={11}
                          fill="#5c6670"
                          aria-hidden="true"
                        >
                          {l + 1}
                        </text>
                      )}
                    </>
                  );
                  if (!move)
                    return (
                      <g
                        key={l}
                        role="img"
                        aria-label={label}
                        data-testid={`lot-${c + 1}-${l + 1}`}
                        onClick={() => explain('lot')}
                      >
                        {body}
                      </g>
                    );
                  return (
                    <g
                      key={l}
                      role="button"
                      tabIndex={0}
                      className="svg-button"
                      aria-label={`${t('manhattan.buildHere')}: ${label}`}
                      data-testid="build-lot"
                      onClick={() => send(move)}
                      onKeyDown={(event) => activate(event, () => send(move))}
                    >
                      {body}
                    </g>
                  );
                })}
              </g>
            );
          })}
        </svg>
      </div>

      <div className="board-side">
        <WhyNot why={why} />
        {selects.length > 0 && me !== null && (
          <SelectPieces view={view} seat={me} selects={selects} send={send} t={t} />
        )}
        {builds.length > 0 && (
          <div className="hint" role="status">
            {t('manhattan.buildHint')}
          </div>
        )}
        {view.hand && (
          <section aria-label={t('manhattan.cards')}>
            <h3>{t('manhattan.cards')}</h3>
            <div className="cards" role="group" aria-label={t('manhattan.cards')}>
              {view.hand.map((c, k) => {
                const usable = cards.includes(c);
                const lot = me === null ? c : lotOfCard(view, me, c);
                return (
                  <button
                    key={k}
                    type="button"
                    className={`card-button${activeCard === c ? ' selected' : ''}`}
                    aria-disabled={!usable}
                    aria-pressed={activeCard === c}
                    data-testid="card"
                    onClick={() => (usable ? setCard(c) : explain('card'))}
                    aria-label={t('manhattan.card', { n: c, lot })}
                  >
                    <MiniCard lot={lot} />
                  </button>
                );
              })}
            </div>
          </section>
        )}
        {builds.length > 0 && (
          <section aria-label={t('manhattan.piece')}>
            <h3>{t('manhattan.piece')}</h3>
            <div className="pieces">
              {pieces.map((p) => (
                <button
                  key={p}
                  type="button"
                  className={activePiece === p ? 'selected' : ''}
                  aria-pressed={activePiece === p}
                  data-testid="piece"
                  onClick={() => setPiece(p)}
                >
                  {t('manhattan.floors', { n: p })}
                </button>
              ))}
            </div>
          </section>
        )}
        {discards.length > 0 && (
          <section>
            <p className="hint">{t('manhattan.discardHint')}</p>
            {discards.map((m) => (
              <button key={m.card} type="button" onClick={() => send(m)} data-testid="discard">
                {t('manhattan.discard', { n: m.card })}
              </button>
            ))}
          </section>
        )}
        {canSkip && (
          <button type="button" onClick={() => send({ type: 'skip' })} data-testid="skip">
            {t('manhattan.skip')}
          </button>
        )}
        <PlayersTable
          t={t}
          subtitle={t('manhattan.round', { n: view.round, of: view.options.sixrounds ? 6 : 4 })}
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
        <section aria-label={t('manhattan.breakdown')}>
          <h3>{t('manhattan.breakdown')}</h3>
          <table className="scores" data-testid="breakdown">
            <thead>
              <tr>
                <th scope="col"></th>
                <th scope="col">{t('manhattan.buildings')}</th>
                <th scope="col">{t('manhattan.majorities')}</th>
                <th scope="col">{t('manhattan.tallest')}</th>
                <th scope="col">=</th>
              </tr>
            </thead>
            <tbody>
              {breakdown.total.map((total, seat) => (
                <tr key={seat}>
                  <th scope="row">{seatName(names, seat)}</th>
                  <td>{breakdown.buildings[seat]}</td>
                  <td>{breakdown.majorities[seat]}</td>
                  <td>{breakdown.tallest[seat]}</td>
                  <td>{total}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {view.history.length > 0 && (
            <p className="muted small" data-testid="round-scores">
              {view.history
                .map(
                  (round, r) =>
                    `${t('end.round', { n: r + 1 })}: ${round.map((s, seat) => `${seatName(names, seat)} ${s}`).join(', ')}`,
                )
                .join(' · ')}
            </p>
          )}
          <p className="muted small">
            {t('manhattan.drawPile', { n: view.drawSize })} ·{' '}
            {t('manhattan.discardPile', { n: view.discard.length })}
          </p>
        </section>
      </div>
    </div>
  );
}

function MiniCard({ lot }: { lot: number }) {
  return (
    <svg viewBox="0 0 30 30" width={30} height={30} aria-hidden="true">
      {Array.from({ length: 9 }, (_, k) => (
        <rect
          key={k}
          x={1 + (k % 3) * 9.5}
          y={1 + Math.floor(k / 3) * 9.5}
          width={8.5}
          height={8.5}
          fill={k + 1 === lot ? '#1d2733' : '#dde3ea'}
        />
      ))}
    </svg>
  );
}

/** Pieces by size, as "1×2 2×1 …". */
function Pieces({ counts }: { counts: number[] }) {
  const parts = counts.flatMap((n, k) => (n > 0 ? [`${k + 1}▮×${n}`] : []));
  // Each group unbroken, the line broken between groups: a phone's players table then fits its width.
  return (
    <span className="pieces-text">
      {parts.length ? parts.map((part, k) => <span key={k}>{part} </span>) : '—'}
    </span>
  );
}

/** Choosing the round's pieces: +/− per size; only a legal selection can be confirmed. */
function SelectPieces({
  view,
  seat,
  selects,
  send,
  t,
}: {
  view: ManhattanView;
  seat: number;
  selects: Extract<ManhattanMove, { type: 'select' }>[];
  send: (move: ManhattanMove) => void;
  t: T;
}) {
  const total = selects[0]?.pieces.length ?? 0;
  const reserve = view.reserves[seat] ?? [0, 0, 0, 0];
  const [counts, setCounts] = useState<number[]>(() => {
    // start from the first legal selection
    const first = selects[0]?.pieces ?? [];
    return [1, 2, 3, 4].map((size) => first.filter((p) => p === size).length);
  });
  const pieces = counts.flatMap((n, k) => Array<number>(n).fill(k + 1));
  const chosen = selects.find(
    (m) => m.pieces.length === pieces.length && m.pieces.every((p, k) => p === pieces[k]),
  );
  const sum = pieces.length;
  return (
    <section className="select-pieces card" aria-label={t('manhattan.selectTitle', { n: total })}>
      <h3>{t('manhattan.selectTitle', { n: total })}</h3>
      {[1, 2, 3, 4].map((size) => (
        <div key={size} className="counter">
          <span>{t('manhattan.floors', { n: size })}</span>
          <button
            type="button"
            aria-label={`− ${t('manhattan.floors', { n: size })}`}
            disabled={(counts[size - 1] ?? 0) === 0}
            onClick={() => setCounts((c) => c.map((n, k) => (k === size - 1 ? n - 1 : n)))}
          >
            −
          </button>
          <output>{counts[size - 1]}</output>
          <button
            type="button"
            aria-label={`+ ${t('manhattan.floors', { n: size })}`}
            disabled={(counts[size - 1] ?? 0) >= (reserve[size - 1] ?? 0) || sum >= total}
            onClick={() => setCounts((c) => c.map((n, k) => (k === size - 1 ? n + 1 : n)))}
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

export const manhattanUi: GameUi<ManhattanKey | KitKey> = {
  Board: ManhattanBoard,
  describe(entry: LogEntry, names: string[], t: T, _lang, context): string | null {
    if ('chance' in entry) return entry.chance.type === 'shuffle' ? t('manhattan.log.shuffle') : null;
    const who = seatName(names, entry.seat);
    const m = entry.move;
    switch (m.type) {
      case 'select':
        return t('manhattan.log.select', { who, pieces: (m.pieces as number[]).join(', ') });
      case 'build': {
        // The lot on the board: with the perspective option, a card means another lot for each seat.
        const view = context?.view as ManhattanView | undefined;
        const card = Number(m.card);
        return t('manhattan.log.build', {
          who,
          floors: Number(m.piece),
          city: cityName(t, Number(m.city)),
          lot: view ? lotOfCard(view, entry.seat, card) : card,
          card,
        });
      }
      case 'discard':
        return t('manhattan.log.discard', { who, card: Number(m.card) });
      case 'skip':
        return t('manhattan.log.skip', { who });
      default:
        return null;
    }
  },
  rounds: (view) => (view as ManhattanView).history,
};
