import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time on the 2-core machines: Vitest's default for a run is one fewer than the cores (one
    // here), while a server test spends much of its time waiting on PostgreSQL or a server process it started.
    maxWorkers: 2,
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
