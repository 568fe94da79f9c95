import type { CompiledQuery, QueryCreator, UpdateObject, UpdateQueryBuilder, UpdateResult } from 'kysely';
import type { Database } from './schema.js';

/** Where a writer saw a table: the revision of its copy (every stored change bumps it) and, for a move, its version. */
export interface SeenRevision {
  revision: number;
  /** The log length the writer saw: a move names it, so that two moves can never extend the same log. */
  version?: number;
}

/**
 * The one revision-checked update of a table's row (migration 002): sets `set` and bumps the revision, only where the
 * stored row is still at the revision (and, for a move, the version) the writer saw. Every write that changes a
 * table is made with it: `updateAtRevision` runs it in the caller's transaction, removing an open table adds its
 * own condition, and the move logs' prepared statements are compiled from it (`move-log.ts`). So two writers, in one
 * process or several, can never both change the same revision, whichever path they take.
 *
 * A query builder, not yet run: the caller adds conditions, runs it, or compiles it.
 */
export function revisionChecked(
  db: QueryCreator<Database>,
  tableId: string,
  seen: SeenRevision,
  set: UpdateObject<Database, 'tables'>,
): UpdateQueryBuilder<Database, 'tables', 'tables', UpdateResult> {
  let update = db
    .updateTable('tables')
    .set((eb) => ({ ...set, revision: eb('revision', '+', 1) }))
    .where('id', '=', tableId)
    .where('revision', '=', seen.revision);
  if (seen.version !== undefined) update = update.where('version', '=', seen.version);
  return update;
}

/** Runs a revision-checked update: whether the row was changed (false: another writer changed it first). */
export async function storedIfUnchanged(update: {
  executeTakeFirst(): Promise<UpdateResult>;
}): Promise<boolean> {
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The revision check every change of a table goes through, inside the caller's transaction (`revisionChecked`, run):
 * whether the stored table was still as the writer saw it, and so is now changed.
 */
export function updateAtRevision(
  db: QueryCreator<Database>,
  tableId: string,
  seen: SeenRevision,
  set: UpdateObject<Database, 'tables'>,
): Promise<boolean> {
  return storedIfUnchanged(revisionChecked(db, tableId, seen, set));
}

/** A statement compiled once, whose values are given by name at each run (see `compiledTemplate`). */
export interface CompiledTemplate<N extends string> {
  /** The statement's text, as the dialect compiled it: the driver prepares it once. */
  sql: string;
  /** Its parameters, in the order the text uses them. */
  values(named: Readonly<Record<N, unknown>>): unknown[];
}

const SLOT = '\u0000slot:';

/**
 * A query built once with Kysely and prepared by the driver itself, for a hot path where Kysely's compiling on every
 * run costs too much (the move logs). `build` gets `slot(name)`, a placeholder to put wherever a value of that name
 * goes (typed as the value it stands for); the compiled statement's parameters are then filled from the named values
 * at each run, and the constants Kysely made parameters of are kept as they are.
 */
export function compiledTemplate<N extends string>(
  build: (slot: <T>(name: N) => T) => { compile(): CompiledQuery },
): CompiledTemplate<N> {
  const compiled = build(<T>(name: N) => `${SLOT}${name}` as T).compile();
  const fill = compiled.parameters.map((parameter): ((named: Readonly<Record<N, unknown>>) => unknown) => {
    if (typeof parameter !== 'string' || !parameter.startsWith(SLOT)) return () => parameter;
    const name = parameter.slice(SLOT.length) as N;
    return (named) => named[name];
  });
  return {
    sql: compiled.sql,
    values: (named) => fill.map((value) => value(named)),
  };
}
