import { buildApp } from './app.js';
import { configFromEnv, type Config } from './config.js';

/** Starts the platform and stops it cleanly on SIGINT / SIGTERM. */
export async function startServer(config: Config = configFromEnv()): Promise<void> {
  const app = await buildApp(config);
  await app.http.listen({ port: config.port, host: config.host });
  app.http.log.info(`Skyline is up: http://localhost:${config.port}/ (database ${config.databasePath})`);
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
