/** My City's log in words: a deal, a building built (named while it stands), a pass, a stop, a choice still hidden. */
import { seatName, type LogContext, type LogEntry } from '@skyline/board-kit';
import type { MyCityView } from '@skyline/mycity';
import { cellsKey, type Cell } from './geometry.js';
import { buildingName, placeName } from './names.js';
import type { T } from './words.js';

export function describeEntry(entry: LogEntry, names: string[], t: T, context?: LogContext): string | null {
  if ('chance' in entry) return t('mycity.log.deal');
  const who = seatName(names, entry.seat);
  switch (entry.move.type) {
    case 'build': {
      const cells = entry.move.cells as Cell[];
      // Which building: the one standing on these squares of the seat's board this episode, if it still does.
      const board = (context?.view as MyCityView | undefined)?.boards[entry.seat] ?? [];
      const standing = board.find((b) => cellsKey(b.cells) === cellsKey(cells));
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
}
