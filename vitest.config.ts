import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'runtime/**/*.test.ts', 'generator/**/*.test.ts', 'output/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // SPECPRESS_TEST_DATABASE=postgres: one throw-away PostgreSQL cluster for the whole run.
    globalSetup: ['./test/support/postgres-global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
