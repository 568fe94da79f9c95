/**
 * One lot on the map: an empty plot with its number, or a shop — a shop's front in its colour, under a curved roof, an
 * awning and between two pillars a shade darker, the lot's number on the roof and the shop's icon below it — with the
 * owner's colour on its edge, the owner's marker, a star on a complete shop, and the rings that mark it. A button when
 * it is a choice now, else an image that says why not when clicked. A tile dragged from the hand may be dropped on it.
 */
import { activate, Arrive, arrivalClass, SEAT_COLOURS, textOn, useChanges } from '@skyline/board-kit';
import type { DragEvent } from 'react';
import { LOT_PITCH as S } from './geometry.js';
import { ShopIcon } from './icons.js';
import type { LotFacts } from './lots.js';
import { kindColour, roofColour } from './pieces.js';

/**
 * How a lot is marked, around it: never in a colour (a seat's colour is its owner's, on the lot's own edge), but by
 * the ring's pattern, in the board's ink — dotted where it may be chosen, solid with a tick where it is chosen,
 * dashed on a white band where a shop was just placed.
 */
const INK = '#1d2733';

/** A lot square's side. */
const SIDE = S - 3;

/** A shop's roof over the top of its tile: straight along the middle, its eaves curving up at both ends. */
function roofPath(x: number, y: number): string {
  return (
    `M${x - 1.5} ${y + 12}Q${x + 2} ${y + 11} ${x + 3} ${y + 3}H${x + SIDE - 3}` +
    `Q${x + SIDE - 2} ${y + 11} ${x + SIDE + 1.5} ${y + 12}Z`
  );
}

/** How many scallops hang along the front of a shop's awning, under its roof. */
export const VALANCE_SCALLOPS = 5;

/**
 * The awning's scalloped edge under a shop's roof, from one pillar to the other: a row of cloth scallops, as over a
 * shop's front.
 */
export function valancePath(x: number, y: number): string {
  const left = x + 2;
  const width = (SIDE - 4) / VALANCE_SCALLOPS;
  const scallop = `q${width / 2} 5 ${width} 0`;
  return `M${left} ${y + 11.5}${scallop.repeat(VALANCE_SCALLOPS)}V${y + 11}H${left}Z`;
}

/** The two pillars that frame a shop's front, under its roof, down to the pavement. */
export function pillarsPath(x: number, y: number): string {
  const pillar = (left: number) => `M${left} ${y + 11}h2.4V${y + SIDE - 1}h-2.4Z`;
  return pillar(x + 1.5) + pillar(x + SIDE - 3.9);
}

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
  // A shop's face in its kind's colour, its roof, awning and pillars a shade darker; an empty plot pale.
  const face = kind ? kindColour(kind) : '#fbf8f1';
  const roof = kind ? roofColour(kind) : face;
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
        {/* A shop is a tile laid on its lot: its shadow on the pavement. */}
        {kind && (
          <rect
            x={x + 1.5}
            y={y + 2}
            width={SIDE}
            height={SIDE}
            rx={3}
            fill="rgba(0, 0, 0, 0.3)"
            data-part="shadow"
            aria-hidden="true"
          />
        )}
        <rect
          className="lot-square"
          x={x}
          y={y}
          width={SIDE}
          height={SIDE}
          rx={3}
          fill={face}
          stroke={owner >= 0 ? (SEAT_COLOURS[owner] ?? '#888') : '#c9c1b0'}
          strokeWidth={owner >= 0 ? 3 : 1}
        />
        {kind ? (
          <g aria-hidden="true">
            {/* A shop's front: the pillars and the awning under the roof, in the roof's colour. */}
            <path d={pillarsPath(x, y)} fill={roof} data-part="pillars" />
            <path d={valancePath(x, y)} fill={roof} data-part="awning" />
            <path d={roofPath(x, y)} fill={roof} />
            <text x={x + 4.5} y={y + 10.5} fontSize={8.5} fontWeight={700} fill={textOn(roof)}>
              {lot}
            </text>
            {/* The kind at a glance (its full name is in the lot's name and tooltip, and the key). */}
            <ShopIcon kind={kind} x={x + (SIDE - 16) / 2} y={y + 14} ink={textOn(face)} />
          </g>
        ) : (
          <text x={x + 4} y={y + 11} fontSize={9} fill="#5e5e4e" aria-hidden="true">
            {lot}
          </text>
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
          x={x + SIDE - 4.5}
          y={y + SIDE - 2}
          fontSize={11}
          textAnchor="middle"
          fill="#ffe066"
          stroke={INK}
          strokeWidth={0.8}
          paintOrder="stroke"
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
