import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Deployment } from './server-load.js';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** `processes` server processes on a fresh PostgreSQL database, sharing Redis (the several-process setup). */
export function postgresDeployment(processes: number): Deployment {
  return {
    processes,
    async prepare() {
      const name = `skyline_bench_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(ADMIN_URL);
      url.pathname = `/${name}`;
      return {
        env: { DATABASE_URL: url.toString(), REDIS_URL, REDIS_KEY: name },
        async cleanUp() {
          const client = new pg.Client({ connectionString: ADMIN_URL });
          await client.connect();
          await client.query(`drop database if exists ${name} with (force)`);
          await client.end();
        },
      };
    },
  };
}
