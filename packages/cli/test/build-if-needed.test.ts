/**
 * The root `prepare` and `start` scripts (`bin/build-if-needed.js`): `npm start` used to run the build every time,
 * which needs TypeScript and Vite, so a server installed with `npm ci --omit=dev` could not start. Each case is a small
 * tree made here, with the times of its files set by hand, and the tools' presence given.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { decide, hasBuildTools, newestInput, OUTPUTS, STAMP } from '../bin/build-if-needed.js';

const SCRIPT = fileURLToPath(new URL('../bin/build-if-needed.js', import.meta.url));
const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

/** A file of `root` at `path`, last modified at `seconds` (since the epoch). */
function file(root: string, path: string, seconds: number, text = ''): void {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, text);
  utimesSync(full, seconds, seconds);
}

/** A tree with one source at time 100, and, when `built`, the outputs at 200 and (when `stamped`) the stamp at 150. */
function tree({ built, stamped }: { built: boolean; stamped: boolean }): string {
  const root = mkdtempSync(join(tmpdir(), 'skyline-build-'));
  trees.push(root);
  // The root package is an ES module package, as the repository's (the script is one).
  file(root, 'package.json', 100, '{"type": "module"}');
  file(root, 'packages/engine/src/index.ts', 100);
  if (built) for (const output of OUTPUTS) file(root, output, 200);
  if (stamped) file(root, STAMP, 150);
  return root;
}

describe('building before npm start only when needed', () => {
  it('serves a built tree installed without dev dependencies instead of failing on a missing tsc', () => {
    const root = tree({ built: true, stamped: true });
    expect(hasBuildTools(root)).toBe(false);
    expect(decide(root, false).action).toBe('skip');
    // Even a tree whose sources are newer than its build: with no tools there is nothing better to serve.
    file(root, 'packages/engine/src/index.ts', 300);
    expect(decide(root, false)).toEqual({
      action: 'skip',
      reason:
        'no build tools (installed without dev dependencies): serving the built tree as it is, though some sources are newer than it',
    });
  });

  it('builds a fresh clone (nothing built) when the tools are there', () => {
    expect(decide(tree({ built: false, stamped: false }), true)).toEqual({
      action: 'build',
      reason: 'not built yet',
    });
  });

  it('builds again when a source was saved after the build started, and not when nothing changed', () => {
    const root = tree({ built: true, stamped: true });
    expect(decide(root, true).action).toBe('skip');
    file(root, 'packages/server/src/app.ts', 151);
    expect(decide(root, true)).toEqual({ action: 'build', reason: 'sources changed since the last build' });
  });

  it('builds a tree built by hand (no stamp: a build of one package alone may have left the others stale)', () => {
    expect(decide(tree({ built: true, stamped: false }), true).action).toBe('build');
  });

  it('counts the root settings as sources, and neither tests, installs, outputs nor build-info', () => {
    const root = tree({ built: true, stamped: true });
    for (const ignored of [
      'packages/server/test/app.test.ts',
      'packages/server/node_modules/x/index.js',
      'packages/server/dist/app.js',
      'packages/server/tsconfig.tsbuildinfo',
      'packages/server/README.md',
    ])
      file(root, ignored, 400);
    expect(newestInput(root)).toBe(100_000);
    file(root, 'tsconfig.base.json', 500);
    expect(newestInput(root)).toBe(500_000);
  });

  it('stops with what to do when nothing is built and the tools are absent, as npm runs it', () => {
    const root = tree({ built: false, stamped: false });
    const run = runIn(root);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(
      'skyline: nothing is built (packages/cli/dist/main.js, packages/web/dist/index.html missing) and the build tools are not installed: run `npm ci` (with dev dependencies) to build, or copy a built tree\n',
    );
  });

  it('lets npm start go on in a built tree without the tools, as npm runs it', () => {
    const run = runIn(tree({ built: true, stamped: false }));
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(
      'skyline: not building: no build tools (installed without dev dependencies): serving the built tree as it is\n',
    );
  });
});

/** The script run from its place in the tree at `root` (it finds its tree from where it lies). */
function runIn(root: string) {
  const script = join(root, 'packages/cli/bin/build-if-needed.js');
  mkdirSync(dirname(script), { recursive: true });
  copyFileSync(SCRIPT, script);
  utimesSync(script, 100, 100);
  return spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8' });
}
