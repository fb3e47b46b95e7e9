import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'db/**/*.test.ts', 'cli/**/*.test.ts', 'tests/api/**/*.test.ts', 'bench/**/*.test.ts'],
    environment: 'node',
    // The compiled messages (app/i18n/compiled/, generated) are made before any test file loads.
    globalSetup: ['tests/helpers/compile-messages.ts'],
    // Two cores: two workers, each test file with its own databases.
    pool: 'forks',
    maxWorkers: 2,
    // Each worker keeps its modules from one test file to the next: every file builds its own
    // app, databases and servers, and no module's state belongs to a file. Loading the app
    // afresh for each of 118 files cost about 4 minutes of CPU per run.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
