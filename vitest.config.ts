import { defineConfig } from 'vitest/config';

// Tests run on the TypeScript sources: the `source` export condition of our packages points there.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['packages/**/test/**/*.test.ts'],
    pool: 'threads',
    // Looks once for PostgreSQL, Redis and Chromium; the tests that need a missing one are skipped, and the last
    // reporter says which and why (SKYLINE_REQUIRE_ALL=1 makes a missing one fail the run instead). A --reporter on
    // the command line replaces both reporters: the tests are still skipped, without the closing lines.
    globalSetup: ['packages/testkit/src/vitest/global-setup.ts'],
    reporters: ['default', './packages/testkit/src/vitest/skip-summary.ts'],
  },
});
