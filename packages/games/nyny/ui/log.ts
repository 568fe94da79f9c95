/**
 * The game's log in words: deals, plays, takes (public: the tile came from the face-up pool), passes; in the
 * simultaneous variant, choices not yet revealed, then each turn's choices in one line once revealed together, with
 * the numbers revealed more than once that went to the box.
 */
import { seatName, type LogContext, type LogEntry } from '@skyline/board-kit';
import type { NynyView } from '@skyline/nyny';
import { boxedNumbers as revealRule } from '@skyline/nyny/board';
import { numberOf, tileName } from './tiles.js';
import { turnOf } from './turns.js';
import type { T } from './words.js';

export function describeEntry(entry: LogEntry, names: string[], t: T, context?: LogContext): string | null {
  if ('chance' in entry) {
    const first = entry.chance.first;
    return typeof first === 'number' ? t('nyny.log.deal', { who: seatName(names, first) }) : null;
  }
  const view = context?.view as NynyView | undefined;
  if (context && view?.options.variant === 'simultaneous') {
    const turn = turnOf(context.log, context.index);
    if (turn) return describeChoice(turn, names, t, context, view);
  }
  const who = seatName(names, entry.seat);
  const move = entry.move;
  const tile = typeof move.tile === 'string' ? tileName(move.tile, t) : null;
  switch (move.type) {
    case 'play':
      return tile ? t('nyny.log.play', { who, tile }) : null;
    case 'take':
      return tile ? t('nyny.log.take', { who, tile }) : null;
    case 'pass':
      return t('nyny.log.pass', { who });
    case 'hidden':
      return t('nyny.log.hidden', { who });
    default:
      return null;
  }
}

/**
 * A simultaneous choice. Before the reveal: the viewer's own choice ("you chose red 3 face down") or that another
 * seat has chosen. Once revealed: the turn in one line, on its last entry (the others say nothing): every seat's
 * tile or pass, and the numbers that went to the box.
 */
function describeChoice(
  turn: { start: number; end: number },
  names: string[],
  t: T,
  { log, index }: LogContext,
  view: NynyView,
): string | null {
  const choices = log.slice(turn.start, turn.end + 1) as { seat: number; move: Record<string, unknown> }[];
  const entry = log[index] as { seat: number; move: Record<string, unknown> };
  const who = seatName(names, entry.seat);
  const waiting =
    choices.some((choice) => choice.move.type === 'hidden') ||
    (view.phase === 'choose' && turn.start >= view.turnStart);
  if (waiting) {
    const tile = entry.move.tile;
    if (entry.move.type === 'hidden') return t('nyny.log.hidden', { who });
    if (entry.move.type === 'pass') return t('nyny.log.chosePass', { who });
    return typeof tile === 'string' ? t('nyny.log.chose', { who, tile: tileName(tile, t) }) : null;
  }
  if (index !== turn.end) return null;
  if (choices.length === 1) {
    const tile = entry.move.tile;
    if (entry.move.type === 'pass') return t('nyny.log.pass', { who });
    return typeof tile === 'string' ? t('nyny.log.play', { who, tile: tileName(tile, t) }) : null;
  }
  const tiles = choices.flatMap(({ move }) => (typeof move.tile === 'string' ? [move.tile] : []));
  const said = choices.map(({ seat, move }) =>
    typeof move.tile === 'string'
      ? t('nyny.log.revealedTile', { who: seatName(names, seat), tile: tileName(move.tile, t) })
      : t('nyny.log.pass', { who: seatName(names, seat) }),
  );
  const boxed = boxedNumbers(tiles).map(({ number, count }) =>
    t(`nyny.log.boxed${Math.min(count, 4)}` as 'nyny.log.boxed2', { n: number }),
  );
  return [t('nyny.log.revealed', { choices: said.join(', ') }), ...boxed].join(' ');
}

/**
 * The numbers revealed more than once in a turn, lowest first, with how many times: those tiles go to the box. The
 * rules' own reveal rule (`boxedNumbers` of the rules), read on the tiles' numbers, so that the log says what the
 * rules did.
 */
export function boxedNumbers(tiles: readonly string[]): { number: number; count: number }[] {
  return revealRule(tiles.map(numberOf));
}
