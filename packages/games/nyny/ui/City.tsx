/**
 * The city, the board's main view: the twelve positions in a row as the skyline they build, seen in perspective (a
 * tower per position, a floor per tile in the order played, in the tiles' colours; height is the stack), the runs
 * that score a bonus marked under the ground in their owner's colour, and under each tower its position's button
 * (its top tile, or its number while empty). Pointing at a tile of the hand shows the floor it would add; a tile just
 * played drops onto its tower as its new floor.
 */
import { JustMoved, SvgButton, Tower } from '@skyline/board-kit';
import type { ScoringRun } from '@skyline/nyny/board';
import {
  BACKDROP,
  CITY,
  cityFloor,
  columnX,
  runStretches,
  SLOT_H,
  SLOT_W,
  TOWER_DEPTH,
  TOWER_W,
} from './geometry.js';
import { positionLabel, stackInWords } from './labels.js';
import { Tile } from './Tile.js';
import { numberOf, tileFill, tileInk } from './tiles.js';
import type { T } from './words.js';

export function City({
  skyline,
  runs,
  colours,
  pointed,
  justPlayed,
  openStack,
  toggleStack,
  names,
  t,
}: {
  skyline: readonly (readonly string[])[];
  /** The runs that score a bonus now (the rules' `scoringRuns`). */
  runs: readonly ScoringRun[];
  /** Each seat's colour letter. */
  colours: readonly string[];
  /** The playable tile the viewer points at (or has focused) in its hand, or null: its floor is drawn, dashed. */
  pointed: string | null;
  /** The tiles just played, with the seat that played each. */
  justPlayed: ReadonlyMap<string, number>;
  openStack: number | null;
  toggleStack: (index: number) => void;
  names: string[];
  t: T;
}) {
  const target = pointed === null ? -1 : numberOf(pointed) - 1;
  // The floor's height leaves room for the floor the pointed tile would add.
  const floor = cityFloor(skyline.map((stack, k) => (k === target ? [...stack, pointed] : stack)));
  const { width, height, ground, runY, runH } = CITY;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      // `nyny-ring`: the ring of positions, cut open between 12 and 1, is the row under the towers.
      className="nyny-city nyny-ring"
      role="group"
      aria-label={t('nyny.skyline')}
      data-testid="nyny-skyline"
    >
      <rect x={0} y={0} width={width} height={ground} rx={10} fill="#e3ebf5" />
      <g aria-hidden="true" fill="#d0dae6">
        {BACKDROP.map(([x, w, h]) => (
          <rect key={x} x={x} y={ground - h} width={w} height={h} />
        ))}
      </g>
      <rect x={0} y={ground} width={width} height={8} fill="#4d5866" />
      {skyline.map((stack, index) => {
        const x = columnX(index) - TOWER_W / 2 - TOWER_DEPTH / 2;
        const ghost = index === target && pointed !== null;
        return (
          // Pictures for the eye (a pointer resting on a tower shows what it holds); the positions' buttons under
          // them say the same to screen readers.
          <g key={index} aria-hidden="true">
            <title>{`${t('nyny.position', { n: index + 1 })}: ${stackInWords(stack, t)}`}</title>
            <rect x={x - 2} y={8} width={TOWER_W + TOWER_DEPTH + 4} height={ground - 8} fill="transparent" />
            {stack.length === 0 ? (
              <rect x={x} y={ground - 3} width={TOWER_W} height={3} fill="#9aa8b8" aria-hidden="true" />
            ) : (
              <Tower
                x={x}
                ground={ground}
                segments={stack.map((tile) => ({ colour: tileFill(tile), floors: 1 }))}
                width={TOWER_W}
                depth={TOWER_DEPTH}
                floor={floor}
                // A tile just played arrives: its floor drops onto the tower (the board kit's Arrive).
                arriving={justPlayed.has(stack[stack.length - 1] as string)}
              />
            )}
            {ghost && (
              <rect
                data-testid="floor-to-come"
                aria-hidden="true"
                x={x}
                y={ground - (stack.length + 1) * floor}
                width={TOWER_W}
                height={floor}
                fill={tileFill(pointed)}
                fillOpacity={0.45}
                stroke="#111"
                strokeWidth={1.5}
                strokeDasharray="4 3"
              />
            )}
          </g>
        );
      })}
      <g aria-hidden="true">
        {runs.map((run) => {
          const colour = tileFill(`${colours[run.seat] ?? ''}1`);
          const stretches = runStretches(run.start, run.length);
          const longest = stretches.reduce((a, b) => (b.to - b.from > a.to - a.from ? b : a));
          return (
            <g key={`${run.seat}-${run.start}`} data-testid="scoring-run" data-bonus={run.bonus}>
              {stretches.map(({ from, to }) => (
                <rect
                  key={from}
                  x={columnX(from) - 20}
                  y={runY}
                  width={columnX(to) - columnX(from) + 40}
                  height={runH}
                  rx={runH / 2}
                  fill={colour}
                  stroke="#1d2733"
                  strokeWidth={0.75}
                />
              ))}
              <text
                x={(columnX(longest.from) + columnX(longest.to)) / 2}
                y={runY + runH - 4}
                textAnchor="middle"
                fontSize={12}
                fontWeight={700}
                fill={tileInk(`${colours[run.seat] ?? ''}1`)}
              >
                +{run.bonus}
              </text>
            </g>
          );
        })}
      </g>
      {skyline.map((stack, index) => {
        const top = stack[stack.length - 1];
        return (
          <Position
            key={index}
            stack={stack}
            index={index}
            target={index === target}
            playedBy={top === undefined ? undefined : justPlayed.get(top)}
            open={openStack === index}
            onToggle={() => toggleStack(index)}
            names={names}
            t={t}
          />
        );
      })}
    </svg>
  );
}

/** One position's button under its tower: its top tile (or its number while empty), and what just happened there. */
function Position({
  stack,
  index,
  target,
  playedBy,
  open,
  onToggle,
  names,
  t,
}: {
  stack: readonly string[];
  index: number;
  /** Whether the tile the viewer points at in its hand would go here. */
  target: boolean;
  /** The seat that has just played the top tile, if one has. */
  playedBy: number | undefined;
  /** Whether its tiles are listed under the city; pressing it opens or closes the list. */
  open: boolean;
  onToggle: () => void;
  names: string[];
  t: T;
}) {
  const top = stack[stack.length - 1];
  const label = positionLabel(stack, index, playedBy, names, t);
  const x = columnX(index) - SLOT_W / 2;
  const y = CITY.slotY;
  return (
    <SvgButton
      data-testid={`position-${index + 1}`}
      data-nav="positions"
      aria-label={label}
      aria-expanded={open}
      onPress={onToggle}
    >
      <title>{label}</title>
      <rect
        x={x - 3}
        y={y - 3}
        width={SLOT_W + 6}
        height={SLOT_H + 6}
        rx={7}
        fill={target ? '#fff6c2' : '#eef2f7'}
        stroke={target ? '#b58900' : '#9aa8b8'}
        strokeDasharray={top ? undefined : '4 3'}
        strokeWidth={target ? 3 : 1}
      />
      {playedBy !== undefined && (
        <JustMoved
          data-testid="just-played"
          x={x - 6}
          y={y - 6}
          width={SLOT_W + 12}
          height={SLOT_H + 12}
          rx={9}
          aria-hidden="true"
        />
      )}
      {top ? (
        <Tile tile={top} x={x} y={y} w={SLOT_W} h={SLOT_H} t={t} label={label} />
      ) : (
        <text
          x={x + SLOT_W / 2}
          y={y + SLOT_H / 2 + 6}
          textAnchor="middle"
          fontSize={16}
          fill="#5f6b78"
          aria-hidden="true"
        >
          {index + 1}
        </text>
      )}
    </SvgButton>
  );
}
