import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { budget } from './tests/e2e/time.ts';

/**
 * End-to-end journeys in the system Chromium (never a downloaded browser). Each worker starts
 * its own shop server and SMTP server (tests/e2e/fixtures.ts), so there is no webServer here.
 *
 * Projects: most specs run on two workers side by side (E2E_WORKERS to change it); the
 * specs that time behaviours in the page (timers of a few hundred milliseconds, hover intent,
 * drags) run afterwards on one worker, alone on the machine, so a neighbour's load cannot
 * stretch what they measure.
 *
 * The browser: CHROME_PATH for everything when set. Otherwise the journeys run in Debian's
 * headless shell when it is installed (package chromium-headless-shell: the same engine without
 * the desktop browser's layers, about a fifth less CPU per journey), else in the full Chromium.
 * The full browser always runs the specs that need what only it has (desktop notifications for
 * the chat's operators: the `desktop` project) and the timed ones (they measure its smooth
 * scrolling, and wait for its network to go idle).
 */
const FULL_CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROME_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** What the `desktop` and `timed` projects run in. */
const IN_FULL_CHROMIUM = { launchOptions: { executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS } };

const spec = (f: string) => `**/${f}`;
const TIMED = ['page-behaviours.spec.ts', 'product-page.spec.ts', 'header-menus.spec.ts', 'admin-products.spec.ts', 'page-builder.spec.ts'].map(spec);
const DESKTOP = ['chat.spec.ts'].map(spec);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  projects: [
    { name: 'journeys', testIgnore: [...TIMED, ...DESKTOP] },
    { name: 'desktop', testMatch: DESKTOP, use: IN_FULL_CHROMIUM },
    { name: 'timed', testMatch: TIMED, dependencies: ['journeys', 'desktop'], workers: 1, use: IN_FULL_CHROMIUM },
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
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
  },
});
