import { defineConfig } from 'vitest/config';

// Tests run on the TypeScript sources: the `source` export condition of our packages points there.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['packages/**/test/**/*.test.ts'],
    pool: 'threads',
  },
});
