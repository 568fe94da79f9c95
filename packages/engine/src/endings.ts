import type { Seat, Status } from './contract.js';
import { bestSeats } from './play.js';

/**
 * Entries of a record's log that are not moves of the game but things that happened at the table: a seat resigned
 * (`{"seat": N, "resign": true}`), a game of bots was stopped (`{"stop": true}`), a game was aborted before every
 * seat had moved (`{"abort": true}`), or a moderator closed a game that was not over (`{"close": true}`). A game never
 * sees them; the replay notes them and they change the final status.
 *
 * A resignation ends the game when at most one seat is left that has not resigned (always in a 2-seat game); before
 * that, the seat's moves go on in the log (a bot plays them at the table) and the seat is placed last at the end.
 * A stop, an abort or a close ends the game with no winner. Nothing may follow an entry that ended the game.
 */
export type EndingEntry = { seat: Seat; resign: true } | { stop: true } | { abort: true } | { close: true };

/** What the ending entries of a log said so far. */
export interface Endings {
  /** Seats that resigned, in the order they did. */
  resigned: Seat[];
  /** How the game was ended outside its rules, or null. */
  closed: 'resigned' | 'stopped' | 'aborted' | 'closed' | null;
}

/** The status as a record tells it: the game's own, with who resigned and how the game was ended outside its rules. */
export interface RecordStatus extends Status {
  /** Seats that resigned (placed last: never among the winners unless every seat resigned). */
  resigned?: Seat[];
  stopped?: true;
  aborted?: true;
  /** A moderator closed the game before its end (no winner, unrated). */
  closed?: true;
}

/** Reads an ending entry's shape; `null` for anything else. */
export function readEndingEntry(entry: unknown): EndingEntry | null {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return null;
  const fields = entry as Record<string, unknown>;
  const keys = Object.keys(fields).sort().join(',');
  if (keys === 'resign,seat' && fields.resign === true && Number.isInteger(fields.seat))
    return { seat: fields.seat as Seat, resign: true };
  if (keys === 'stop' && fields.stop === true) return { stop: true };
  if (keys === 'abort' && fields.abort === true) return { abort: true };
  if (keys === 'close' && fields.close === true) return { close: true };
  return null;
}

export function noEndings(): Endings {
  return { resigned: [], closed: null };
}

/**
 * Notes an ending entry; returns the reason it cannot be applied, or null. `players` is the seat count.
 */
export function applyEnding(endings: Endings, entry: EndingEntry, players: number): string | null {
  if ('resign' in entry) {
    if (entry.seat < 0 || entry.seat >= players)
      return `there is no seat ${entry.seat} in a ${players}-seat game`;
    if (endings.resigned.includes(entry.seat)) return `seat ${entry.seat} has already resigned`;
    endings.resigned.push(entry.seat);
    if (players - endings.resigned.length <= 1) endings.closed = 'resigned';
    return null;
  }
  endings.closed = 'stop' in entry ? 'stopped' : 'abort' in entry ? 'aborted' : 'closed';
  return null;
}

/**
 * The final status once endings are taken into account: the game's own status, with resigned seats out of the
 * winners (the best of the others win instead), or over with no winner when the game was stopped, aborted or closed.
 */
export function statusWithEndings(status: Status, endings: Endings): RecordStatus {
  const { resigned, closed } = endings;
  const marks: Partial<RecordStatus> = resigned.length > 0 ? { resigned: [...resigned] } : {};
  if (closed === 'stopped' || closed === 'aborted' || closed === 'closed') {
    const mark = {
      stopped: { stopped: true },
      aborted: { aborted: true },
      closed: { closed: true },
    } as const;
    return { over: true, active: [], scores: status.scores, winners: [], ...marks, ...mark[closed] };
  }
  const over = status.over || closed === 'resigned';
  if (!over) return { ...status, ...marks };
  return { over: true, active: [], scores: status.scores, winners: winnersAfter(status, resigned), ...marks };
}

/**
 * The winners of a finished game in which `resigned` seats resigned: the game's own winners if none of them
 * resigned, otherwise the best scores among the seats that did not (a resigned seat is placed last).
 */
export function winnersAfter(
  status: Pick<Status, 'scores' | 'winners' | 'over'>,
  resigned: readonly Seat[],
): Seat[] {
  if (resigned.length === 0 && status.over) return status.winners;
  if (status.over && status.winners.length > 0 && status.winners.every((seat) => !resigned.includes(seat)))
    return status.winners;
  if (resigned.length >= status.scores.length) return [];
  return bestSeats(status.scores.map((score, seat) => (resigned.includes(seat) ? -Infinity : score)));
}
