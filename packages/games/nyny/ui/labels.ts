/** What the board says about a skyline position, to screen readers and in the pointer's tooltip. */
import { seatName } from '@skyline/board-kit';
import { tileName } from './tiles.js';
import type { T } from './words.js';

/** A position's tiles, bottom first: "red 3 → blue 3", or "empty". */
export function stackInWords(stack: readonly string[], t: T): string {
  return stack.length ? stack.map((tile) => tileName(tile, t)).join(' → ') : t('nyny.empty');
}

/**
 * A position: its number and top tile, the tiles below when there are any, and who has just played there
 * (`playedBy`, a seat).
 */
export function positionLabel(
  stack: readonly string[],
  index: number,
  playedBy: number | undefined,
  names: string[],
  t: T,
): string {
  const top = stack[stack.length - 1];
  const tiles =
    stack.length > 1 ? ` — ${t('nyny.stack', { tiles: stack.map((s) => tileName(s, t)).join(', ') })}` : '';
  const just = playedBy === undefined ? '' : `. ${t('nyny.justPlayed', { who: seatName(names, playedBy) })}`;
  return `${t('nyny.position', { n: index + 1 })}: ${top ? tileName(top, t) : t('nyny.empty')}${tiles}${just}`;
}
