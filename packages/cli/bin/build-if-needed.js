#!/usr/bin/env node
// @ts-check
/**
 * What the root `prepare` and `start` scripts run instead of `npm run build`: builds only when the built tree is
 * missing or older than its sources, and only when the build tools (TypeScript, Vite: dev dependencies) are there.
 *
 * - `npm ci && npm start` on a fresh clone: nothing is built yet, the tools are there → builds (once: `prepare` builds
 *   and stamps, `start` then finds the tree up to date).
 * - `npm ci --omit=dev && npm start` on a built tree (a server that should not carry compilers): no tools, the built
 *   tree is there → serves it as it is.
 * - No tools and nothing built: stops with a line that says what to do.
 *
 * Plain JavaScript that needs nothing installed: it runs before anything is built.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Written after a build started by this script; its time is the build's start (a source saved during it is newer). */
export const STAMP = 'packages/cli/dist/.build-stamp';

/** What `npm start` runs and serves: without them there is nothing to start. */
export const OUTPUTS = ['packages/cli/dist/main.js', 'packages/web/dist/index.html'];

/** Files outside `packages/` that change what the build makes. */
const ROOT_INPUTS = ['package.json', 'package-lock.json', 'tsconfig.base.json'];

/** Folders inside `packages/` that are no input of the build (outputs, installs, tests). */
const NOT_INPUTS = new Set(['node_modules', 'dist', 'test', 'test-results']);

/** The build tools, dev dependencies of the root package: resolved from the root as npm's scripts would. */
const TOOLS = ['typescript/package.json', 'vite/package.json'];

/**
 * The newest modification time (ms) of the build's inputs under `root`: every file of `packages/` but outputs,
 * installs, tests, build-info and documentation, and the root's package and TypeScript settings. Errs on the side of
 * building (a changed rule book rebuilds for nothing, which costs a build, never a stale server).
 * @param {string} root
 * @returns {number}
 */
export function newestInput(root) {
  let newest = 0;
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_INPUTS.has(entry.name)) walk(path);
      } else if (entry.isFile() && !/\.(tsbuildinfo|md)$/.test(entry.name)) {
        newest = Math.max(newest, statSync(path).mtimeMs);
      }
    }
  };
  walk(join(root, 'packages'));
  for (const file of ROOT_INPUTS) {
    const path = join(root, file);
    if (existsSync(path)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Whether the build tools can be loaded from `root` (not with `npm ci --omit=dev`).
 * @param {string} root
 * @returns {boolean}
 */
export function hasBuildTools(root) {
  const require = createRequire(join(root, 'package.json'));
  return TOOLS.every((tool) => {
    try {
      require.resolve(tool);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * @typedef {{ action: 'build' | 'skip' | 'fail', reason: string }} Decision
 */

/**
 * What to do in the tree at `root`: build, skip (the built tree serves as it is), or fail (nothing to serve, no way
 * to build it).
 * @param {string} root
 * @param {boolean} tools whether the build tools are installed
 * @returns {Decision}
 */
export function decide(root, tools) {
  const built = OUTPUTS.every((file) => existsSync(join(root, file)));
  const stamp = join(root, STAMP);
  const upToDate = built && existsSync(stamp) && newestInput(root) <= statSync(stamp).mtimeMs;
  if (upToDate) return { action: 'skip', reason: 'the built tree is up to date' };
  if (tools)
    return { action: 'build', reason: built ? 'sources changed since the last build' : 'not built yet' };
  if (built)
    return {
      action: 'skip',
      reason:
        'no build tools (installed without dev dependencies): serving the built tree as it is' +
        (existsSync(stamp) ? ', though some sources are newer than it' : ''),
    };
  return {
    action: 'fail',
    reason:
      `nothing is built (${OUTPUTS.filter((file) => !existsSync(join(root, file))).join(', ')} missing) and the ` +
      'build tools are not installed: run `npm ci` (with dev dependencies) to build, or copy a built tree',
  };
}

/**
 * Builds with the root `build` script, then stamps the tree with the time the build started.
 * @param {string} root
 * @returns {number} the build's exit code
 */
function build(root) {
  const started = new Date();
  const npm = process.env.npm_execpath;
  // Under npm (`npm start`, `prepare`), its own executable; otherwise the `npm` on the PATH.
  const [command, args] = npm
    ? [process.execPath, [npm, 'run', 'build', '--silent']]
    : ['npm', ['run', 'build', '--silent']];
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const code = run.status ?? 1;
  if (code === 0) {
    const stamp = join(root, STAMP);
    writeFileSync(stamp, `${started.toISOString()}\n`);
    utimesSync(stamp, started, started);
  }
  return code;
}

/** @param {string} root */
function main(root) {
  const decision = decide(root, hasBuildTools(root));
  if (decision.action === 'skip') {
    console.error(`skyline: not building: ${decision.reason}`);
    return 0;
  }
  if (decision.action === 'fail') {
    console.error(`skyline: ${decision.reason}`);
    return 1;
  }
  console.error(`skyline: building (${decision.reason})`);
  return build(root);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(fileURLToPath(new URL('../../../', import.meta.url)));
}
