/**
 * Database failures, told apart: a unique constraint (a name taken in a race) is the player's business; anything
 * else (a full disk, a lost connection) is the platform's, and is never answered as if it were the player's fault.
 */

/** Whether a failed statement broke a unique or primary-key constraint (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** The database could not store something: answered as a temporary failure of the platform (HTTP 503). */
export class StorageError extends Error {
  readonly status = 503;
  constructor(cause: unknown) {
    super('the server could not store that just now: try again later', { cause });
  }
}

/**
 * Whether an error is the database failing (a full disk, an I/O error, a lost connection, a busy file) rather than a
 * bug: such failures are answered as `StorageError`s (503, "try again later").
 */
export function isStorageFailure(error: unknown): boolean {
  if (error instanceof StorageError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  if (/^SQLITE_(FULL|IOERR|BUSY|LOCKED|READONLY|CANTOPEN|NOMEM|CORRUPT|NOTADB)/.test(code)) return true;
  // PostgreSQL: connection exceptions (08), insufficient resources (53, e.g. a full disk), operator intervention (57P);
  // and node's own errors for a connection that broke.
  return (
    /^(08|53|57P)/.test(code) || code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT'
  );
}
