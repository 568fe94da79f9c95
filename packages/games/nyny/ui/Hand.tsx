/**
 * The viewer's hand: its tiles in a row, those it may play as buttons (the others dimmed while some may be played),
 * each named with the position it goes to; pointing at a playable tile (or focusing it) shows the floor it would add
 * to the city. The keys 1 to 6 pick them (`keys.ts`).
 */
import { TILE_W } from './geometry.js';
import { Tile } from './Tile.js';
import { numberOf, tileName } from './tiles.js';
import type { T } from './words.js';

/** A tile's width and the gap after it. */
const STEP = TILE_W + 8;

export function Hand({
  hand,
  playable,
  choice,
  skyline,
  play,
  point,
  explain,
  t,
}: {
  hand: readonly string[];
  playable: ReadonlySet<string>;
  /** The viewer's secret choice this turn, drawn as chosen. */
  choice: string | null;
  /** The positions' stacks (a playable tile's name says what it would cover). */
  skyline: readonly (readonly string[])[];
  play: (tile: string) => void;
  /** The playable tile pointed at (or focused), or null. */
  point: (tile: string | null) => void;
  /** Says why a tile that may not be played now cannot be. */
  explain: () => void;
  t: T;
}) {
  const width = Math.max(1, hand.length) * STEP + 4;
  let key = 0;
  return (
    <section aria-label={t('nyny.hand')}>
      <h3>{t('nyny.hand')}</h3>
      <svg
        viewBox={`0 0 ${width} 60`}
        className="nyny-hand"
        style={{ width }}
        role="group"
        aria-label={t('nyny.hand')}
      >
        {hand.map((tile, k) => {
          const can = playable.has(tile);
          if (can) key++;
          return (
            <g
              key={tile}
              onMouseEnter={() => point(can ? tile : null)}
              onMouseLeave={() => point(null)}
              onFocus={() => point(can ? tile : null)}
              onBlur={() => point(null)}
              onClick={can ? undefined : explain}
              data-testid={can ? undefined : 'hand-tile-not-now'}
              opacity={can || playable.size === 0 ? 1 : 0.45}
            >
              <Tile
                tile={tile}
                x={4 + k * STEP}
                y={4}
                t={t}
                label={can ? playableName(tile, skyline, t) : undefined}
                highlight={can || choice === tile}
                testId={can ? 'play' : undefined}
                nav={can ? 'hand' : undefined}
                shortcut={can && key <= 9 ? `${key}` : undefined}
                onClick={can ? () => play(tile) : undefined}
              />
            </g>
          );
        })}
      </svg>
    </section>
  );
}

/** A playable tile in words with where it goes: "red 5, for position 5, on blue 5". */
export function playableName(tile: string, skyline: readonly (readonly string[])[], t: T): string {
  const n = numberOf(tile);
  const top = skyline[n - 1]?.at(-1);
  return top
    ? t('nyny.handTileOn', { tile: tileName(tile, t), n, top: tileName(top, t) })
    : t('nyny.handTile', { tile: tileName(tile, t), n });
}
