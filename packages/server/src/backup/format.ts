/**
 * The backup file (`skyline backup`, `skyline restore`): gzip'd JSON lines, the same whichever database wrote or
 * reads it.
 *
 *   line 1            the header: format and version, when, from which kind of database, the schema (the migrations
 *                     the data is at), and per table its columns and number of rows, in the order they follow
 *   then              one line per row, a JSON array of the row's values in the header's column order, table by table
 *   last line         the trailer: the number of rows and the SHA-256 of every line before it (newlines included)
 *
 * A value is JSON's null, true/false, a finite number or a string, or, for what JSON cannot hold exactly, an object
 * with one key: `{"int": "9007199254740993"}` (an integer beyond 2^53), `{"float": "NaN"}` (or `Infinity`,
 * `-Infinity`), `{"bytes": "<base64>"}` (a blob / bytea).
 *
 * A file is read as hostile input (`reader.ts`): every line is parsed by the schemas below, with sizes bounded.
 */
import { z } from 'zod';

export const FORMAT = 'skyline-backup';
export const FORMAT_VERSION = 1;

/** The longest line (a row, or the header) a file may hold, once decompressed. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

/**
 * Tables a backup leaves out: the sessions (a restored database signs everyone out; a backup file that is copied
 * around holds no live session).
 */
export const LEFT_OUT_TABLES: readonly string[] = ['sessions'];

/** Kysely's own tables (which migrations ran): the header's `migrations` says what they held. */
export const MIGRATION_TABLES: readonly string[] = ['kysely_migration', 'kysely_migration_lock'];

/** A table's or a column's name: what the migrations make, nothing a query could misread. */
const Identifier = z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/);

const MigrationName = z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/);

export const BackupHeader = z
  .object({
    format: z.literal(FORMAT),
    version: z.number().int().min(1),
    createdAt: z.iso.datetime(),
    source: z.enum(['sqlite', 'postgres']),
    /** The last migration the data is at. */
    schema: MigrationName,
    /** Every migration the source had run, in order (the last is `schema`). */
    migrations: z.array(MigrationName).min(1).max(10_000),
    leftOut: z.array(Identifier).max(100),
    tables: z
      .array(
        z
          .object({
            name: Identifier,
            columns: z.array(Identifier).min(1).max(500),
            rows: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
          })
          .strict(),
      )
      .max(500),
  })
  .strict();
export type BackupHeader = z.infer<typeof BackupHeader>;

export const BackupTrailer = z
  .object({
    end: z
      .object({
        rows: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
      })
      .strict(),
  })
  .strict();
export type BackupTrailer = z.infer<typeof BackupTrailer>;

export const FileValue = z.union([
  z.null(),
  z.boolean(),
  z.number(), // JSON has no NaN or infinities: every number parsed from a line is finite
  z.string(),
  z.object({ int: z.string().regex(/^-?\d{1,40}$/) }).strict(),
  z.object({ float: z.enum(['NaN', 'Infinity', '-Infinity']) }).strict(),
  z.object({ bytes: z.base64() }).strict(),
]);
export type FileValue = z.infer<typeof FileValue>;

/** A refusal of `skyline backup`, `restore` or `migrate`: a code to look up, and what to do, in English. */
export class BackupRefusal extends Error {
  constructor(
    readonly code: BackupRefusalCode,
    message: string,
  ) {
    super(message);
  }
}

export type BackupRefusalCode =
  /** The file cannot be opened or read. */
  | 'backup.unreadable'
  /** Not a backup, cut short, or changed: a line that does not parse, sizes or counts that do not add up. */
  | 'backup.damaged'
  /** Every line parses, but the SHA-256 of the lines is not the one the file ends with. */
  | 'backup.checksum'
  /** Written by a newer Skyline: a format or a schema this version does not know. */
  | 'backup.newer'
  /** There is no database to back up at the path given. */
  | 'backup.noDatabase'
  /** The database has no migrations table: not a Skyline database. */
  | 'backup.notSkyline'
  /** The database to restore into already holds data. */
  | 'restore.notEmpty'
  /** The database to restore into is at a later schema than the backup, or at one this version does not know. */
  | 'restore.schema';

/** A value read from a database, as the file holds it. */
export function fileValue(value: unknown): FileValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'boolean':
    case 'string':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : { float: String(value) as 'NaN' | 'Infinity' | '-Infinity' };
    case 'bigint':
      return Number.isSafeInteger(Number(value)) ? Number(value) : { int: value.toString() };
    case 'object':
      if (value instanceof Uint8Array) return { bytes: Buffer.from(value).toString('base64') };
      break;
    case 'function':
    case 'symbol':
    case 'undefined':
      break;
  }
  throw new Error(`a value of a kind a backup cannot hold (${Object.prototype.toString.call(value)})`);
}

/** What a column holds, from its declared type (SQLite's declaration, PostgreSQL's `data_type`). */
export type Family = 'integer' | 'real' | 'boolean' | 'bytes' | 'text' | 'other';

export function familyOf(declared: string): Family {
  const type = declared.toLowerCase().replace(/\(.*$/, '').trim();
  if (type.includes('bool')) return 'boolean';
  if (/^(tiny|small|medium|big)?int(eger|2|4|8)?$|serial/.test(type)) return 'integer';
  if (/real|double|float/.test(type)) return 'real';
  if (/blob|bytea/.test(type)) return 'bytes';
  if (/char|text|clob|json|uuid|date|time/.test(type)) return 'text';
  return 'other';
}

/** Whether a column of `family` may hold `value` (the genuine file of any database passes; null is checked apart). */
export function fitsFamily(family: Family, value: FileValue): boolean {
  if (value === null) return true;
  switch (family) {
    case 'integer':
      return (
        (typeof value === 'number' && Number.isInteger(value)) ||
        (typeof value === 'object' && 'int' in value)
      );
    case 'real':
      return typeof value === 'number' || (typeof value === 'object' && ('int' in value || 'float' in value));
    case 'boolean':
      return typeof value === 'boolean' || value === 0 || value === 1;
    case 'bytes':
      return typeof value === 'object' && 'bytes' in value;
    case 'text':
      return typeof value === 'string';
    case 'other':
      return true;
  }
}

/** A file's value as a parameter for a column of `family` in a database of `dialect`. */
export function parameterOf(dialect: 'sqlite' | 'postgres', family: Family, value: FileValue): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'number') {
    // A boolean stored by SQLite as 0/1 becomes PostgreSQL's boolean.
    if (dialect === 'postgres' && family === 'boolean' && typeof value === 'number') return value !== 0;
    return value;
  }
  if (typeof value === 'boolean') return dialect === 'sqlite' ? (value ? 1 : 0) : value;
  if ('int' in value) return dialect === 'sqlite' ? BigInt(value.int) : value.int;
  if ('float' in value) {
    // SQLite would store NaN as null: refused (the restore is rolled back) rather than changed.
    if (dialect === 'sqlite' && value.float === 'NaN') throw new Error('SQLite cannot hold NaN');
    return dialect === 'sqlite' ? Number(value.float) : value.float;
  }
  return Buffer.from(value.bytes, 'base64');
}
