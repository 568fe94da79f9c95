/**
 * One lot on the map: its square (the shop's colour, the owner's colour on its edge), number, shop icon, owner's
 * dot, a star on a complete shop, and the rings that mark it — a button when it is a choice now, else an image that
 * says why not when clicked. A tile dragged from the hand may be dropped on it.
 */
import { activate, Arrive, arrivalClass, SEAT_COLOURS, textOn, useChanges } from '@skyline/board-kit';
import type { DragEvent } from 'react';
import { LOT_PITCH as S } from './geometry.js';
import { ShopIcon } from './icons.js';
import type { LotFacts } from './lots.js';
import { kindColour } from './pieces.js';

/**
 * How a lot is marked, around it: never in a colour (a seat's colour is its owner's, on the lot's own edge), but by
 * the ring's pattern, in the board's ink — dotted where it may be chosen, solid with a tick where it is chosen,
 * dashed on a white band where a shop was just placed.
 */
const INK = '#1d2733';

/** A tick in a dark disc: a lot chosen (for the settling or an offer), told by a shape as well as the ring. */
function Tick({ x, y }: { x: number; y: number }) {
  return (
    <g aria-hidden="true" data-testid="lot-chosen">
      <circle cx={x} cy={y} r={5.5} fill={INK} stroke="#fff" strokeWidth={1} />
      <path d={`M${x - 2.8} ${y}l2 2.2l3.6 -4`} fill="none" stroke="#fff" strokeWidth={1.6} />
    </g>
  );
}

export function Lot({
  facts,
  x,
  y,
  label,
  selected,
  lit,
  action,
  explain,
  onDragOver,
  onDrop,
}: {
  facts: LotFacts;
  /** The square's top left corner. */
  x: number;
  y: number;
  label: string;
  /** Chosen (for the settling or the offer); lit: it may be chosen. */
  selected: boolean;
  lit: boolean;
  /** What a click or a key does (null: not a choice now). */
  action: (() => void) | null;
  /** Says why it is not a choice (for a click on a lot that is not). */
  explain: () => void;
  onDragOver: (event: DragEvent) => void;
  onDrop: (event: DragEvent) => void;
}) {
  const { lot, owner, kind, complete, placedBy } = facts;
  // A lot traded (from one seat to another) pulses its owner's dot, once per trade.
  const traded = useChanges(owner, (before, after) => before >= 0 && after >= 0 && before !== after);
  const ring = { x: x - 2.5, y: y - 2.5, width: S + 2, height: S + 2, rx: 5, fill: 'none' };
  const body = (
    <>
      <title>{label}</title>
      {placedBy !== null && (
        <g className="just-moved" data-testid="just-placed" aria-hidden="true">
          <rect {...ring} stroke="#fff" strokeWidth={4} />
          <rect {...ring} stroke={INK} strokeWidth={2.5} strokeDasharray="5 3" />
        </g>
      )}
      {(selected || lit) && (
        <rect
          {...ring}
          data-testid={selected ? 'lot-selected' : 'lot-lit'}
          stroke={INK}
          strokeWidth={selected ? 3 : 2.5}
          strokeDasharray={selected ? undefined : '0.1 4'}
          strokeLinecap="round"
          aria-hidden="true"
        />
      )}
      {/* The tile settles on its lot when a seat has just placed it (replayed for each new tile). */}
      <Arrive kind="settle" when={placedBy !== null} token={kind ?? ''}>
        <rect
          className="lot-square"
          x={x}
          y={y}
          width={S - 3}
          height={S - 3}
          rx={3}
          fill={kind ? kindColour(kind) : '#fffdf7'}
          stroke={owner >= 0 ? (SEAT_COLOURS[owner] ?? '#888') : '#c9c1b0'}
          strokeWidth={owner >= 0 ? 3 : 1}
        />
        <text
          x={x + 4}
          y={y + 11}
          fontSize={9}
          fill={kind ? textOn(kindColour(kind)) : '#5e5e4e'}
          aria-hidden="true"
        >
          {lot}
        </text>
        {kind && (
          // The kind at a glance (its full name is in the lot's name and tooltip, and the key).
          <ShopIcon kind={kind} x={x + 8} y={y + 13} ink={textOn(kindColour(kind))} />
        )}
      </Arrive>
      {owner >= 0 && (
        <circle
          key={traded}
          className={traded > 0 ? arrivalClass('pulse') : undefined}
          cx={x + S - 10}
          cy={y + 8}
          r={4.5}
          fill={SEAT_COLOURS[owner]}
          stroke="#fff"
          aria-hidden="true"
        />
      )}
      {complete && (
        <text
          x={x + S - 10}
          y={y + S - 6}
          fontSize={11}
          textAnchor="middle"
          fill="#ffe066"
          aria-hidden="true"
        >
          ★
        </text>
      )}
      {selected && <Tick x={x + 6} y={y + S - 9} />}
    </>
  );
  if (!action)
    // Not a choice now: a click or tap says why (pointer only; the lot's name says what it is).
    return (
      <g
        role="img"
        aria-label={label}
        data-lot={lot}
        onDragOver={onDragOver}
        onDrop={onDrop}
        onClick={explain}
      >
        {body}
      </g>
    );
  return (
    <g
      role="button"
      tabIndex={0}
      className="svg-button lot"
      aria-label={label}
      aria-pressed={selected}
      data-testid={`lot-${lot}`}
      data-lot={lot}
      onDragOver={onDragOver}
      onDrop={onDrop}
      onClick={action}
      onKeyDown={(event) => activate(event, action)}
    >
      {body}
    </g>
  );
}
