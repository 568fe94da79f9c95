/** A fresh PostgreSQL database per test run (the machines run PostgreSQL on 127.0.0.1:5432 with trust auth). */
import { scratchPostgres, type ScratchDatabase } from '@skyline/testkit';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function createDatabase(): Promise<ScratchDatabase> {
  return scratchPostgres(ADMIN_URL, 'skyline_test');
}
