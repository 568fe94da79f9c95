/**
 * Reads a backup file (`format.ts`) as hostile input: decompressed as a stream, no line longer than `MAX_LINE_BYTES`,
 * every line parsed by its schema, the rows counted against the header, and the SHA-256 of the lines checked against
 * the trailer's at the end. Whoever reads the rows as they come (`restore.ts`) writes them in a transaction that
 * commits only once the whole file has been read and found whole.
 */
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import {
  BackupHeader,
  BackupRefusal,
  BackupTrailer,
  FileValue,
  FORMAT,
  FORMAT_VERSION,
  MAX_LINE_BYTES,
} from './format.js';

export type HeaderTable = BackupHeader['tables'][number];

export interface ScanHandlers {
  /** Told of the header once it has been parsed; may refuse it by throwing. */
  header?(header: BackupHeader): Promise<void> | void;
  /** Told of the rows of a table, a batch at a time (at most `batchRows(table)` rows), in the order of the file. */
  rows?(table: HeaderTable, batch: FileValue[][]): Promise<void> | void;
  batchRows?(table: HeaderTable): number;
}

export interface Scanned {
  header: BackupHeader;
  /** The SHA-256 of the lines before the trailer, as read (and as the trailer says). */
  sha256: string;
  rows: number;
}

const damaged = (why: string) => new BackupRefusal('backup.damaged', `the backup is damaged: ${why}`);

export async function scanBackup(file: string, handlers: ScanHandlers = {}): Promise<Scanned> {
  const hash = createHash('sha256');
  let header: BackupHeader | null = null;
  let trailer: BackupTrailer | null = null;
  let tableIndex = 0;
  let rowsLeft = 0;
  let rowSchema: z.ZodType<FileValue[]> | null = null;
  let batch: FileValue[][] = [];
  let total = 0;
  let lineNumber = 0;

  const nextTable = () => {
    // Tables without rows have no lines.
    while (header && tableIndex < header.tables.length && header.tables[tableIndex]!.rows === 0) tableIndex++;
    const table = header?.tables[tableIndex];
    rowsLeft = table?.rows ?? 0;
    rowSchema = table ? z.array(FileValue).length(table.columns.length) : null;
  };
  const flush = async () => {
    const table = header?.tables[tableIndex];
    if (batch.length > 0 && table) await handlers.rows?.(table, batch);
    batch = [];
  };

  for await (const line of linesOf(file)) {
    lineNumber++;
    if (trailer) throw damaged(`line ${lineNumber} follows the last line`);
    const value = jsonOf(line, lineNumber);
    if (!header) {
      header = headerOf(value);
      hash.update(line);
      await handlers.header?.(header);
      nextTable();
      continue;
    }
    const table = header.tables[tableIndex];
    if (table && rowSchema) {
      const parsed = (rowSchema as z.ZodType<FileValue[]>).safeParse(value);
      if (!parsed.success)
        throw damaged(`line ${lineNumber} is not a row of ${table.name} (${table.columns.length} values)`);
      hash.update(line);
      batch.push(parsed.data);
      total++;
      if (batch.length >= (handlers.batchRows?.(table) ?? 1000)) await flush();
      if (--rowsLeft === 0) {
        await flush();
        tableIndex++;
        nextTable();
      }
      continue;
    }
    const parsed = BackupTrailer.safeParse(value);
    if (!parsed.success) throw damaged(`line ${lineNumber} is neither a row nor the last line`);
    trailer = parsed.data;
  }
  if (!header) throw damaged('it is empty');
  if (!trailer) {
    const table = header.tables[tableIndex];
    throw damaged(
      table
        ? `it ends within the rows of ${table.name}, ${rowsLeft} short of the ${table.rows} its header says`
        : 'it ends before its last line',
    );
  }
  const sha256 = hash.digest('hex');
  if (trailer.end.rows !== total)
    throw damaged(`its last line counts ${trailer.end.rows} rows, it holds ${total}`);
  if (trailer.end.sha256 !== sha256)
    throw new BackupRefusal(
      'backup.checksum',
      `the backup is damaged: its checksum (SHA-256 of its lines) is ${sha256}, not the ${trailer.end.sha256} it was written with`,
    );
  return { header, sha256, rows: total };
}

function jsonOf(line: Buffer, lineNumber: number): unknown {
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(line)) as unknown;
  } catch {
    throw damaged(`line ${lineNumber} is not JSON`);
  }
}

function headerOf(value: unknown): BackupHeader {
  const kind = z.object({ format: z.literal(FORMAT), version: z.number().int() }).safeParse(value);
  if (!kind.success) throw damaged('it does not begin as a Skyline backup does (format "skyline-backup")');
  if (kind.data.version > FORMAT_VERSION)
    throw new BackupRefusal(
      'backup.newer',
      `the backup is in format ${kind.data.version}, written by a newer Skyline: this one reads format ${FORMAT_VERSION}`,
    );
  const parsed = BackupHeader.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw damaged(`its header does not parse (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`);
  }
  const header = parsed.data;
  if (header.migrations.at(-1) !== header.schema)
    throw damaged(
      `its header names schema ${header.schema} but its last migration is ${header.migrations.at(-1)}`,
    );
  const names = header.tables.map((table) => table.name);
  if (new Set([...names, ...header.leftOut]).size !== names.length + header.leftOut.length)
    throw damaged('its header names a table twice');
  for (const table of header.tables)
    if (new Set(table.columns).size !== table.columns.length)
      throw damaged(`its header names a column of ${table.name} twice`);
  return header;
}

/**
 * The decompressed file's lines, each with its newline; a line longer than `MAX_LINE_BYTES` is refused before it is
 * held whole in memory.
 */
async function* linesOf(file: string): AsyncGenerator<Buffer> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new BackupRefusal(
      'backup.unreadable',
      `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
    );
  }
  const input = handle.createReadStream();
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (;;) {
        const newline = chunk.indexOf(10, start);
        if (newline < 0) break;
        const piece = chunk.subarray(start, newline + 1);
        if (pendingBytes + piece.length - 1 > MAX_LINE_BYTES) throw tooLong();
        yield pending.length > 0 ? Buffer.concat([...pending, piece]) : piece;
        pending = [];
        pendingBytes = 0;
        start = newline + 1;
      }
      if (start < chunk.length) {
        pendingBytes += chunk.length - start;
        if (pendingBytes > MAX_LINE_BYTES) throw tooLong();
        pending.push(chunk.subarray(start));
      }
    }
  } catch (error) {
    if (error instanceof BackupRefusal) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? '';
    throw damaged(
      code.startsWith('Z_') ? `it is not a whole gzip file (${(error as Error).message})` : String(error),
    );
  } finally {
    input.destroy();
    gunzip.destroy();
    await handle.close().catch(() => undefined);
  }
  if (pendingBytes > 0) throw damaged('it ends in the middle of a line');
}

const tooLong = () => damaged(`a line is longer than ${MAX_LINE_BYTES} bytes, the most a backup line may be`);
