/** The game's log in words: deals, plays, takes (hidden from the other seats), passes, choices not yet revealed. */
import { seatName, type LogEntry } from '@skyline/board-kit';
import { tileName } from './tiles.js';
import type { T } from './words.js';

export function describeEntry(entry: LogEntry, names: string[], t: T): string | null {
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
}
