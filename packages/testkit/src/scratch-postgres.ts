import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  /** Drops the database, once the connections to it have closed (or after a second, cutting the ones left). */
  drop(): Promise<void>;
}

/**
 * A new, empty PostgreSQL database named `PREFIX_<random>` on the server of `adminUrl` (a user that may create
 * databases): each test run or benchmark gets its own, so that runs never see each other's tables.
 */
export async function scratchPostgres(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdmin(adminUrl, async (admin) => {
        // A pool's end() resolves before its connections have closed: give them a moment to go by themselves, as
        // `force` cuts the ones left, and a cut connection is an uncaught error in the process that holds it.
        for (let tries = 0; tries < 40; tries++) {
          const { rows } = await admin.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        await admin.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
