/**
 * The city map: streets with their lane lines, and between them the six blocks of numbered lots, each lot drawn by
 * `Lot` with its owner, shop and marks, and each shop of two tiles or more outlined (thick when complete).
 */
import type { ShopOnBoard } from '@skyline/chinatown/shops';
import { PHONE_SCREEN, useMediaQuery, type Lang } from '@skyline/board-kit';
import type { DragEvent } from 'react';
import {
  BLOCK_HEIGHT as BLOCK_H,
  BLOCK_WIDTH as BLOCK_W,
  lotCorner,
  NARROW_MAP,
  WIDE_MAP,
} from './geometry.js';
import { Lot } from './Lot.js';
import { lotLabel, type LotFacts } from './lots.js';
import { outlinePath } from './outlines.js';
import { BLOCKS, KIND } from './pieces.js';
import type { T } from './words.js';

const BLOCK_IDS = Object.keys(BLOCKS);
/** The streets' colour: dark enough that the pale blocks and the shops' colours stand out on it. */
const ASPHALT = '#4a5058';

export function CityMap({
  owner,
  shop,
  groups,
  placed,
  isSelected,
  isLit,
  actionOn,
  explain,
  canDrop,
  dropOn,
  names,
  t,
  lang,
}: {
  /** The view's board: `owner[lot]` (-1: nobody), `shop[lot]` (a kind id or null). */
  owner: readonly number[];
  shop: readonly (string | null)[];
  /** The shops on the board as the rules group them, and the lots just built on with who built there. */
  groups: readonly ShopOnBoard[];
  placed: ReadonlyMap<number, number>;
  isSelected: (lot: number) => boolean;
  isLit: (lot: number) => boolean;
  /** What a click on a lot does now (null: not a choice). */
  actionOn: (lot: number) => (() => void) | null;
  /** Says why a lot is not a choice now. */
  explain: (lot: number) => void;
  /** Whether the tile being dragged may be dropped on a lot; dropping it there (`dragged`: the tile's kind, if told). */
  canDrop: (lot: number) => boolean;
  dropOn: (lot: number, dragged: string) => void;
  names: string[];
  t: T;
  lang: Lang;
}) {
  const groupOf = new Map(groups.flatMap((group) => group.lots.map((lot) => [lot, group] as const)));
  // On a phone three blocks to a row would draw a lot at about 23 px and its number at 6 px, too small to read or to
  // touch: the blocks stand two to a row instead.
  const layout = useMediaQuery(PHONE_SCREEN) ? NARROW_MAP : WIDE_MAP;
  return (
    <svg
      viewBox={layout.viewBox}
      className="chinatown-board"
      role="group"
      aria-label="Chinatown"
      data-columns={layout.columns}
    >
      {/* The streets: asphalt under everything, a dashed lane line down the middle of each. */}
      <g aria-hidden="true">
        <rect width={layout.width} height={layout.height} rx={10} fill={ASPHALT} />
        {layout.streetLines.map((line) => (
          <line
            key={`${line.x1},${line.y1}`}
            {...line}
            stroke="#e8e1cf"
            strokeWidth={1.2}
            strokeDasharray="7 6"
          />
        ))}
      </g>
      {BLOCK_IDS.map((id, b) => {
        const origin = layout.blockOrigin(b);
        return (
          <g key={id}>
            {/* The block's pavement, its kerb a shade darker. */}
            <rect
              x={origin.x}
              y={origin.y}
              width={BLOCK_W}
              height={BLOCK_H}
              rx={7}
              fill="#e6dfcf"
              stroke="#b8ad95"
              strokeWidth={2}
            />
            <text x={origin.x + 8} y={origin.y + 16} fontSize={12} fill="#5a5240" fontWeight={700}>
              {t('chinatown.block', { n: id })}
            </text>
            {(BLOCKS[id] ?? []).map((row, r) =>
              row.map((lot, c) => {
                if (lot === null) return null;
                const { x, y } = lotCorner(origin, r, c);
                const kind = shop[lot] ?? null;
                const group = groupOf.get(lot);
                const facts: LotFacts = {
                  lot,
                  owner: owner[lot] ?? -1,
                  kind,
                  complete: group?.complete ?? false,
                  placedBy: placed.get(lot) ?? null,
                  ...(group && {
                    group: { tiles: group.lots.length, size: KIND.get(group.kind)?.size ?? 0 },
                  }),
                };
                return (
                  <Lot
                    key={lot}
                    facts={facts}
                    x={x}
                    y={y}
                    label={lotLabel(facts, names, t, lang)}
                    selected={isSelected(lot)}
                    lit={isLit(lot)}
                    action={actionOn(lot)}
                    explain={() => explain(lot)}
                    // Placement by dragging a tile from the hand onto one of the seat's empty lots.
                    onDragOver={(event: DragEvent) => {
                      if (canDrop(lot)) event.preventDefault();
                    }}
                    onDrop={(event: DragEvent) => {
                      event.preventDefault();
                      dropOn(lot, event.dataTransfer.getData('text/plain'));
                    }}
                  />
                );
              }),
            )}
          </g>
        );
      })}
      {/* Over the lots, so that the line between two shops is not hidden by their squares' edges. */}
      <g className="shop-outlines" aria-hidden="true" pointerEvents="none">
        {groups
          .filter((group) => group.lots.length > 1)
          .map((group) => (
            <path
              key={group.lots[0]}
              d={outlinePath(group.lots, layout)}
              data-testid={group.complete ? 'shop-outline-complete' : 'shop-outline'}
              data-lots={group.lots.join(' ')}
              fill="none"
              stroke="#1d2733"
              strokeWidth={group.complete ? 3 : 1.5}
              strokeLinecap="square"
            />
          ))}
      </g>
    </svg>
  );
}
