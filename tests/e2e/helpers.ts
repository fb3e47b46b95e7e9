import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';
import { setupCodeOf } from './shop-server.ts';
import { budget } from './time.ts';

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
const SCREENS_DIR = path.join('test-results', 'screens');
/**
 * Screenshots are for a person to look at, never an assertion. They are taken unless
 * E2E_SCREENSHOTS=0, which is the default on CI: nobody sees them there, and the full-page ones
 * (scrolled through so lazy images load, then drawn without a GPU) cost minutes of the run.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS !== '0' : !process.env.CI;
/** The WCAG 2.1 A/AA rule sets the issue asks for. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** An address no other test uses, so tests never collide on a shared database. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

export function newAccount(label: string): Account {
  const id = randomUUID().slice(0, 6);
  return { name: `Shopper ${id}`, email: uniqueEmail(label), password: `correct-horse-${id}` };
}

/**
 * Resolves once React has hydrated the document: the root layout marks `<html data-hydrated>`
 * when its first hydration has committed (ui/island.tsx; block pages start React only once
 * idle after the load). Scripted journeys wait for it before submitting, so they always take
 * the scripted path (the no-JS spec covers plain form posts); script-only buttons (toggles,
 * dismiss) need it too, and so does a test that adds elements to the page.
 */
export async function waitForHydration(page: Page): Promise<void> {
  try {
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: budget(30_000) });
  } catch (err) {
    // Say why, for a run that cannot be watched: what the page loaded and what went wrong in it.
    const state = await page
      .evaluate(() => ({
        url: location.href,
        readyState: document.readyState,
        hydrate: document.documentElement.dataset.hydrate ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((e) => /\.js(\?|$)/.test(e.name))
          .map((e) => `${new URL(e.name).pathname} ${(e as PerformanceResourceTiming).responseStatus ?? ''} ${Math.round(e.duration)}ms`),
      }))
      .catch((e: unknown) => ({ unreadable: String(e) }));
    throw new Error(`the page did not hydrate: ${JSON.stringify(state)}; page problems: ${JSON.stringify(pageProblems.get(page) ?? [])}`, { cause: err });
  }
}

/** Script errors, failed requests and console errors of the pages watchPage was given. */
const pageProblems = new WeakMap<Page, string[]>();

/** Records a page's script errors, failed requests and console errors (reported when it fails to hydrate). */
export function watchPage(page: Page): void {
  if (pageProblems.has(page)) return;
  const problems: string[] = [];
  pageProblems.set(page, problems);
  const note = (s: string) => {
    if (problems.length < 30) problems.push(s.slice(0, 300));
  };
  page.on('pageerror', (e) => note(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => note(`requestfailed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('console', (m) => {
    if (m.type() === 'error') note(`console: ${m.text()}`);
  });
}

/** `scripts: false` for pages in a context with JavaScript disabled. */
interface Opts {
  scripts?: boolean;
}

export async function register(page: Page, account: Account, { scripts = true }: Opts = {}): Promise<void> {
  await page.goto('/account/register');
  if (scripts) await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill(account.name);
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByText(`Hello ${account.name}`)).toBeVisible();
}

/** On /admin/setup: types the setup code the page's server printed at start. */
export async function fillSetupCode(page: Page): Promise<void> {
  await page.getByLabel('Setup code').fill(setupCodeOf(page.url()));
}

export async function logIn(page: Page, email: string, password: string, { scripts = true }: Opts = {}): Promise<void> {
  await page.goto('/account/login');
  if (scripts) await waitForHydration(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * axe-core's WCAG 2.1 A/AA rules run in the page and in every frame of the page's own origin.
 * Frames of other sites (a video or map embed) are left out: their content is not the shop's,
 * and asking them (they never load on an offline machine) cost seconds per page. `include`
 * limits the run to the elements matching a selector (an open panel).
 */
export async function axeResults(page: Page, include?: string): Promise<axe.AxeResults> {
  for (const frame of page.frames()) {
    if (frame !== page.mainFrame()) {
      const element = await frame.frameElement().catch(() => null);
      // A frame of another origin has no document its parent can read.
      const own = element ? await element.evaluate((f) => (f as HTMLIFrameElement).contentDocument !== null).catch(() => false) : false;
      if (!own) continue;
    }
    await frame.evaluate(axe.source).catch(() => undefined);
  }
  return page.evaluate(
    async ({ include, tags }) => {
      const run = (window as unknown as { axe: typeof axe }).axe;
      // Frames without axe (another origin's, or one that navigated since) are not waited for.
      const foreign = Array.from(document.querySelectorAll('iframe')).filter((f) => {
        try {
          return !(f.contentWindow as unknown as { axe?: unknown } | null)?.axe;
        } catch {
          return true;
        }
      });
      const context = { include: include ? [include] : [document], exclude: foreign };
      return run.run(context as axe.ElementContext, { runOnly: { type: 'tag', values: tags }, iframes: true });
    },
    { include, tags: AXE_TAGS },
  );
}

/**
 * Runs axe-core with the WCAG 2.1 A/AA rules; fails listing each serious or critical violation.
 * `include` limits it to the elements matching a selector (an open panel).
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string, { include }: { include?: string } = {}): Promise<void> {
  // Colours are judged as shown at rest: a fade or slide still running would read as low contrast.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), null, { timeout: 5_000 })
    .catch(() => undefined);
  const results = await axeResults(page, include);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ')}`).join('\n'),
  );
  expect(report, `axe violations on ${label}:\n${report.join('\n')}`).toEqual([]);
}

/**
 * A picture of what `target` (a page or an element) shows, in `file`, when SCREENSHOTS are on.
 */
export async function snapshot(target: Pick<Page, 'screenshot'>, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (SCREENSHOTS) await target.screenshot({ path: file, ...options });
}

/** How far the page is wider than its window, in px (0 or less when nothing overflows sideways). */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Screenshots of the current page at 1280 and 390 px (back at 1280 after); at 390 nothing overflows sideways. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(MOBILE);
  await screenshot(page, `${name}-390`);
  expect(await sidewaysOverflow(page), `${name} at 390 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);
}

/**
 * A full-page screenshot in test-results/screens/<name>.png. Lazy images below the fold are
 * scrolled into view first, so the picture shows what a visitor scrolling down would see.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS) return;
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
  });
  // The picture is for looking at, not an assertion: an image still loading after a while
  // (a slide's, off to the side) does not fail the test that takes it.
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 15_000 }).catch(() => undefined);
  await mkdir(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage: true });
}
