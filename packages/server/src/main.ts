import { buildApp } from './app.js';
import { configFromEnv, type Config } from './config.js';
import { SHUTDOWN_DEADLINE_MS } from './shutdown.js';

/** Starts the platform and stops it cleanly on SIGINT / SIGTERM. */
export async function startServer(config: Config = configFromEnv()): Promise<void> {
  const app = await buildApp(config);
  await app.http.listen({ port: config.port, host: config.host });
  const address = app.http.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  app.http.log.info({ port }, `Skyline is up: http://localhost:${port}/ (database ${config.databasePath})`);
  const stop = () => {
    app.http.log.info('stopping');
    // A rolling restart: the clients are handed over to the other processes before anything closes (`shutdown.ts`).
    // Whatever holds the close up, the process is gone by the deadline, before the service manager's SIGKILL.
    setTimeout(() => {
      app.http.log.error('stopping took too long: exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.http.log.error({ err: error }, 'stopping failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
