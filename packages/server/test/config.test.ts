import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, ratingRulesFromEnv } from '../src/config.js';
import { DEFAULT_LIMITS } from '../src/limits.js';

/** The limits' table of the operating guide: each variable and the default it documents. */
const documentedLimits = [
  ...readFileSync(new URL('../../../docs/operating.md', import.meta.url), 'utf8').matchAll(
    /^\| `((?:LIMIT_|OPEN_TABLE_|INVITATION_)[A-Z_]+)` \| `(\d+)` \|/gm,
  ),
].map(([, name, value]) => ({ name: name as string, value: Number(value) }));

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
      claimAfterMs: 120000,
      logLevel: 'info',
      cookieSecure: false,
      webRoot: undefined,
      bots: { delayMs: 700, thinkMs: 1000, leaseMs: 10_000, workers: 1, seatsPerPlayer: 8 },
      // Each limit's default is checked against the operating guide below.
      limits: DEFAULT_LIMITS,
      // "Play now": ±100 at first, 50 more every 10 s, ±600 at most; gone after 30 s unseen.
      queue: { windowStart: 100, windowStep: 50, windowStepSeconds: 10, windowMost: 600, staleSeconds: 30 },
      mail: {
        smtpUrl: null,
        from: 'Skyline <noreply@localhost>',
        publicUrl: null,
        confirmLinkHours: 48,
        resetLinkMinutes: 60,
        reminderCheckMs: 60_000,
      },
      passwordCost: 17,
      sessionDays: 30,
      allowedOrigins: [],
      metricsToken: null,
      metricsPort: null,
      metricsHost: '127.0.0.1',
      trustProxy: 0,
      ratingRules: { pairGamesPerDay: 5 },
      reviews: { perDay: 10, msPerDecision: 200 },
    });
  });

  it('uses as the default of each limit the one the operating guide documents, and reads its variable', () => {
    // Every limit has its row (the e-mail limits, the reviews' and the invitations' included).
    expect(documentedLimits.length).toBe(Object.keys(DEFAULT_LIMITS).length + 1);
    const defaults = configFromEnv({});
    for (const { name, value } of documentedLimits) {
      expect(configFromEnv({ [name]: String(value) }), name).toEqual(defaults);
      expect(configFromEnv({ [name]: String(value + 1) }), name).not.toEqual(defaults);
    }
  });

  it('reads the e-mail settings, and refuses an SMTP server without the public address its links start with', () => {
    const config = configFromEnv({
      SMTP_URL: 'smtps://skyline:secret@mail.example.org:465',
      PUBLIC_URL: 'https://play.example.org/',
      RESET_LINK_MINUTES: '30',
      LIMIT_EMAILS_PER_ADDRESS: '3',
    });
    expect(config.mail).toMatchObject({
      smtpUrl: 'smtps://skyline:secret@mail.example.org:465',
      publicUrl: 'https://play.example.org',
      from: 'Skyline <noreply@play.example.org>',
      resetLinkMinutes: 30,
    });
    expect(config.limits?.emailsPerAddress).toBe(3);
    expect(() => configFromEnv({ SMTP_URL: 'smtp://localhost:25' })).toThrow(/SMTP_URL needs PUBLIC_URL/);
    expect(() => configFromEnv({ SMTP_URL: 'http://localhost:25' })).toThrow(
      /SMTP_URL must start with smtp:\/\/ or smtps:\/\//,
    );
    expect(() => configFromEnv({ PUBLIC_URL: 'https://play.example.org/skyline' })).toThrow(/PUBLIC_URL/);
    // A sender on two lines would let whoever sets it add headers to every e-mail: refused.
    expect(() => configFromEnv({ MAIL_FROM: 'a@b.org\nBcc: c@d.org' })).toThrow(/MAIL_FROM is one line/);
    expect(configFromEnv({ MAIL_FROM: 'Club <club@example.org>' }).mail?.from).toBe(
      'Club <club@example.org>',
    );
  });

  it('reads the daily limit of rated games between two people, for the server and for the recompute alike', () => {
    expect(configFromEnv({ RATED_GAMES_PER_PAIR_PER_DAY: '3' }).ratingRules).toEqual({ pairGamesPerDay: 3 });
    expect(ratingRulesFromEnv({ RATED_GAMES_PER_PAIR_PER_DAY: '3', PORT: 'eighty' })).toEqual({
      pairGamesPerDay: 3,
    });
    expect(ratingRulesFromEnv({})).toEqual({ pairGamesPerDay: 5 });
    expect(() => ratingRulesFromEnv({ RATED_GAMES_PER_PAIR_PER_DAY: '0' })).toThrow(
      new ConfigError('bad settings: RATED_GAMES_PER_PAIR_PER_DAY must be a whole number from 1 to 1000'),
    );
  });

  it('reads the limits, and refuses an origin that is not one', () => {
    const config = configFromEnv({
      LIMIT_OPEN_TABLES: '10',
      ALLOWED_ORIGINS: 'https://play.example.org, http://localhost:5173',
      TRUST_PROXY: '1',
      METRICS_TOKEN: 'abc',
    });
    expect(config.limits?.openTablesPerPlayer).toBe(10);
    expect(config.allowedOrigins).toEqual(['https://play.example.org', 'http://localhost:5173']);
    expect(config.trustProxy).toBe(1);
    expect(config.metricsToken).toBe('abc');
    expect(() => configFromEnv({ ALLOWED_ORIGINS: 'play.example.org/' })).toThrow(
      /ALLOWED_ORIGINS: play.example.org\/ is not an origin/,
    );
    expect(() => configFromEnv({ LIMIT_CHAT_PER_MINUTE: '0' })).toThrow(/LIMIT_CHAT_PER_MINUTE must be/);
  });

  it('reads the limits on right passwords and on chat per address', () => {
    const config = configFromEnv({
      LIMIT_SIGNINS_PER_HOUR: '12',
      LIMIT_ADDRESS_SIGNINS_PER_HOUR: '300',
      LIMIT_ADDRESS_CHAT_PER_MINUTE: '90',
      LIMIT_PASSWORD_QUEUE_PER_ADDRESS: '16',
    });
    expect(config.limits).toMatchObject({
      signInsPerHour: 12,
      addressSignInsPerHour: 300,
      addressChatPerMinute: 90,
      passwordQueuePerAddress: 16,
    });
    expect(() => configFromEnv({ LIMIT_SIGNINS_PER_HOUR: '0' })).toThrow(/LIMIT_SIGNINS_PER_HOUR must be/);
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
