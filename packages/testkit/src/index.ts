/**
 * What the server's tests and the load benchmark both need: `skyline serve` as a real child process, a fresh
 * PostgreSQL database to run it on, and finding the services some tests need (`@skyline/testkit/vitest` has the
 * test files' side of it).
 */
export { spawnServer, type ServerProcess, type SpawnOptions } from './server-process.js';
export { guestCookie } from './guest.js';
export { scratchPostgres, type ScratchDatabase } from './scratch-postgres.js';
export {
  SERVICE_NAMES,
  checkServices,
  serviceLocation,
  type ServiceCheck,
  type ServiceChecks,
  type ServiceName,
} from './services.js';
