/**
 * The deployment files of docs/deploy/ (a systemd unit, its environment file, an nginx site), read with the small
 * readers of `deploy-formats.ts` and checked for what the platform needs of them: the unit starts the built server
 * without npm, with a port per instance and the proxy trusted; the settings parse as the server reads them; nginx ends
 * TLS, passes WebSocket upgrades and the client's address on, and spreads the processes of the unit behind one
 * upstream. A file copied from the guide that an operator's nginx or systemd would refuse, or that would leave the
 * platform without WebSocket or with every player on the proxy's address, fails here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS } from '@skyline/protocol';
import { lacking, locationOf } from '@skyline/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.js';
import { SHUTDOWN_DEADLINE_MS } from '../src/shutdown.js';
import {
  directives,
  only,
  parseEnvFile,
  parseNginx,
  parseUnit,
  unitEnvironment,
  unitValues,
  type Directive,
} from './deploy-formats.js';

const ROOT = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, ROOT), 'utf8');
const unit = parseUnit(read('docs/deploy/skyline@.service'));
const envFile = parseEnvFile(read('docs/deploy/skyline.env'));
const nginx = parseNginx(read('docs/deploy/nginx.conf'));
const service = (key: string) => unitValues(unit, 'Service', key);

/** nginx's times ("1h", "30s", "500ms", "60") in seconds. */
function seconds(time: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(time);
  if (!match) throw new Error(`not an nginx time: ${time}`);
  const factor = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 }[match[2] ?? 's']!;
  return Number(match[1]) * factor;
}

/** The `server` blocks of the http context (this file is included there), and the one listening on `port`. */
const servers = directives(nginx, 'server');
const serverOn = (port: string) =>
  servers.find((server) => directives(server.block, 'listen').some((listen) => listen.args[0] === port));

const headers = (location: Directive) =>
  Object.fromEntries(
    directives(location.block, 'proxy_set_header').map((header) => [header.args[0], header.args[1]]),
  );

describe('the readers of the deployment formats', () => {
  it('refuse what nginx would refuse: a directive without its semicolon, a block left open, a stray brace', () => {
    expect(() => parseNginx('server { listen 80 }')).toThrow(/missing ;/);
    expect(() => parseNginx('http { server { listen 80; }')).toThrow(/not closed/);
    expect(() => parseNginx('listen 80; }')).toThrow(/closes no block/);
    expect(parseNginx('a "b c" \'d\' { e; } # f')).toEqual([
      { name: 'a', args: ['b c', 'd'], line: 1, block: [{ name: 'e', args: [], line: 1 }] },
    ]);
  });

  it('refuse what systemd would not read: a line that is no Key=value, a key before any section', () => {
    expect(() => parseUnit('[Service]\nExecStart /usr/bin/node\n')).toThrow(/line 2/);
    expect(() => parseUnit('Restart=always\n[Service]\n')).toThrow(/before any section/);
    const read = parseUnit(
      '[Service]\nEnvironment=A=1 "B=two words"\nEnvironment=A=3\nExecStart=/bin/a \\\n  b\n',
    );
    expect(unitEnvironment(read)).toEqual({ A: '3', B: 'two words' });
    expect(unitValues(read, 'Service', 'ExecStart')).toEqual(['/bin/a  b']);
  });
});

describe('the systemd unit (docs/deploy/skyline@.service)', () => {
  it('starts the built server with node itself, so that SIGTERM reaches it and nothing is built on the server', () => {
    expect(service('ExecStart')).toEqual(['/usr/bin/node packages/cli/dist/main.js serve']);
    // The command it runs is the one `npm run build` makes from packages/cli/src/main.ts.
    expect(existsSync(new URL('packages/cli/src/main.ts', ROOT))).toBe(true);
    expect(service('WorkingDirectory')).toEqual(['/srv/skyline']);
    expect(service('Type')).toEqual(['simple']);
    expect(service('User')).toEqual(['skyline']);
  });

  it('is restarted when it fails, and given the time to hand its players over when stopped', () => {
    expect(service('Restart')).toEqual(['always']);
    expect(service('KillSignal')).toEqual(['SIGTERM']);
    // systemd's SIGKILL must come after the server's own deadline for a clean stop.
    const [stop] = service('TimeoutStopSec');
    expect(Number(stop) * 1000).toBeGreaterThan(SHUTDOWN_DEADLINE_MS);
    expect(unitValues(unit, 'Install', 'WantedBy')).toEqual(['multi-user.target']);
  });

  it('may write where SQLite keeps its database (./data) and nowhere else on a read-only system', () => {
    expect(service('ProtectSystem')).toEqual(['strict']);
    expect(service('ReadWritePaths')).toEqual([`${service('WorkingDirectory')[0]}/data`]);
  });

  it('gives each instance its port, listens for nginx alone, trusts one proxy, and reads as the server reads settings', () => {
    const env = unitEnvironment(unit);
    expect(env).toMatchObject({ PORT: '%i', HOST: '127.0.0.1', TRUST_PROXY: '1', COOKIE_SECURE: '1' });
    expect(service('EnvironmentFile')).toEqual(['/etc/skyline/skyline.env']);
    // Instance 8081 with the example environment file: every value is one the server accepts.
    const config = configFromEnv({ ...envFile, ...env, PORT: '8081' });
    expect(config).toMatchObject({
      port: 8081,
      host: '127.0.0.1',
      trustProxy: 1,
      cookieSecure: true,
      databaseUrl: 'postgres://skyline@localhost:5432/skyline',
      redisUrl: 'redis://127.0.0.1:6379',
    });
  });

  it('sets only settings the operating guide documents', () => {
    const guide = read('docs/operating.md');
    const set = [...Object.keys(unitEnvironment(unit)), ...Object.keys(envFile)].filter(
      (name) => name !== 'NODE_ENV',
    );
    expect(set.length).toBeGreaterThan(5);
    for (const name of set) expect(guide, name).toMatch(new RegExp(`\\| \`${name}\`[ ,|]`));
  });
});

describe('the nginx site (docs/deploy/nginx.conf)', () => {
  const https = serverOn('443');
  const proxied = () => {
    const location = directives(https?.block, 'location').find((each) => each.args.join(' ') === '/');
    if (!location) throw new Error('no location / in the HTTPS server');
    return location;
  };

  it('ends TLS on 443 with a certificate, and sends plain HTTP there', () => {
    expect(https).toBeDefined();
    expect(directives(https!.block, 'listen').map((listen) => listen.args)).toEqual([
      ['443', 'ssl', 'http2'],
      ['[::]:443', 'ssl', 'http2'],
    ]);
    expect(only(https!.block, 'ssl_certificate').args[0]).toMatch(/fullchain\.pem$/);
    expect(only(https!.block, 'ssl_certificate_key').args[0]).toMatch(/privkey\.pem$/);
    expect(only(https!.block, 'ssl_protocols').args).toEqual(['TLSv1.2', 'TLSv1.3']);
    const plain = serverOn('80');
    const redirect = directives(plain?.block, 'location').find((each) => each.args.join(' ') === '/');
    expect(only(redirect?.block, 'return').args).toEqual(['301', 'https://$host$request_uri']);
  });

  it('passes WebSocket upgrades on (socket.io), over HTTP/1.1, for hours', () => {
    const location = proxied();
    expect(only(location.block, 'proxy_http_version').args).toEqual(['1.1']);
    expect(headers(location)).toMatchObject({ Upgrade: '$http_upgrade', Connection: '$connection_upgrade' });
    // $connection_upgrade: "upgrade" whenever the client asked for an upgrade.
    const map = only(nginx, 'map');
    expect(map.args).toEqual(['$http_upgrade', '$connection_upgrade']);
    expect(only(map.block, 'default').args).toEqual(['upgrade']);
    // Longer than socket.io's ping interval and timeout together (25 s + 20 s), or nginx would cut quiet games.
    expect(seconds(only(location.block, 'proxy_read_timeout').args[0]!)).toBeGreaterThan(45);
  });

  it('tells the server the Host (for the origin check) and the client address (for TRUST_PROXY=1)', () => {
    expect(headers(proxied())).toMatchObject({
      Host: '$host',
      'X-Forwarded-For': '$proxy_add_x_forwarded_for',
      'X-Forwarded-Proto': '$scheme',
    });
  });

  it('spreads the unit instances behind one upstream, without sticky sessions (clients use WebSocket only)', () => {
    const location = proxied();
    expect(only(location.block, 'proxy_pass').args).toEqual(['http://skyline']);
    const upstream = only(nginx, 'upstream');
    expect(upstream.args).toEqual(['skyline']);
    const members = directives(upstream.block, 'server').map((server) => server.args[0]);
    expect(members).toEqual(['127.0.0.1:8081', '127.0.0.1:8082', '127.0.0.1:8083']);
    // No ip_hash, hash or sticky: the server refuses long-polling (socket-edges.test.ts), the only transport that
    // would need one client to stay on one process.
    for (const sticky of ['ip_hash', 'hash', 'sticky'])
      expect(directives(upstream.block, sticky)).toEqual([]);
    // A process stopping refuses new connections: nginx tries another.
    expect(only(location.block, 'proxy_next_upstream').args).toContain('error');
  });

  it('keeps /metrics from the public, and reads no body the server would refuse anyway', () => {
    const metrics = directives(https?.block, 'location').find((each) => each.args.join(' ') === '= /metrics');
    expect(only(metrics?.block, 'return').args).toEqual(['404']);
    const size = only(https?.block, 'client_max_body_size').args[0]!;
    expect(Number(size.replace(/k$/, '')) * 1024).toBe(LIMITS.messageBytes);
  });
});

/**
 * Our reader above checks what the site says; nginx itself decides whether it starts. The guide's site once said
 * `http2 on;`, which nginx learnt in 1.25: Debian 12's nginx (1.22) refused it and would not start. Here the real
 * nginx checks the file as an operator would install it (`nginx -t`), with a throwaway certificate in place of
 * Let's Encrypt's.
 */
describe.skipIf(lacking('nginx'))('the nginx site, as nginx itself reads it', () => {
  it('passes `nginx -t` as copied from the guide, certificates aside', () => {
    const dir = mkdtempSync(join(tmpdir(), 'skyline-nginx-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=play.example.org',
          '-keyout',
          join(dir, 'privkey.pem'),
          '-out',
          join(dir, 'fullchain.pem'),
        ],
        { stdio: 'ignore' },
      );
      // `nginx -t` binds the ports it would listen on (a port in use is fine, a port refused is not): 80 and 443 need
      // root, so the check listens on 18080 and 18443 instead, and runs as any user.
      const site = read('docs/deploy/nginx.conf')
        .replaceAll('/etc/letsencrypt/live/play.example.org/', `${dir}/`)
        .replace(
          /^(\s*listen\s+(?:\[::\]:)?)(80|443)\b/gm,
          (_, listen: string, port: string) => `${listen}18${port.padStart(3, '0')}`,
        );
      expect(site).toContain(`${dir}/fullchain.pem`);
      expect(site).toMatch(/listen 18443 ssl http2;/);
      writeFileSync(join(dir, 'site.conf'), site);
      // The site goes in the http context, as Debian's sites-enabled/ does; everything nginx writes stays in `dir`.
      writeFileSync(
        join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\n` +
          `http { access_log off; include ${dir}/site.conf; }\n`,
      );
      const check = spawnSync(
        locationOf('nginx'),
        ['-t', '-q', '-e', join(dir, 'error.log'), '-p', dir, '-c', join(dir, 'nginx.conf')],
        { encoding: 'utf8' },
      );
      expect(check.stderr).not.toMatch(/emerg/);
      expect(check.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
