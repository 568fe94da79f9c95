/** A fresh PostgreSQL database per test run (the machines run PostgreSQL on 127.0.0.1:5432 with trust auth). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `skyline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      // A pool's end() resolves before its connections have closed: give them a moment to go by themselves, as
      // `force` cuts the ones left, and a cut connection is an uncaught error in the process that holds it.
      for (let tries = 0; tries < 40; tries++) {
        const { rows } = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
