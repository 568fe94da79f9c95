import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv } from '../src/config.js';

describe('settings from the environment', () => {
  it('has a default for everything: one process on SQLite, with the built client', () => {
    expect(configFromEnv({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databasePath: './data/skyline.db',
      databaseUrl: null,
      redisUrl: null,
      redisKey: 'skyline',
      catchUpMs: 5000,
      logLevel: 'info',
      cookieSecure: false,
      webRoot: undefined,
      bots: { delayMs: 700, thinkMs: 1000, leaseMs: 10_000, workers: 1, seatsPerPlayer: 8 },
    });
  });

  it('reads the several-process settings, and an empty WEB_ROOT as "serve no client"', () => {
    const config = configFromEnv({
      PORT: '8081',
      DATABASE_URL: 'postgres://skyline@db:5432/skyline',
      REDIS_URL: 'redis://cache:6379',
      REDIS_KEY: 'club',
      BOT_LEASE_MS: '3000',
      WEB_ROOT: '',
    });
    expect(config).toMatchObject({
      port: 8081,
      databaseUrl: 'postgres://skyline@db:5432/skyline',
      redisUrl: 'redis://cache:6379',
      redisKey: 'club',
      webRoot: null,
      bots: { leaseMs: 3000 },
    });
  });

  it('refuses a bad setting with a message that names it, and names every bad one', () => {
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(
      new ConfigError('bad settings: PORT must be a whole number from 0 to 65535'),
    );
    expect(() => configFromEnv({ DATABASE_URL: 'mysql://x', BOT_WORKERS: '0' })).toThrow(
      'bad settings: DATABASE_URL must start with postgres:// or postgresql://; BOT_WORKERS must be a whole number from 1 to 64',
    );
    expect(() => configFromEnv({ LOG_LEVEL: 'loud' })).toThrow(/^bad settings: LOG_LEVEL: /);
    expect(() => configFromEnv({ BOT_SEATS_PER_PLAYER: '-1' })).toThrow(
      'bad settings: BOT_SEATS_PER_PLAYER must be a whole number from 0 to 1000',
    );
    expect(configFromEnv({ BOT_SEATS_PER_PLAYER: '0' }).bots.seatsPerPlayer).toBe(0);
  });
});
