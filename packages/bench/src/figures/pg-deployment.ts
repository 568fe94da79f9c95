import { scratchPostgres } from '@skyline/testkit';
import type { Deployment } from './server-load.js';

const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** `processes` server processes on a fresh PostgreSQL database, sharing Redis (the several-process setup). */
export function postgresDeployment(processes: number): Deployment {
  return {
    processes,
    async prepare() {
      const database = await scratchPostgres(ADMIN_URL, 'skyline_bench');
      const key = new URL(database.url).pathname.slice(1); // the database's name: channels of this run only
      return {
        env: { DATABASE_URL: database.url, REDIS_URL, REDIS_KEY: key },
        cleanUp: () => database.drop(),
      };
    },
  };
}
