/**
 * `skyline ratings recompute`: rebuilds every rating from the stored games, in the order they were rated (see
 * `recomputeRatings` in the server). For a change of the rating model, or a ratings table that was lost or damaged.
 */
import { existsSync } from 'node:fs';
import { openStore, ratingRulesFromEnv, recomputeRatings } from '@skyline/server';

export async function ratingsCommand(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number; stdout?: string; stderr?: string }> {
  if (args.length !== 1 || args[0] !== 'recompute')
    return { code: 2, stderr: 'usage: skyline ratings recompute' };
  const databaseUrl = env.DATABASE_URL || null;
  const databasePath = env.DATABASE_PATH || './data/skyline.db';
  // The rules the server rates under (RATED_GAMES_PER_PAIR_PER_DAY): the same settings give the same ratings.
  let rules;
  try {
    rules = ratingRulesFromEnv(env);
  } catch (error) {
    return { code: 1, stderr: `skyline: ${(error as Error).message}` };
  }
  // Opening a SQLite path that does not exist would make an empty database there: say so instead.
  if (!databaseUrl && !existsSync(databasePath))
    return { code: 1, stderr: `skyline: there is no database at ${databasePath} (DATABASE_PATH)` };
  const store = await openStore({ databasePath, databaseUrl });
  try {
    const { games, players } = await recomputeRatings(store.db, rules);
    return { code: 0, stdout: `rebuilt the ratings from ${games} rated games: ${players} ratings` };
  } finally {
    await store.db.destroy();
  }
}
