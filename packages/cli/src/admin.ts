/**
 * `skyline admin grant NAME [--role moderator|admin] [--reason TEXT]` and `skyline admin revoke NAME [--reason TEXT]`:
 * give a registered player a role, or take it away, on the server's database (`DATABASE_PATH` or `DATABASE_URL`, as
 * `skyline ratings recompute` opens it). How the first admin is made; afterwards admins may also grant roles on the
 * HTTP API. Written to the audit log as done by the command line; the last admin keeps the role.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';

const USAGE =
  'usage: skyline admin grant NAME [--role moderator|admin] [--reason TEXT] | admin revoke NAME [--reason TEXT]';

export async function adminCommand(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout?: string; stderr?: string }> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { role: { type: 'string' }, reason: { type: 'string' } },
      allowPositionals: true,
    });
  } catch (error) {
    return { code: 2, stderr: `skyline: ${(error as Error).message}\n${USAGE}` };
  }
  const { values, positionals } = parsed;
  const [action, name] = positionals;
  const role = action === 'revoke' ? 'player' : (values.role ?? 'moderator');
  if (
    positionals.length !== 2 ||
    !name ||
    (action !== 'grant' && action !== 'revoke') ||
    (action === 'revoke' && values.role !== undefined) ||
    (role !== 'player' && role !== 'moderator' && role !== 'admin')
  )
    return { code: 2, stderr: USAGE };
  const databaseUrl = env.DATABASE_URL || null;
  const databasePath = env.DATABASE_PATH || './data/skyline.db';
  if (!databaseUrl && !existsSync(databasePath))
    return { code: 1, stderr: `skyline: there is no database at ${databasePath} (DATABASE_PATH)` };
  // The server's code (and its database drivers) loads only once the command is known to be well formed.
  const { openStore, setRole } = await import('@skyline/server');
  const store = await openStore({ databasePath, databaseUrl });
  try {
    const reason = values.reason?.trim() || `skyline admin ${action}`;
    const entry = await setRole(store.db, name, role, null, reason.slice(0, 500));
    const { from, to } = entry.details as { from: string; to: string };
    return { code: 0, stdout: `${entry.player}: ${from} → ${to}` };
  } catch (error) {
    // The server's refusals (an unknown name, a guest, the last admin) in its English words.
    if ((error as { code?: unknown }).code !== undefined && typeof (error as Error).message === 'string')
      return { code: 1, stderr: `skyline: ${(error as Error).message}` };
    throw error;
  } finally {
    await store.db.destroy();
  }
}
