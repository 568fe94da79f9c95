/**
 * A server installed as an operator would install a built tree: `npm ci --omit=dev` (no TypeScript, no Vite), then
 * `npm start`. Both used to run the build, which needs those dev dependencies: `npm ci` stopped at `prepare` with
 * "tsc: not found". This copies this repository's built tree (run `npm run build` first) without its installs, installs
 * it from npm's cache (`--prefer-offline`: the network only for what the cache lacks), starts it and asks it for
 * /healthz and the client's page.
 *
 * Slow (half a minute or more: the whole install from the cache; better-sqlite3's binary is copied rather than
 * compiled again), so it runs when asked for with SKYLINE_TEST_INSTALL=1, as CI does (.ci/run); otherwise the run
 * ends saying it was skipped.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lacking } from '@skyline/testkit/vitest';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** What a built tree carries over: everything but installs, the repository, test output and the database. */
const LEFT_OUT = new Set(['node_modules', '.git', 'test-results', 'coverage']);

const dir = mkdtempSync(join(tmpdir(), 'skyline-install-'));
const tree = join(dir, 'skyline');
// A whole install to remove: more than a hook's usual ten seconds on a loaded machine.
afterAll(() => rm(dir, { recursive: true, force: true }), 120_000);

describe.skipIf(lacking('install'))('a built tree installed without dev dependencies', () => {
  it('installs with npm ci --omit=dev and starts with npm start (no tsc, no vite), serving /healthz and the client', async () => {
    expect(existsSync(join(ROOT, 'packages/cli/dist/main.js')), 'run npm run build first').toBe(true);
    cpSync(ROOT, tree, {
      recursive: true,
      preserveTimestamps: true,
      filter: (source) => !LEFT_OUT.has(basename(source)) && source !== join(ROOT, 'data'),
    });

    const installStarted = Date.now();
    // Without the packages' install scripts: better-sqlite3's would compile SQLite from source for minutes (there is
    // no network here for its prebuilt binary), the same binary this repository's install built for this Node, which
    // is copied instead. The root's own `prepare` runs after, as `npm ci` runs it.
    const npm = (args: string[]) =>
      spawnSync('npm', args, {
        cwd: tree,
        encoding: 'utf8',
        env: { ...process.env, NODE_ENV: 'production' },
      });
    const installed = npm([
      'ci',
      '--omit=dev',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
    ]);
    expect(installed.status, `${installed.stdout}\n${installed.stderr}`).toBe(0);
    const native = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
    mkdirSync(dirname(join(tree, native)), { recursive: true });
    copyFileSync(join(ROOT, native), join(tree, native));
    const prepared = npm(['run', 'prepare']);
    const install = {
      status: prepared.status,
      stdout: installed.stdout + prepared.stdout,
      stderr: installed.stderr + prepared.stderr,
    };
    const installSeconds = (Date.now() - installStarted) / 1000;
    expect(install.status, `${install.stdout}\n${install.stderr}`).toBe(0);
    // The root `prepare` (which `npm ci` runs) said why it did not build.
    expect(install.stdout + install.stderr).toContain('skyline: not building: ');
    for (const devOnly of ['typescript', 'vite', 'vitest', 'eslint'])
      expect(existsSync(join(tree, 'node_modules', devOnly)), devOnly).toBe(false);

    const startStarted = Date.now();
    const server = spawn('npm', ['start'], {
      cwd: tree,
      // Its own process group: `npm start` runs a shell that runs node, all stopped together below.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_PATH: join(dir, 'data', 'skyline.db'),
        LOG_LEVEL: 'info',
      },
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let output = '';
        const read = (chunk: Buffer) => {
          output += chunk.toString();
          const port = /"port":(\d+)/.exec(output);
          if (port) resolve(`http://127.0.0.1:${port[1]}`);
        };
        server.stdout.on('data', read);
        server.stderr.on('data', read);
        server.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
      });
      const health = await fetch(`${url}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ ok: true });
      const startSeconds = (Date.now() - startStarted) / 1000;
      const page = await fetch(`${url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      // What it took, for docs/operating.md ("Deploying").
      console.log(
        `npm ci --omit=dev: ${installSeconds.toFixed(1)} s; npm start to /healthz: ${startSeconds.toFixed(1)} s`,
      );
    } finally {
      if (server.pid !== undefined && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
    }
  }, 900_000);
});
