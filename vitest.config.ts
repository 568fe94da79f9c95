import { defineConfig } from 'vitest/config';

/**
 * Three groups of tests (vitest projects), run in this order:
 *
 * - `pure`: the packages without I/O (engine, games, tournaments, bots, and the `skyline` command but its tests that
 *   open SQLite: `ratings`, `backup`, `admin`). They run on any Node; CI runs them once, under Node 24, the documented version (.ci/run).
 * - `platform`: the server, the web client's unit tests (and the games' client registry's, which loads the boards)
 *   and everything else that runs on the machine's Node (better-sqlite3 is a native module built for it).
 * - `browser`: the web client in Chromium (`packages/web/test/e2e`), after the others, so that CPU-bound test files do
 *   not starve a browser's waits.
 *
 * `npm test` runs all three; `npm test -- --project '!pure'` the last two (as CI does on a Node older than 24).
 */
const CLI_ON_SQLITE = [
  'packages/cli/test/ratings.test.ts',
  'packages/cli/test/admin.test.ts',
  'packages/cli/test/backup*.test.ts',
];
/** The client registry's test loads the boards (React): with the web client's unit tests. */
const CLIENT_REGISTRY = 'packages/games/registry/test/client.test.ts';
const E2E = 'packages/web/test/e2e/**/*.test.ts';

export default defineConfig({
  // Tests run on the TypeScript sources: the `source` export condition of our packages points there.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    pool: 'threads',
    // Looks once for PostgreSQL, Redis and Chromium; the tests that need a missing one are skipped, and the last
    // reporter says which and why (SKYLINE_REQUIRE_ALL=1 makes a missing one fail the run instead). A --reporter on
    // the command line replaces both reporters: the tests are still skipped, without the closing lines.
    globalSetup: ['packages/testkit/src/vitest/global-setup.ts'],
    reporters: ['default', './packages/testkit/src/vitest/skip-summary.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'pure',
          include: ['packages/{engine,games,tournaments,bots,cli}/**/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...CLI_ON_SQLITE, CLIENT_REGISTRY],
          sequence: { groupOrder: 0 },
          // The files of a worker share its loaded modules (the games' rules, the bots, zod...) instead of loading
          // them again for each file: no test file keeps state in a module that another could see.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'platform',
          include: [
            'packages/{server,protocol,testkit,web,bench}/test/**/*.test.ts',
            ...CLI_ON_SQLITE,
            CLIENT_REGISTRY,
          ],
          exclude: ['**/node_modules/**', E2E],
          sequence: { groupOrder: 0 },
          // As for `pure`: the files of a worker share its loaded modules (the server's code, Fastify, Kysely...).
          isolate: false,
          // Two files at a time (SKYLINE_PLATFORM_FILES to change it), whatever the cores: most of a platform test's
          // time is spent waiting on sockets, child processes, PostgreSQL and timers, not computing.
          maxWorkers: Number(process.env.SKYLINE_PLATFORM_FILES ?? 2),
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [E2E],
          sequence: { groupOrder: 1 },
          // Two files at a time (SKYLINE_BROWSER_FILES to change it): a browser test mostly waits (on a bot's
          // delay, a clock, a page's answer), so on two cores two files take little longer than one. Each file has a
          // server and browser contexts of its own, so nothing they see is shared.
          maxWorkers: Number(process.env.SKYLINE_BROWSER_FILES ?? 2),
          // The files share their workers' loaded modules (playwright-core, the helpers): each file no longer pays
          // seconds to load them again. No browser test file keeps state in a module (each has its own `e2eForFile`).
          isolate: false,
          // Besides the services' look-up: one Chromium for all the browser test files (they connect to it).
          globalSetup: ['packages/web/test/e2e/global-setup.ts'],
        },
      },
    ],
  },
});
