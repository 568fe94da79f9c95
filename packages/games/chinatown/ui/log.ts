/**
 * Chinatown's log in words: the lots settled and built on by number, trades with their terms, and runs of ready /
 * not-ready folded to each seat's last.
 */
import { seatName, type Lang, type LogContext, type LogEntry } from '@skyline/board-kit';
import type { T } from './words.js';
import { bundleWords, kindName } from './pieces.js';

const isReadiness = (entry: LogEntry | undefined) =>
  entry !== undefined && 'move' in entry && (entry.move.type === 'ready' || entry.move.type === 'unready');

/**
 * Whether a ready / not-ready line is worth showing: in a run of such lines (nothing else happening between them),
 * only each seat's last one counts, so that the trades stay visible among them.
 */
function readinessShown(entry: LogEntry, context: LogContext | undefined): boolean {
  if (!context || !('seat' in entry)) return true;
  for (let k = context.index + 1; k < context.log.length && isReadiness(context.log[k]); k++) {
    const later = context.log[k];
    if (later && 'seat' in later && later.seat === entry.seat) return false;
  }
  return true;
}

/** The offer numbered `n` (offers are numbered from 1 in the order they are made), from the log. */
function offerNumbered(
  n: number,
  log: readonly LogEntry[],
): { seat: number; move: Record<string, unknown> } | null {
  let count = 0;
  for (const entry of log) if ('move' in entry && entry.move.type === 'offer' && ++count === n) return entry;
  return null;
}

/** An offer's terms in words: "gives …; gets …". */
function offerWords(move: Record<string, unknown>, t: T, lang: Lang): string {
  return t('chinatown.log.terms', {
    give: bundleWords(move.give ?? {}, t, lang),
    get: bundleWords(move.get ?? {}, t, lang),
  });
}

export function describeMove(
  entry: LogEntry,
  names: string[],
  t: T,
  lang: Lang = 'en',
  context?: LogContext,
): string | null {
  if ('chance' in entry) return entry.chance.type === 'setup' ? t('chinatown.log.setup') : null;
  const who = seatName(names, entry.seat);
  const m = entry.move;
  const answer = (key: 'chinatown.log.accept' | 'chinatown.log.decline' | 'chinatown.log.withdraw') => {
    const n = Number(m.offer);
    const offer = context ? offerNumbered(n, context.log) : null;
    const line = t(key, { who, n, from: offer ? seatName(names, offer.seat) : '?' });
    return offer ? `${line} (${offerWords(offer.move, t, lang)})` : line;
  };
  switch (m.type) {
    case 'settle':
      // The lots, once the view shows them (the others' choices are hidden until everyone has chosen).
      return Array.isArray(m.lots) && m.lots.length > 0
        ? t('chinatown.log.settleLots', { who, lots: m.lots.map(Number).join(', ') })
        : t('chinatown.log.settle', { who });
    case 'offer':
      return `${t('chinatown.log.offer', { who, to: seatName(names, Number(m.to)) })}: ${offerWords(m, t, lang)}`;
    case 'accept':
      return answer('chinatown.log.accept');
    case 'decline':
      return answer('chinatown.log.decline');
    case 'withdraw':
      return answer('chinatown.log.withdraw');
    case 'ready':
      return readinessShown(entry, context) ? t('chinatown.log.ready', { who }) : null;
    case 'unready':
      return readinessShown(entry, context) ? t('chinatown.log.unready', { who }) : null;
    case 'place':
      return t('chinatown.log.place', { who, lot: Number(m.lot), shop: kindName(String(m.shop), lang) });
    case 'done':
      return t('chinatown.log.done', { who });
    default:
      return t('chinatown.log.hidden', { who });
  }
}
