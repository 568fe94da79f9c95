/**
 * My City: every seat's board (yours large, the others small), the revealed building, and a placement preview that
 * follows the pointer (or the arrow keys), turns with R or a button — never mirrors — and shows whether it may be
 * dropped there before you drop it. Only the seat's legal moves are ever sent.
 */
// The game's own types: the view the server sends and the moves it accepts.
import { EMPTY, SQUARES, visible, type MyCityMove, type MyCityView } from '@skyline/mycity';
import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import {
  PlayersTable,
  SeatLabel,
  seatName,
  useWhyNot,
  waitingReason,
  WhyNot,
  type BoardProps,
  type GameUi,
  type KitKey,
  type LogEntry,
} from '@skyline/board-kit';
import data from '@skyline/mycity/data' with { type: 'json' };
import type { MyCityKey, T } from './words.js';

type Cell = [number, number];
export type { MyCityView };

export const BOARD: string[] = data.board;
const ROWS = data.rows;
const COLS = data.cols;
const SHAPES = new Map<string, Cell[]>(data.buildings.map((b) => [b.id, b.cells as Cell[]]));
const KIND = new Map<string, string>(data.buildings.map((b) => [b.id, b.kind]));

const TERRAIN: Record<
  string,
  { fill: string; key: 'grass' | 'tree' | 'rock' | 'river' | 'mountain' | 'forest' }
> = {
  '.': { fill: '#cfe8a9', key: 'grass' },
  T: { fill: '#cfe8a9', key: 'tree' },
  R: { fill: '#cfe8a9', key: 'rock' },
  '~': { fill: '#7fb8e6', key: 'river' },
  M: { fill: '#a89f94', key: 'mountain' },
  F: { fill: '#3f7d3a', key: 'forest' },
};
const BUILDING_FILL: Record<string, string> = { y: '#f2c94c', r: '#e06c5a', b: '#5b8def' };

const key = (cells: readonly Cell[]) =>
  cells
    .map(([r, c]) => `${r},${c}`)
    .sort()
    .join(' ');

/** The shape turned `turns` quarter-turns clockwise, normalised to start at row 0, column 0 (never mirrored). */
export function turned(cells: readonly Cell[], turns: number): Cell[] {
  let out = cells.map(([r, c]) => [r, c] as Cell);
  for (let k = 0; k < ((turns % 4) + 4) % 4; k++) out = out.map(([r, c]) => [c, -r] as Cell);
  const top = Math.min(...out.map(([r]) => r));
  const left = Math.min(...out.map(([, c]) => c));
  return out.map(([r, c]) => [r - top, c - left] as Cell);
}

export interface CityScore {
  marker: number;
  trees: number;
  rocks: number;
  empty: number;
  total: number;
}

/** A board's episode score if it ended now, counted by the game: marker + visible trees − visible rocks − empty grass. */
export function scoreCity(built: { cells: Cell[] }[], marker: number): CityScore {
  const squares = new Array<number>(SQUARES).fill(EMPTY);
  built.forEach((building, k) => {
    for (const [r, c] of building.cells) squares[r * COLS + c] = k;
  });
  const { trees, rocks, emptyGrass: empty } = visible(squares);
  return { marker, trees, rocks, empty, total: marker + trees - rocks - empty };
}

/** One square of the board, drawn at (c, r) in squares of `size`. */
function Square({ square, r, c, size }: { square: string; r: number; c: number; size: number }) {
  const x = c * size;
  const y = r * size;
  const terrain = TERRAIN[square] ?? TERRAIN['.']!;
  return (
    <g>
      <rect x={x} y={y} width={size} height={size} fill={terrain.fill} stroke="#ffffff80" strokeWidth={0.5} />
      {square === 'T' && (
        <g>
          <rect
            x={x + size * 0.45}
            y={y + size * 0.55}
            width={size * 0.1}
            height={size * 0.3}
            fill="#6b4a2b"
          />
          <circle cx={x + size / 2} cy={y + size * 0.42} r={size * 0.26} fill="#2f8f3a" />
        </g>
      )}
      {square === 'R' && (
        <path
          d={`M${x + size * 0.2} ${y + size * 0.78}L${x + size * 0.38} ${y + size * 0.35}L${x + size * 0.62} ${y + size * 0.28}L${x + size * 0.82} ${y + size * 0.78}Z`}
          fill="#8d8d8d"
          stroke="#555"
          strokeWidth={0.6}
        />
      )}
      {square === 'M' && (
        <path
          d={`M${x + size * 0.1} ${y + size * 0.85}L${x + size * 0.5} ${y + size * 0.15}L${x + size * 0.9} ${y + size * 0.85}Z`}
          fill="#7a6f63"
        />
      )}
      {square === 'F' && (
        <g fill="#1f5a1f">
          <path d={`M${x + size * 0.3} ${y + size * 0.2}l${size * 0.2} ${size * 0.45}h-${size * 0.4}z`} />
          <path d={`M${x + size * 0.7} ${y + size * 0.35}l${size * 0.2} ${size * 0.45}h-${size * 0.4}z`} />
        </g>
      )}
      {square === '~' && (
        <path
          d={`M${x + size * 0.15} ${y + size * 0.5}q${size * 0.175} -${size * 0.15} ${size * 0.35} 0t${size * 0.35} 0`}
          stroke="#dff0ff"
          fill="none"
          strokeWidth={size * 0.06}
        />
      )}
    </g>
  );
}

function Terrain({ size }: { size: number }) {
  return (
    <g aria-hidden="true">
      {BOARD.map((row, r) =>
        [...row].map((square, c) => <Square key={`${r}-${c}`} square={square} r={r} c={c} size={size} />),
      )}
    </g>
  );
}

/** A building in words: its kind and number, and the squares it covers (rows and columns counted from 1). */
export function buildingName(id: string, t: T, cells?: readonly Cell[]): string {
  const kind = t(`mycity.kind.${KIND.get(id) ?? 'residential'}` as 'mycity.kind.residential');
  const name = t('mycity.buildingName', { kind, n: id.slice(1) });
  if (!cells || cells.length === 0) return name;
  return t('mycity.buildingAt', { name, where: placeName(cells, t) });
}

/** Where some squares are: "rows 3–4, columns 5–6" (counted from 1). */
export function placeName(cells: readonly Cell[], t: T): string {
  const rows = cells.map(([r]) => r + 1);
  const cols = cells.map(([, c]) => c + 1);
  const span = (values: number[]) => {
    const low = Math.min(...values);
    const high = Math.max(...values);
    return low === high ? `${low}` : `${low}–${high}`;
  };
  return t('mycity.place', { rows: span(rows), cols: span(cols) });
}

function Buildings({
  built,
  size,
  t,
  testId,
}: {
  built: { id: string; cells: Cell[] }[];
  size: number;
  t: T;
  testId?: string;
}) {
  return (
    <g data-testid={testId}>
      {built.map((b, k) => (
        <g key={k} role="img" aria-label={buildingName(b.id, t, b.cells)}>
          {b.cells.map(([r, c]) => (
            <rect
              key={`${r}-${c}`}
              data-cell={`${r},${c}`}
              x={c * size + 1}
              y={r * size + 1}
              width={size - 2}
              height={size - 2}
              rx={size * 0.12}
              fill={BUILDING_FILL[b.id[0] ?? 'y'] ?? '#ccc'}
              stroke="#333"
              strokeWidth={size * 0.04}
            />
          ))}
        </g>
      ))}
    </g>
  );
}

/** An outline around the squares a seat has just built on (drawn on that seat's board). */
function JustBuilt({ cells, size }: { cells: readonly Cell[] | undefined; size: number }) {
  if (!cells) return null;
  return (
    <g pointerEvents="none" className="just-moved" data-testid="just-built" aria-hidden="true">
      {cells.map(([r, c]) => (
        <rect
          key={`${r}-${c}`}
          x={c * size + 0.5}
          y={r * size + 0.5}
          width={size - 1}
          height={size - 1}
          fill="none"
          stroke="#1d2733"
          strokeWidth={Math.max(1.5, size * 0.08)}
        />
      ))}
    </g>
  );
}

export function MyCityBoard({
  view: raw,
  legalMoves: rawMoves,
  names,
  t,
  send,
  recent,
  status,
}: BoardProps<MyCityKey | KitKey>) {
  const view = raw as MyCityView;
  const legalMoves = rawMoves as MyCityMove[];
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const building = view.revealed[view.revealed.length - 1] ?? null;
  const shape = building ? (SHAPES.get(building) ?? []) : [];
  const legal = useMemo(() => {
    const map = new Map<string, MyCityMove>();
    for (const move of legalMoves) if (move.type === 'build') map.set(key(move.cells), move);
    return map;
  }, [legalMoves]);
  const canPass = legalMoves.some((m) => m.type === 'pass');
  const canStop = legalMoves.some((m) => m.type === 'stop');
  const canBuild = legal.size > 0;
  const [turns, setTurns] = useState(0);
  const [anchor, setAnchor] = useState<Cell | null>(null);
  /**
   * Whether the building follows a hovering mouse (then it goes when the mouse leaves the board), rather than stands
   * where a tap, a key or "show a spot" put it: such a choice stays until the player moves it, whatever a mouse does
   * meanwhile (on a touch laptop, or when the browser sends a mouse event of its own as a page is resized).
   */
  const followsMouse = useRef(false);
  const placeAt = (cell: Cell | null, byMouse = false) => {
    followsMouse.current = byMouse;
    setAnchor(cell);
  };
  /** Whether the last pointer was a finger (or pen): taps place and confirm; a mouse previews by hovering. */
  const [touch, setTouch] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.('(hover: none)').matches === true,
  );

  const cells = turned(shape, turns);
  const placed: Cell[] | null = anchor ? cells.map(([r, c]) => [r + anchor[0], c + anchor[1]] as Cell) : null;
  const move = placed ? legal.get(key(placed)) : undefined;
  const size = 36;

  const drop = () => {
    if (move) {
      send(move);
      placeAt(null);
    }
  };
  /**
   * The anchor that puts the turned shape's top-left square on (r, c), moved back inside the board where the shape
   * would stick out: the square pointed at is then covered whenever that fits.
   */
  const anchorAt = (r: number, c: number): Cell => {
    const first = [...cells].sort((a, b) => a[0] - b[0] || a[1] - b[1])[0];
    const height = Math.max(0, ...cells.map(([dr]) => dr)) + 1;
    const width = Math.max(0, ...cells.map(([, dc]) => dc)) + 1;
    const top = r - (first?.[0] ?? 0);
    const left = c - (first?.[1] ?? 0);
    return [Math.max(0, Math.min(ROWS - height, top)), Math.max(0, Math.min(COLS - width, left))];
  };
  /** The board square under a pointer, or null off the board. */
  const squareAt = (event: PointerEvent<SVGSVGElement> | MouseEvent<SVGSVGElement>): Cell | null => {
    const svg = event.currentTarget;
    const matrix = svg.getScreenCTM();
    if (!matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    const r = Math.floor(point.y / size);
    const c = Math.floor(point.x / size);
    return r >= 0 && r < ROWS && c >= 0 && c < COLS ? [r, c] : null;
  };
  const covers = (cell: Cell) => placed?.some(([r, c]) => r === cell[0] && c === cell[1]) ?? false;
  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    if (!canBuild || event.pointerType !== 'mouse') return;
    const cell = squareAt(event);
    if (cell && !covers(cell)) placeAt(anchorAt(...cell), true);
  };
  const { why, say } = useWhyNot();
  /** A tap or click: on the building where it fits, builds it; anywhere else, moves it there. */
  const onClick = (event: MouseEvent<SVGSVGElement>) => {
    if (!canBuild) {
      // Nothing to build now: say why (a choice made, the others awaited), unless the game is over or only watched.
      if (me !== null && view.phase !== 'over')
        say(
          view.choice
            ? t('why.chosen')
            : legalMoves.length > 0
              ? t('why.nothingFits')
              : waitingReason(t, names, status, me),
        );
      return;
    }
    const cell = squareAt(event);
    if (!cell) return;
    if (covers(cell) && move) drop();
    else placeAt(anchorAt(...cell));
  };
  const onKey = (event: KeyboardEvent) => {
    if (!canBuild) return;
    const [r, c] = anchor ?? [0, 0];
    const moves: Record<string, Cell> = {
      ArrowUp: [r - 1, c],
      ArrowDown: [r + 1, c],
      ArrowLeft: [r, c - 1],
      ArrowRight: [r, c + 1],
    };
    const next = moves[event.key];
    if (next) {
      event.preventDefault();
      placeAt([Math.max(0, Math.min(ROWS - 1, next[0])), Math.max(0, Math.min(COLS - 1, next[1]))]);
    } else if (event.key === 'r' || event.key === 'R') {
      event.preventDefault();
      setTurns((n) => n + 1);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      drop();
    }
  };
  /** A spot where the turned shape is legal (for "show me a spot"), anchored at its top-left cell. */
  const someLegalAnchor = (): Cell | null => {
    for (const m of legal.values()) {
      if (m.type !== 'build') continue;
      const want = key(cells);
      const top = Math.min(...m.cells.map(([r]) => r));
      const left = Math.min(...m.cells.map(([, c]) => c));
      if (key(m.cells.map(([r, c]) => [r - top, c - left] as Cell)) === want) return [top, left];
    }
    return null;
  };

  const myBuilt = me !== null ? (view.boards[me] ?? []) : [];
  const others = view.boards.map((_, seat) => seat).filter((seat) => seat !== me);
  const mainSeat = me ?? 0;
  const choice = view.choice;
  /** Each seat's building just built (its squares), while it still stands this episode. */
  const justBuilt = new Map<number, Cell[]>();
  for (const { seat, move } of recent ?? []) {
    const cells = move.type === 'build' ? (move.cells as Cell[]) : null;
    if (cells && view.boards[seat]?.some((b) => key(b.cells) === key(cells))) justBuilt.set(seat, cells);
  }

  return (
    <div className="mycity board">
      <div className="board-main">
        <h3>
          {me !== null ? t('mycity.yourCity') : seatName(names, mainSeat)} ·{' '}
          {t('mycity.episode', { n: view.episode, of: view.options.episodes })}
        </h3>
        <svg
          viewBox={`0 0 ${COLS * size} ${ROWS * size}`}
          className="mycity-board"
          role="application"
          aria-label={t('mycity.boardLabel')}
          aria-describedby={canBuild ? 'mycity-place-hint' : undefined}
          tabIndex={canBuild ? 0 : -1}
          onKeyDown={onKey}
          onPointerDown={(event) => setTouch(event.pointerType !== 'mouse')}
          onPointerMove={onPointerMove}
          onPointerLeave={(event) => {
            if (event.pointerType === 'mouse' && followsMouse.current) placeAt(null);
          }}
          onClick={onClick}
          data-testid="mycity-board"
          data-rows={ROWS}
          data-cols={COLS}
        >
          <Terrain size={size} />
          <Buildings
            built={me !== null ? myBuilt : (view.boards[mainSeat] ?? [])}
            size={size}
            t={t}
            testId="built"
          />
          <JustBuilt cells={justBuilt.get(mainSeat)} size={size} />
          {choice?.type === 'build' && (
            <g
              pointerEvents="none"
              data-testid="chosen-building"
              role="img"
              aria-label={t('mycity.chosenBuilding', { name: buildingName(building ?? '', t, choice.cells) })}
            >
              {choice.cells.map(([r, c]) => (
                <rect
                  key={`c${r}-${c}`}
                  data-cell={`${r},${c}`}
                  x={c * size + 2}
                  y={r * size + 2}
                  width={size - 4}
                  height={size - 4}
                  rx={size * 0.12}
                  fill={BUILDING_FILL[building?.[0] ?? 'y']}
                  fillOpacity={0.6}
                  stroke="#1d2733"
                  strokeWidth={2}
                  strokeDasharray="5 3"
                />
              ))}
            </g>
          )}
          {placed && (
            <g pointerEvents="none" data-testid={move ? 'preview-legal' : 'preview-illegal'}>
              {placed.map(([r, c]) => (
                <rect
                  key={`p${r}-${c}`}
                  data-cell={`${r},${c}`}
                  x={c * size + 2}
                  y={r * size + 2}
                  width={size - 4}
                  height={size - 4}
                  rx={4}
                  fill={move ? '#2e9a4acc' : '#d33b2c99'}
                  stroke={move ? '#145a22' : '#7a1010'}
                  strokeWidth={2}
                />
              ))}
            </g>
          )}
        </svg>
        <WhyNot why={why} />
        {canBuild && (
          <p
            className="muted small"
            role="status"
            aria-live="polite"
            id="mycity-place-hint"
            data-testid="place-hint"
          >
            {placed
              ? move
                ? t(touch ? 'mycity.canDropTouch' : 'mycity.canDrop')
                : t('mycity.cannotDrop')
              : t(touch ? 'mycity.placeHintTouch' : 'mycity.placeHint')}
          </p>
        )}
      </div>

      <div className="board-side">
        {building && view.phase !== 'over' && (
          <section aria-label={t('mycity.revealed')}>
            <h3>{t('mycity.revealed')}</h3>
            <div className="revealed">
              <svg
                viewBox="-0.2 -0.2 4.4 4.4"
                width={88}
                height={88}
                role="img"
                aria-label={buildingName(building, t)}
              >
                {cells.map(([r, c]) => (
                  <rect
                    key={`${r}-${c}`}
                    x={c}
                    y={r}
                    width={0.95}
                    height={0.95}
                    rx={0.12}
                    fill={BUILDING_FILL[building[0] ?? 'y']}
                    stroke="#333"
                    strokeWidth={0.05}
                  />
                ))}
              </svg>
              <div>
                <strong>{buildingName(building, t)}</strong>
                <div className="muted small">{t('mycity.deck', { n: view.deckSize })}</div>
              </div>
            </div>
          </section>
        )}
        {canBuild && (
          <div className="row-buttons">
            <button
              type="button"
              onClick={() => setTurns((n) => n + 1)}
              data-testid="rotate"
              aria-keyshortcuts="R"
            >
              ⟳ {t('mycity.turn')}
            </button>
            <button type="button" onClick={() => placeAt(someLegalAnchor())} data-testid="find-spot">
              {t('mycity.findSpot')}
            </button>
            <button type="button" className="primary" disabled={!move} onClick={drop} data-testid="drop">
              {t('mycity.build')}
            </button>
          </div>
        )}
        {(canPass || canStop) && (
          <div className="row-buttons">
            {canPass && (
              <button type="button" onClick={() => send({ type: 'pass' })} data-testid="pass">
                {t('mycity.pass')}
              </button>
            )}
            {canStop && (
              <button type="button" onClick={() => send({ type: 'stop' })} data-testid="stop">
                {t('mycity.stop')}
              </button>
            )}
          </div>
        )}
        {choice && me !== null && !canBuild && (
          <p className="hint" role="status">
            {t('mycity.chosen', {
              what:
                choice.type === 'build'
                  ? t('mycity.build')
                  : choice.type === 'pass'
                    ? t('mycity.pass')
                    : t('mycity.stop'),
            })}
          </p>
        )}
        {/* Focusable: on a phone its table may scroll sideways, and the keyboard must be able to scroll it. */}
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
              <span className="chosen">
                {view.stopped[seat]
                  ? t('mycity.stopped')
                  : view.chosen[seat]
                    ? t('table.chosen')
                    : view.active.includes(seat)
                      ? t('table.notChosen')
                      : ''}
              </span>
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
        <div className="legend" aria-label={t('mycity.legend')}>
          {(['.', 'T', 'R', '~', 'M', 'F'] as const).map((square) => (
            <span key={square} className="legend-item">
              <svg viewBox="0 0 20 20" width={18} height={18} aria-hidden="true">
                <Square square={square} r={0} c={0} size={20} />
              </svg>
              {t(`mycity.terrain.${TERRAIN[square]?.key ?? 'grass'}` as 'mycity.terrain.grass')}
            </span>
          ))}
        </div>
        {others.length > 0 && (
          <section aria-label={t('mycity.others')} className="others">
            {others.map((seat) => (
              <figure key={seat} className="small-city">
                <svg
                  viewBox={`0 0 ${COLS * 12} ${ROWS * 12}`}
                  role="img"
                  aria-label={`${seatName(names, seat)}: ${t('mycity.boardLabel')}`}
                >
                  <Terrain size={12} />
                  <Buildings built={view.boards[seat] ?? []} size={12} t={t} />
                  <JustBuilt cells={justBuilt.get(seat)} size={12} />
                </svg>
                <figcaption>
                  {seatName(names, seat)} · {view.scores[seat]}
                </figcaption>
              </figure>
            ))}
          </section>
        )}
      </div>
    </div>
  );
}

export const mycityUi: GameUi<MyCityKey | KitKey> = {
  Board: MyCityBoard,
  describe(entry: LogEntry, names: string[], t: T, _lang, context): string | null {
    if ('chance' in entry) return t('mycity.log.deal');
    const who = seatName(names, entry.seat);
    switch (entry.move.type) {
      case 'build': {
        const cells = entry.move.cells as Cell[];
        // Which building: the one standing on these squares of the seat's board this episode, if it still does.
        const board = (context?.view as MyCityView | undefined)?.boards[entry.seat] ?? [];
        const standing = board.find((b) => key(b.cells) === key(cells));
        return standing
          ? t('mycity.log.build', { who, what: buildingName(standing.id, t, cells) })
          : t('mycity.log.buildAt', { who, where: placeName(cells, t) });
      }
      case 'pass':
        return t('mycity.log.pass', { who });
      case 'stop':
        return t('mycity.log.stop', { who });
      default:
        return t('mycity.log.hiddenChoice', { who });
    }
  },
  rounds: (view) => (view as MyCityView).history,
  period: 'episode',
  together: true,
};
