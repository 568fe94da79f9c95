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
