/** New York, New York: the ring of 12 skyline positions, the pool, the hands, and the two ways to play a turn. */
// The game's own types: the view the server sends and the moves it accepts.
import type { NynyMove, NynyView } from '@skyline/nyny';
import {
  activate,
  PlayersTable,
  SeatLabel,
  seatName,
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
import type { NynyKey, T } from './words.js';

export type { NynyMove, NynyView };

const FILL: Record<string, string> = { r: '#d33b2c', b: '#2f6fd1', y: '#e8b923', g: '#2e9a4a' };
const INK: Record<string, string> = { r: '#fff', b: '#fff', y: '#222', g: '#fff' };

const colourOf = (tile: string) => tile[0] as string;
const numberOf = (tile: string) => Number(tile.slice(1));

export function tileName(tile: string, t: T): string {
  return `${t(`colour.${colourOf(tile)}` as 'colour.r')} ${numberOf(tile)}`;
}

/** A seat's colour letter, for its swatch. */
export const nynySeatColour = (view: NynyView, seat: number) =>
  FILL[view.options.colours[seat] ?? ''] ?? '#888';

interface TileProps {
  tile: string;
  x: number;
  y: number;
  w?: number;
  h?: number;
  label?: string;
  onClick?: () => void;
  highlight?: boolean;
  t: T;
  testId?: string;
}

/** One tile in SVG; a button (keyboard and screen reader) when it may be played or taken. */
function Tile({ tile, x, y, w = 40, h = 52, label, onClick, highlight, t, testId }: TileProps) {
  const colour = colourOf(tile);
  const body = (
    <>
      <rect
        x={x}
        y={y}
        width={w}
        height={h}
        rx={6}
        fill={FILL[colour] ?? '#999'}
        stroke={highlight ? '#111' : 'rgba(0,0,0,.35)'}
        strokeWidth={highlight ? 3 : 1}
      />
      <text
        x={x + w / 2}
        y={y + h / 2 + 7}
        textAnchor="middle"
        fontSize={20}
        fontWeight={700}
        fill={INK[colour] ?? '#fff'}
        aria-hidden="true"
      >
        {numberOf(tile)}
      </text>
    </>
  );
  if (!onClick)
    return (
      <g role="img" aria-label={label ?? tileName(tile, t)}>
        <title>{label ?? tileName(tile, t)}</title>
        {body}
      </g>
    );
  return (
    <g
      role="button"
      tabIndex={0}
      className="svg-button"
      aria-label={label ?? tileName(tile, t)}
      data-testid={testId}
      data-tile={tile}
      onClick={onClick}
      onKeyDown={(event) => activate(event, onClick)}
    >
      <title>{label ?? tileName(tile, t)}</title>
      {body}
    </g>
  );
}

function FaceDown({ x, y, label }: { x: number; y: number; label: string }) {
  return (
    <g role="img" aria-label={label}>
      <title>{label}</title>
      <rect x={x} y={y} width={28} height={36} rx={4} fill="#445" stroke="#223" />
      <path d={`M${x + 6} ${y + 30}V${y + 16}h5v-8h5v12h6v10z`} fill="#889" />
    </g>
  );
}

/**
 * The twelve positions as the skyline they build, seen in perspective: one tower per position, a floor per tile in
 * the order played, in the tiles' colours. Decorative for screen readers (the ring names every position); a pointer
 * resting on a tower shows what it holds.
 */
function NynySkyline({ skyline, t }: { skyline: readonly (readonly string[])[]; t: T }) {
  const tallest = Math.max(1, ...skyline.map((stack) => stack.length));
  const floor = Math.min(16, 64 / tallest);
  return (
    <svg viewBox="0 0 420 96" className="nyny-skyline" aria-hidden="true" data-testid="nyny-skyline">
      <rect x={0} y={84} width={420} height={12} fill="#c9d3df" />
      {skyline.map((stack, index) => {
        const x = 8 + index * 34;
        const title = `${t('nyny.position', { n: index + 1 })}: ${
          stack.length ? stack.map((tile) => tileName(tile, t)).join(' → ') : t('nyny.empty')
        }`;
        return (
          <g key={index}>
            <title>{title}</title>
            <rect x={x - 2} y={8} width={30} height={78} fill="transparent" />
            <Tower
              x={x}
              ground={86}
              segments={stack.map((tile) => ({ colour: FILL[colourOf(tile)] ?? '#999999', floors: 1 }))}
              width={20}
              depth={7}
              floor={floor}
            />
            <text x={x + 10} y={95} textAnchor="middle" fontSize={9} fill="#1d2733">
              {index + 1}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The seat's score in the round being played (or in the last one, between rounds and at the end). */
function roundScore(view: NynyView, seat: number): number {
  if (view.phase === 'over' || view.phase === 'deal')
    return view.history[view.history.length - 1]?.[seat] ?? 0;
  return (view.scores[seat] ?? 0) - (view.totals[seat] ?? 0);
}

export function NynyBoard({
  view: raw,
  legalMoves: rawMoves,
  names,
  t,
  send,
  recent,
  status,
}: BoardProps<NynyKey | KitKey>) {
  const view = raw as NynyView;
  const legalMoves = rawMoves as NynyMove[];
  const [openStack, setOpenStack] = useState<number | null>(null);
  const playable = new Set(legalMoves.filter((m) => m.type === 'play').map((m) => m.tile));
  const takeable = new Set(legalMoves.filter((m) => m.type === 'take').map((m) => m.tile));
  const canPass = legalMoves.some((m) => m.type === 'pass');
  const [hovered, setHovered] = useState<string | null>(null);
  const me = typeof view.viewer === 'number' ? view.viewer : null;
  const simultaneous = view.options.variant === 'simultaneous';

  const cx = 210;
  const cy = 210;
  const radius = 160;
  const positions = view.skyline.map((stack, index) => {
    const angle = (index / 12) * 2 * Math.PI - Math.PI / 2 + Math.PI / 12;
    return { stack, index, x: cx + radius * Math.cos(angle), y: cy + radius * Math.sin(angle) };
  });
  const target = hovered && playable.has(hovered) ? numberOf(hovered) - 1 : null;
  /** The tiles just played, with who played each. */
  const justPlayed = new Map<string, number>();
  for (const { seat, move } of recent ?? [])
    if (move.type === 'play' && typeof move.tile === 'string') justPlayed.set(move.tile, seat);

  const { why, say } = useWhyNot();
  /** Why a tile of the hand or the pool that is not offered now cannot be played or taken (null: nothing to say). */
  const whyNot = (where: 'hand' | 'pool'): string | null => {
    if (me === null || view.phase === 'over') return null;
    if (legalMoves.length === 0)
      return simultaneous && view.choice ? t('why.chosen') : waitingReason(t, names, status, me);
    if (where === 'hand' && takeable.size > 0) return t('why.takeFirst');
    if (where === 'pool' && (playable.size > 0 || canPass)) return t('why.playFirst');
    return t('why.wait');
  };
  const explain = (where: 'hand' | 'pool') => {
    const reason = whyNot(where);
    if (reason) say(reason);
  };

  let hint: string | null = null;
  if (playable.size > 0 || canPass)
    hint = view.phase === 'choose' ? t('nyny.chooseHint') : t('nyny.playHint');
  else if (takeable.size > 0) hint = t('nyny.takeHint');
  else if (simultaneous && view.choice && view.phase === 'choose')
    hint = t('nyny.chosenHint', { tile: view.choice === 'pass' ? t('nyny.pass') : tileName(view.choice, t) });

  return (
    <div className="nyny board">
      <div className="board-main">
        <svg viewBox="0 0 420 420" className="nyny-ring" role="group" aria-label={t('nyny.skyline')}>
          <circle cx={cx} cy={cy} r={radius} fill="none" stroke="#c9d3df" strokeWidth={26} />
          {positions.map(({ stack, index, x, y }) => {
            const top = stack[stack.length - 1];
            const playedBy = top === undefined ? undefined : justPlayed.get(top);
            const label = `${t('nyny.position', { n: index + 1 })}: ${
              top ? tileName(top, t) : t('nyny.empty')
            }${stack.length > 1 ? ` — ${t('nyny.stack', { tiles: stack.map((s) => tileName(s, t)).join(', ') })}` : ''}${
              playedBy === undefined ? '' : `. ${t('nyny.justPlayed', { who: seatName(names, playedBy) })}`
            }`;
            const toggle = () => setOpenStack(openStack === index ? null : index);
            return (
              <g
                key={index}
                data-testid={`position-${index + 1}`}
                role="button"
                tabIndex={0}
                className="svg-button"
                aria-label={label}
                aria-expanded={openStack === index}
                onClick={toggle}
                onKeyDown={(event) => activate(event, toggle)}
              >
                <title>{label}</title>
                <rect
                  x={x - 24}
                  y={y - 30}
                  width={48}
                  height={60}
                  rx={8}
                  fill={target === index ? '#fff6c2' : '#eef2f7'}
                  stroke={target === index ? '#b58900' : '#9aa8b8'}
                  strokeDasharray={top ? undefined : '4 3'}
                  strokeWidth={target === index ? 3 : 1}
                />
                {playedBy !== undefined && (
                  <rect
                    className="just-moved"
                    data-testid="just-played"
                    x={x - 27}
                    y={y - 33}
                    width={54}
                    height={66}
                    rx={10}
                    fill="none"
                    stroke="#1d2733"
                    strokeWidth={3}
                    aria-hidden="true"
                  />
                )}
                {top ? (
                  <Tile tile={top} x={x - 20} y={y - 26} t={t} label={label} />
                ) : (
                  <text x={x} y={y + 6} textAnchor="middle" fontSize={16} fill="#8a97a6" aria-hidden="true">
                    {index + 1}
                  </text>
                )}
                {stack.length > 1 && (
                  // How tall the building is, as floors beside the top tile (no digits: the name says it, and a
                  // number here would read as part of the tile's).
                  <g aria-hidden="true" data-testid="stack-floors">
                    {stack.map((tile, k) => (
                      <rect
                        key={k}
                        x={x + 25}
                        y={y + 22 - k * 6}
                        width={7}
                        height={5}
                        rx={1}
                        fill={FILL[colourOf(tile)] ?? '#999'}
                        stroke="#1d2733"
                        strokeWidth={0.75}
                      />
                    ))}
                  </g>
                )}
              </g>
            );
          })}
          {/* the pool in the middle */}
          <text x={cx} y={cy - 72} textAnchor="middle" fontSize={14} fill="#445" fontWeight={600}>
            {t('nyny.pool')}
          </text>
          <g role="group" aria-label={t('nyny.pool')}>
            {view.pool.map((tile, k) => {
              const x = cx - 69 + (k % 3) * 48;
              const y = cy - 60 + Math.floor(k / 3) * 58;
              const can = takeable.has(tile);
              return (
                <g key={tile} onClick={can ? undefined : () => explain('pool')}>
                  <Tile
                    tile={tile}
                    x={x}
                    y={y}
                    t={t}
                    highlight={can}
                    testId={can ? 'take' : undefined}
                    onClick={can ? () => send({ type: 'take', tile }) : undefined}
                  />
                </g>
              );
            })}
          </g>
          <text x={cx} y={cy + 76} textAnchor="middle" fontSize={13} fill="#445" data-testid="deck">
            {t('nyny.deck', { n: view.deckSize })}
          </text>
        </svg>
        <NynySkyline skyline={view.skyline} t={t} />
        {openStack !== null && (
          <div className="stack-detail" role="status">
            <strong>{t('nyny.position', { n: openStack + 1 })}</strong>:{' '}
            {(view.skyline[openStack] ?? []).length
              ? (view.skyline[openStack] ?? []).map((tile) => tileName(tile, t)).join(' → ')
              : t('nyny.empty')}
          </div>
        )}
      </div>

      <div className="board-side">
        {hint && (
          <p className="hint" role="status">
            {hint}
          </p>
        )}
        {view.hand && view.phase !== 'over' && (
          <section aria-label={t('nyny.hand')}>
            <h3>{t('nyny.hand')}</h3>
            <svg
              viewBox={`0 0 ${Math.max(1, view.hand.length) * 48 + 4} 60`}
              className="nyny-hand"
              style={{ width: Math.max(1, view.hand.length) * 48 + 4 }}
              role="group"
              aria-label={t('nyny.hand')}
            >
              {view.hand.map((tile, k) => {
                const can = playable.has(tile);
                return (
                  <g
                    key={tile}
                    onMouseEnter={() => setHovered(can ? tile : null)}
                    onMouseLeave={() => setHovered(null)}
                    onFocus={() => setHovered(can ? tile : null)}
                    onBlur={() => setHovered(null)}
                    onClick={can ? undefined : () => explain('hand')}
                    data-testid={can ? undefined : 'hand-tile-not-now'}
                    opacity={can || playable.size === 0 ? 1 : 0.45}
                  >
                    <Tile
                      tile={tile}
                      x={4 + k * 48}
                      y={4}
                      t={t}
                      highlight={can || view.choice === tile}
                      testId={can ? 'play' : undefined}
                      onClick={can ? () => send({ type: 'play', tile }) : undefined}
                    />
                  </g>
                );
              })}
            </svg>
          </section>
        )}
        <WhyNot why={why} />
        {canPass && (
          <button type="button" className="pass" onClick={() => send({ type: 'pass' })}>
            {t('nyny.pass')}
          </button>
        )}
        <PlayersTable
          t={t}
          subtitle={t('nyny.round', { n: view.round, of: view.options.rounds })}
          seats={view.handSizes.length}
          columns={[
            t('nyny.tiles', { n: '' }).trim(),
            view.options.rounds === 1 ? t('score.total') : t('nyny.roundScore'),
            ...(view.options.rounds > 1 ? [t('nyny.matchScore')] : []),
          ]}
          isActive={(seat) => view.active.includes(seat)}
          rowTestId={(seat) => `seat-row-${seat}`}
          name={(seat) => (
            <>
              <SeatLabel
                names={names}
                seat={seat}
                me={me}
                t={t}
                colour={nynySeatColour(view, seat)}
                colourName={t(`colour.${view.options.colours[seat] ?? 'r'}` as 'colour.r')}
              />
              {view.active.includes(seat) && <TurnDot names={names} seat={seat} me={me} t={t} />}
              {simultaneous && view.phase === 'choose' && (
                <span className="chosen">
                  {view.chosen[seat] ? (
                    <svg viewBox="0 0 30 38" width={15} height={19} aria-label={t('table.chosen')}>
                      <FaceDown x={1} y={1} label={t('table.chosen')} />
                    </svg>
                  ) : (
                    t('table.notChosen')
                  )}
                </span>
              )}
              {view.passed[seat] && <span className="passed"> · {t('nyny.passed')}</span>}
            </>
          )}
          cells={(seat) => (
            <>
              <td>{view.handSizes[seat]}</td>
              <td data-testid={`score-${seat}`}>
                {view.options.rounds === 1 ? view.scores[seat] : roundScore(view, seat)}
              </td>
              {view.options.rounds > 1 && <td>{view.scores[seat]}</td>}
            </>
          )}
        />
        {view.box.length > 0 && (
          <section aria-label={t('nyny.box')}>
            <h3>{t('nyny.box')}</h3>
            <svg viewBox={`0 0 ${view.box.length * 30 + 4} 40`} className="nyny-box">
              {view.box.map((tile, k) => (
                <Tile key={tile} tile={tile} x={2 + k * 30} y={2} w={26} h={34} t={t} />
              ))}
            </svg>
          </section>
        )}
      </div>
    </div>
  );
}

export const nynyUi: GameUi<NynyKey | KitKey> = {
  Board: NynyBoard,
  describe(entry: LogEntry, names: string[], t: T): string | null {
    if ('chance' in entry) {
      const first = entry.chance.first;
      return typeof first === 'number' ? t('nyny.log.deal', { who: seatName(names, first) }) : null;
    }
    const who = seatName(names, entry.seat);
    const move = entry.move;
    const tile = typeof move.tile === 'string' ? tileName(move.tile, t) : null;
    switch (move.type) {
      case 'play':
        return tile ? t('nyny.log.play', { who, tile }) : null;
      case 'take':
        return tile ? t('nyny.log.take', { who, tile }) : t('nyny.log.takeHidden', { who });
      case 'pass':
        return t('nyny.log.pass', { who });
      case 'hidden':
        return t('nyny.log.hidden', { who });
      default:
        return null;
    }
  },
  rounds(view: unknown): number[][] {
    const v = view as NynyView;
    return v.history;
  },
};
