/**
 * The services some tests need beyond Node, where the tests look for them, and whether they are there. The
 * several-process and PostgreSQL tests need PostgreSQL and Redis; the browser tests need Chromium; the check of the
 * deployment guide's nginx site needs nginx itself (`nginx -t`). On a machine
 * without one, the tests that need it are skipped (and the run says so); see docs/testing.md.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { connect } from 'node:net';
import pg from 'pg';

export type ServiceName = 'postgres' | 'redis' | 'chromium' | 'nginx' | 'install';
export const SERVICE_NAMES: readonly ServiceName[] = ['postgres', 'redis', 'chromium', 'nginx', 'install'];

export interface ServiceCheck {
  /** Where the tests look for it: a URL, or the path of an executable. */
  location: string;
  /** What the tests need, for people: "PostgreSQL at postgres://… (or TEST_POSTGRES_URL)". */
  need: string;
  /** Why it cannot be used here, or null when it answered. */
  missing: string | null;
}

export type ServiceChecks = Record<ServiceName, ServiceCheck>;

interface Service {
  label: string;
  /** The environment variable that points the tests elsewhere. */
  setting: string;
  fallback: string;
  /** Resolves with null when the service answers at `location`, or with what went wrong. */
  check: (location: string) => Promise<string | null>;
  /** What the tests need, when it is not "LABEL at LOCATION (or SETTING)". */
  need?: string;
}

/** How long a probe waits for an answer: a local service answers in milliseconds. */
const PROBE_MS = 2000;

const SERVICES: Record<ServiceName, Service> = {
  postgres: {
    label: 'PostgreSQL',
    setting: 'TEST_POSTGRES_URL',
    // A user that may create databases (the tests make a throwaway one each), trust authentication.
    fallback: 'postgres://postgres@127.0.0.1:5432/test',
    check: checkPostgres,
  },
  redis: {
    label: 'Redis',
    setting: 'TEST_REDIS_URL',
    fallback: 'redis://127.0.0.1:6379',
    check: checkRedis,
  },
  chromium: {
    label: 'Chromium',
    setting: 'CHROMIUM_PATH',
    fallback: '/usr/bin/chromium',
    check: checkExecutable,
  },
  // Only its configuration check (`nginx -t`) on the guide's site: nothing listens.
  nginx: {
    label: 'nginx',
    setting: 'NGINX_PATH',
    fallback: '/usr/sbin/nginx',
    check: checkExecutable,
  },
  // Not a service: a slow test that installs the built tree with `npm ci --omit=dev` (minutes, most of them building
  // better-sqlite3), run when asked for, as CI does (.ci/run).
  install: {
    label: 'npm ci --omit=dev of a built tree',
    setting: 'SKYLINE_TEST_INSTALL',
    fallback: '0',
    need: "SKYLINE_TEST_INSTALL=1 (a slow test: npm ci --omit=dev of a built tree, from npm's cache)",
    check: (asked) =>
      Promise.resolve(asked === '1' ? null : 'not asked for (it takes minutes; CI asks for it)'),
  },
};

/** Where the tests look for `service`: its setting in `env`, or the usual place on these machines. */
export function serviceLocation(service: ServiceName, env: NodeJS.ProcessEnv = process.env): string {
  const { setting, fallback } = SERVICES[service];
  return env[setting] || fallback;
}

/** Looks for every service at once (each probe waits at most two seconds). */
export async function checkServices(env: NodeJS.ProcessEnv = process.env): Promise<ServiceChecks> {
  const checks = await Promise.all(
    SERVICE_NAMES.map(async (name): Promise<[ServiceName, ServiceCheck]> => {
      const { label, setting, check, need } = SERVICES[name];
      const location = serviceLocation(name, env);
      const missing = await check(location).catch((error: unknown) => describeError(error));
      return [name, { location, need: need ?? `${label} at ${location} (or ${setting})`, missing }];
    }),
  );
  return Object.fromEntries(checks) as ServiceChecks;
}

async function checkPostgres(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: PROBE_MS });
  // An error after connecting (the server going away) comes as an 'error' event, thrown when nothing listens.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Sends PING (with AUTH first when the URL has a password) and expects PONG, in Redis's wire protocol. */
function checkRedis(url: string): Promise<string | null> {
  const { hostname, port, username, password } = new URL(url);
  const command = (...words: string[]) =>
    `*${words.length}\r\n${words.map((word) => `$${Buffer.byteLength(word)}\r\n${word}\r\n`).join('')}`;
  const auth = password
    ? command('AUTH', ...(username ? [decodeURIComponent(username)] : []), decodeURIComponent(password))
    : '';
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port || 6379) });
    let answer = '';
    const done = (outcome: string | null) => {
      socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(PROBE_MS, () => done(`no answer within ${PROBE_MS} ms`));
    socket.on('error', (error) => done(describeError(error)));
    socket.on('connect', () => socket.write(auth + command('PING')));
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      const errorLine = /^-(.*)\r\n/m.exec(answer);
      if (errorLine) done(`it answered: ${errorLine[1]}`);
      else if (answer.includes('+PONG\r\n')) done(null);
    });
  });
}

async function checkExecutable(path: string): Promise<string | null> {
  try {
    await access(path, constants.X_OK);
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : describeError(error);
  }
}

/** An error in one line; connection errors to several addresses (IPv4 and IPv6) come as an AggregateError. */
function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0)
    return error.errors.map((each) => describeError(each)).join('; ');
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}
