import { buildApp } from './app.js';
import { configFromEnv, type Config } from './config.js';

/** Starts the platform and stops it cleanly on SIGINT / SIGTERM. */
export async function startServer(config: Config = configFromEnv()): Promise<void> {
  const app = await buildApp(config);
  await app.http.listen({ port: config.port, host: config.host });
  const address = app.http.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  app.http.log.info({ port }, `Skyline is up: http://localhost:${port}/ (database ${config.databasePath})`);
  const stop = () => {
    app.http.log.info('stopping');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
