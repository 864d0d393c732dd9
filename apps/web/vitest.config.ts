import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __WITH_DEVTOOL__: 'true' },
  test: { name: 'web', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['src/test/setup.ts'] },
});
