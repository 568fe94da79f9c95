/**
 * A fresh PostgreSQL database per test run, on the server the global setup found (127.0.0.1:5432 with trust
 * authentication, or TEST_POSTGRES_URL). Tests that use it skip themselves with `lacking('postgres')`.
 */
import { scratchPostgres, type ScratchDatabase } from '@skyline/testkit';
import { locationOf } from '@skyline/testkit/vitest';

export function createDatabase(): Promise<ScratchDatabase> {
  return scratchPostgres(locationOf('postgres'), 'skyline_test');
}
