import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite databases are per file; two files run at a time (maxWorkers in the root vitest.config.ts).
    pool: 'forks',
  },
});
