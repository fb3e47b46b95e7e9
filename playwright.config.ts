import { defineConfig } from '@playwright/test';
import { budget } from './tests/e2e/time.ts';

/**
 * End-to-end journeys in the system Chromium (never a downloaded browser). Each worker starts
 * its own shop server and SMTP server (tests/e2e/fixtures.ts), so there is no webServer here.
 *
 * Two projects: most specs run on two workers side by side (E2E_WORKERS to change it); the
 * specs that time behaviours in the page (timers of a few hundred milliseconds, hover intent,
 * drags) run afterwards on one worker, alone on the machine, so a neighbour's load cannot
 * stretch what they measure.
 */
const TIMED = ['page-behaviours.spec.ts', 'product-page.spec.ts', 'header-menus.spec.ts', 'admin-products.spec.ts', 'page-builder.spec.ts'].map((f) => `**/${f}`);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  projects: [
    { name: 'journeys', testIgnore: TIMED },
    { name: 'timed', testMatch: TIMED, dependencies: ['journeys'], workers: 1 },
  ],
  // Seeds one template shop per run; each worker's server starts on a copy of it.
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS) || 2,
  retries: 0,
  forbidOnly: true,
  // Longer on CI (tests/e2e/time.ts): a budget bounds a failing test's wait, never a measurement.
  timeout: budget(60_000),
  expect: { timeout: budget(10_000) },
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
});
