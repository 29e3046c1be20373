import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { filesLeftToOtherEngine } from './test/support/engine-scope.ts';

const engine = process.env.SPECPRESS_TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'runtime/**/*.test.ts', 'generator/**/*.test.ts', 'output/**/*.test.ts'],
    // What does not depend on the engine runs in one pass only (test/support/engine-scope.ts).
    exclude: [...configDefaults.exclude, ...filesLeftToOtherEngine(fileURLToPath(new URL('.', import.meta.url)), engine)],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Test files share their worker's modules instead of importing the whole runtime again each
    // (185 files: 134 s of imports per engine in CI, 8 s without). Every file starts its own
    // servers and databases and restores what it changes in the process (env, luxon settings).
    isolate: false,
    // SPECPRESS_TEST_DATABASE=postgres: one throw-away PostgreSQL cluster for the whole run.
    globalSetup: ['./test/support/postgres-global-setup.ts'],
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
