/** The game's log in words: reshuffles, pieces chosen, builds (on the lot the card meant for its player), discards. */
import { seatName, type LogContext, type LogEntry } from '@skyline/board-kit';
import type { ManhattanView } from '@skyline/manhattan';
import { lotOfCard } from '@skyline/manhattan/board';
import { cityName } from './labels.js';
import type { T } from './words.js';

export function describeEntry(entry: LogEntry, names: string[], t: T, context?: LogContext): string | null {
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
}
