import type { TableChange } from './change.js';
import type { TableContext } from './context.js';

/**
 * Removes the open tables that nobody has had open in a page for `openTableIdleMinutes`: abandoned tables would
 * otherwise fill the lobby for ever. Checked against every process's connections; a table someone sits down at or
 * opens meanwhile is kept (the removal names the revision it saw). Returns the changes to tell: one per table removed.
 */
export async function expireOpenTables(context: TableContext, now = Date.now()): Promise<TableChange[]> {
  const { db, copies, store, limits } = context;
  const idleMs = limits.settings.openTableIdleMinutes * 60_000;
  const rows = await db
    .selectFrom('tables')
    .select(['id', 'revision', 'created_at'])
    .where('status', '=', 'open')
    .where('created_at', '<', now - idleMs)
    .limit(500)
    .execute();
  if (rows.length === 0) return [];
  const connected = await context.connectedTo(rows.map((row) => row.id));
  const removed: TableChange[] = [];
  for (const row of rows) {
    if ((connected.get(row.id)?.size ?? 0) > 0) continue;
    const cached = copies.cached(row.id);
    if (cached && now - (cached.usedAt ?? 0) < idleMs) continue;
    const copy = await copies.get(row.id, 'unchecked').catch(() => null); // a broken one stays set aside
    if (!copy) continue;
    const gone = await copies.withLock(row.id, () => store.removeOpen(row.id, row.revision));
    if (!gone) continue; // someone sat down or changed it meanwhile
    copy.status = 'over'; // the lobby drops a table it hears is over
    copies.forget(row.id);
    removed.push({ table: copy, seating: true, removed: true });
  }
  return removed;
}
