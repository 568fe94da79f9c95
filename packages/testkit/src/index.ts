/**
 * What the server's tests and the load benchmark both need: `skyline serve` as a real child process, and a fresh
 * PostgreSQL database to run it on.
 */
export { spawnServer, type ServerProcess, type SpawnOptions } from './server-process.js';
export { scratchPostgres, type ScratchDatabase } from './scratch-postgres.js';
