/**
 * A table as this page knows it: the snapshot from `table:open`, brought forward by every `table:update`. A move is
 * sent on the version shown; while it is on its way nothing else is offered, so no stale action is ever shown.
 */
import type { ChatLine, TableSnapshot, TableSummary, TableUpdate, Words } from '@skyline/protocol';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { isHidden, type LogEntry } from '@skyline/board-kit';
import { http, moveId, type Connection } from './net.js';
import { saidOf, type Said } from './server-words.js';

/**
 * The snapshot, brought forward by the updates; its table summary as `summary` (updated by `table:summary`), and when
 * the clocks were last told (`clocksAt`, this page's time: a running clock ticks down from there).
 */
export type TableState = Omit<TableSnapshot, 'table'> & { summary: TableSummary; clocksAt: number };

export function fromSnapshot(snapshot: TableSnapshot, now = Date.now()): TableState {
  const { table, ...rest } = snapshot;
  return { ...rest, summary: table, clocksAt: now };
}

/**
 * Applies an update; `null` when it cannot be applied (a gap: the page must re-open the table). An update of the same
 * version counts only when it ends the game (a resignation adds nothing to the log), tells the clocks anew, or starts
 * the game (a game without chance moves starts with nothing in its log); otherwise only whether the viewer's last
 * move can be taken back is read from it (a seat taken back from the bot standing in changes that, and nothing else).
 */
export function applyUpdate(state: TableState, update: TableUpdate, now = Date.now()): TableState | null {
  const endsGame = update.status.over && !state.status?.over;
  // An update of the same version with clocks tells them anew (a seat handed to a bot, or taken back).
  // A move taken back (`table:undo`): the version went back and nothing is new; the page reads the table again.
  if (update.version < state.version && update.from === update.version && update.log.length === 0)
    return null;
  const clocksOnly = update.clocks !== undefined && update.version === state.version;
  // A game without chance moves starts with an empty log: its first view comes at the open table's version (0).
  const startsGame = (state.view === null || state.view === undefined) && update.view !== null;
  if (update.version < state.version) return state;
  if (update.version === state.version && !endsGame && !clocksOnly && !startsGame)
    return update.undoable === state.undoable ? state : { ...state, undoable: update.undoable };
  if (update.from > state.log.length) return null;
  return {
    ...state,
    viewer: update.viewer,
    version: update.version,
    status: update.status,
    view: update.view,
    legalMoves: update.legalMoves,
    log: [...state.log.slice(0, update.from), ...update.log],
    ...(update.clocks !== undefined ? { clocks: update.clocks, clocksAt: now } : {}),
    // Told anew by every update: absent, the viewer's last move can no longer be taken back.
    undoable: update.undoable,
  };
}

/**
 * Whether the log shown may now read better than it did: an update never sends again the entries before its `from`,
 * so a choice shown as hidden there stays so after its reveal, and the game's end reveals everything.
 */
export function revealMayHaveHappened(before: TableState, update: TableUpdate): boolean {
  if (update.status.over && !before.status?.over) return true;
  // A choice that comes hidden means the others are still choosing: nothing is revealed yet.
  if ((update.log as LogEntry[]).some((entry) => isHidden(entry))) return false;
  return (before.log as LogEntry[]).slice(0, update.from).some((entry) => isHidden(entry));
}

/**
 * Whether a record's log entry is one of the table's ending entries (`{"seat": N, "resign": true}`, `{"stop": true}`,
 * `{"abort": true}`), which records hold but the game's log never does.
 */
export function isEndingEntry(entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null) return false;
  const fields = entry as Record<string, unknown>;
  return fields.resign === true || fields.stop === true || fields.abort === true;
}

/** The log with its first entries as the game's record now tells them (revealed choices in full). */
export function withRevealedLog(state: TableState, fullLog: readonly unknown[]): TableState {
  // The record's ending entries are not the game's: left out, the indices are the game log's.
  const recordLog = fullLog.filter((entry) => !isEndingEntry(entry));
  const known = Math.min(state.log.length, recordLog.length);
  return { ...state, log: [...recordLog.slice(0, known), ...state.log.slice(known)] };
}

/** The same JSON value, whatever the order of object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
          )
        : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/**
 * Whether a move refused only because the table moved on meanwhile (another seat played in a simultaneous phase)
 * should be sent again on the new version: when the seat may still make it. Offers are not listed among the legal
 * moves (there are too many); the server checks them, so they are sent again too.
 */
export function worthRetrying(move: unknown, legalMoves: unknown[]): boolean {
  if ((move as { type?: unknown } | null)?.type === 'offer') return true;
  return legalMoves.some((legal) => sameJson(legal, move));
}

export interface UseTable {
  table: TableState | null;
  chat: ChatLine[];
  error: Said | null;
  pending: boolean;
  notice: Said | null;
  move: (move: unknown) => void;
  command: (text: string) => Promise<void>;
  say: (text: string) => Promise<void>;
}

/**
 * The table as this page knows it, and the reads it asks for: `reopen` (the snapshot again: a gap in the updates, or
 * the seats changed, so that the viewer the snapshot names is this page's seat) and `reread` (the log again from the
 * record) are counters, bumped by the reducer and acted on by `useTable`'s effects.
 */
export interface TableModel {
  table: TableState | null;
  reopen: number;
  reread: number;
}

/** What happens to a table page: each event builds on the state the last one left (a reducer: never a stale copy). */
export type TableEvent =
  | { type: 'closed' }
  | { type: 'opened'; snapshot: TableSnapshot; now: number }
  | { type: 'update'; update: TableUpdate; now: number }
  | { type: 'summary'; summary: TableSummary }
  | { type: 'revealed'; tableId: string; log: unknown[] };

export const NO_TABLE: TableModel = { table: null, reopen: 0, reread: 0 };

const seatedNames = (summary: TableSummary): string => JSON.stringify(summary.seats.map((seat) => seat.name));

export function tableReducer(model: TableModel, event: TableEvent): TableModel {
  const current = model.table;
  switch (event.type) {
    case 'closed':
      return NO_TABLE;
    case 'opened':
      return { ...model, table: fromSnapshot(event.snapshot, event.now) };
    case 'update': {
      if (!current || event.update.tableId !== current.summary.id) return model;
      const next = applyUpdate(current, event.update, event.now);
      if (next === null) return { ...model, reopen: model.reopen + 1 };
      const reread = revealMayHaveHappened(current, event.update) ? model.reread + 1 : model.reread;
      return { ...model, table: next, reread };
    }
    case 'summary': {
      if (!current || event.summary.id !== current.summary.id) return model;
      // Someone sat down or left: the snapshot's viewer (which seat this page plays) is read again with the seats.
      const reseated = seatedNames(event.summary) !== seatedNames(current.summary);
      return {
        ...model,
        table: { ...current, summary: event.summary },
        reopen: model.reopen + (reseated ? 1 : 0),
      };
    }
    case 'revealed':
      if (!current || current.summary.id !== event.tableId) return model;
      return { ...model, table: withRevealedLog(current, event.log) };
  }
}

export function useTable(conn: Connection, tableId: string): UseTable {
  const [{ table, reopen, reread: rereads }, dispatch] = useReducer(tableReducer, NO_TABLE);
  const [chat, setChat] = useState<ChatLine[]>([]);
  const [error, setError] = useState<Said | null>(null);
  const [notice, setNotice] = useState<Said | null>(null);
  /** `sending`: a move is on its way; a number: it was applied, and the page waits for that version. */
  const [pendingState, setPending] = useState<false | 'sending' | number>(false);

  const open = useCallback(async () => {
    const ack = await conn.request<'table:open', { snapshot: TableSnapshot; chat: ChatLine[] }>(
      'table:open',
      {
        tableId,
      },
    );
    if (!ack.ok) {
      setError(saidOf(ack));
      return;
    }
    setError(null);
    setPending(false);
    dispatch({ type: 'opened', snapshot: ack.snapshot, now: Date.now() });
    setChat(ack.chat);
  }, [conn, tableId]);

  /** Reads the log again from the game's record, where choices since revealed are told in full. */
  const reread = useCallback(async () => {
    try {
      const record = await http<{ log: unknown[] }>('GET', `/api/games/${tableId}/record`);
      dispatch({ type: 'revealed', tableId, log: record.log });
    } catch {
      // the log stays as it was: the next reveal (or a reload) reads it again
    }
  }, [tableId]);

  useEffect(() => {
    if (reopen > 0) void open();
  }, [reopen, open]);
  useEffect(() => {
    if (rereads > 0) void reread();
  }, [rereads, reread]);

  useEffect(() => {
    dispatch({ type: 'closed' });
    setChat([]);
    void open();
    const offs = [
      conn.onReconnect(() => void open()),
      conn.on('table:update', (update) => {
        if (update.tableId === tableId) dispatch({ type: 'update', update, now: Date.now() });
      }),
      conn.on('table:summary', (summary) => {
        if (summary.id === tableId) dispatch({ type: 'summary', summary });
      }),
      conn.on('table:chat', (line) => {
        if (line.tableId === tableId) setChat((lines) => [...lines.slice(-199), line]);
      }),
      // A moderator hid a line: it goes from the page (and is not in the chat a reload reads).
      conn.on('chat:hidden', (hidden) => {
        if (hidden.tableId === tableId) setChat((lines) => lines.filter((line) => line.id !== hidden.id));
      }),
    ];
    return () => {
      for (const off of offs) off();
      void conn.request('table:close', { tableId });
    };
  }, [conn, tableId, open]);

  const move = useCallback(
    (move: unknown) => {
      if (!table) return;
      setPending('sending');
      setNotice(null);
      const attempt = async (version: number, tries: number): Promise<void> => {
        const ack = await conn.request<'table:move', { version: number }>('table:move', {
          tableId,
          version,
          id: moveId(),
          move,
        });
        if (ack.ok) {
          setPending(ack.version);
          return;
        }
        const stale = ack.stale as TableSnapshot | undefined;
        if (stale && tries < 3 && worthRetrying(move, stale.legalMoves))
          return attempt(stale.version, tries + 1);
        setNotice(saidOf(ack));
        setPending(false);
        void open(); // whatever we showed was not the table's state any more
      };
      void attempt(table.version, 0);
    },
    [conn, tableId, open, table],
  );

  const command = useCallback(
    async (text: string) => {
      const ack = await conn.request<'table:chat', { reply?: string; lines?: Words[]; line?: ChatLine }>(
        'table:chat',
        { tableId, text },
      );
      if (!ack.ok) {
        setNotice(saidOf(ack));
        return;
      }
      setNotice(null); // an error said before is answered by this success
      // Replies that the table hears anyway (a system line) are not repeated; /help and /who are for the sender.
      if (ack.reply && /^\/(help|who)\b/i.test(text)) {
        // One line per line of the answer, each in the catalogue's words when the server sent them.
        const at = Date.now();
        const texts = ack.reply.split('\n');
        const answer: ChatLine[] =
          ack.lines?.length === texts.length
            ? ack.lines.map((said, k) => ({ tableId, from: null, text: texts[k] ?? '', ...said, at }))
            : [{ tableId, from: null, text: ack.reply, at }];
        setChat((lines) => [...lines, ...answer]);
      }
    },
    [conn, tableId],
  );

  const pending =
    pendingState === 'sending' || (typeof pendingState === 'number' && (table?.version ?? 0) < pendingState);
  return { table, chat, error, pending, notice, move, command, say: command };
}
