import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { MOBILE, expectNoSeriousA11yViolations, screenshot } from './helpers.ts';
import { adminSession } from './checkout-helpers.ts';
import { budget } from './time.ts';

// The visual builder's frame: the admin menu folded, the canvas wide, the side panels folded
// and resized. Its own shop: it makes the first administrator.
test.use({ shopInstance: 'builder-layout' });

const WIDE = { width: 1440, height: 900 };
const LAPTOP = { width: 1280, height: 800 };
/** Puck's desktop preview is drawn 1280 px wide and scaled to the canvas. */
const DESKTOP_PREVIEW = 1280;

/** A page made through the API, then opened in the builder. */
async function openBuilder(page: Page, slug: string): Promise<number> {
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const created = await page.request.post('/api/admin/pages', {
    headers: { 'x-csrf-token': csrf },
    data: { slug, title: `Layout ${slug}`, blocks: [{ id: 'top', type: 'heading', props: { text: 'Wide canvas', level: 2 } }] },
  });
  expect(created.status()).toBe(201);
  const { page: made } = await created.json();
  await page.goto(`/admin/pages/${made.id}/builder`);
  await expectCanvasReady(page);
  return made.id as number;
}

async function expectCanvasReady(page: Page) {
  await expect(page.frameLocator('iframe#preview-frame').getByRole('heading', { name: 'Wide canvas' })).toBeVisible({ timeout: budget(15_000) });
}

const width = async (l: Locator) => Math.round((await l.boundingBox())?.width ?? 0);
/** The editor's canvas (preview and its grey surround) and the preview's scale as drawn. */
const canvasArea = (page: Page) => page.locator('[class*="_PuckCanvas_"]');
const zoomShown = async (page: Page) => (await width(page.locator('iframe#preview-frame'))) / DESKTOP_PREVIEW;
/** The zoom select's chosen option, as the admin reads it ("72% (Auto)" → 72). */
const zoomPercent = async (page: Page) =>
  Number(/(\d+)%/.exec((await page.getByRole('combobox', { name: 'Preview zoom' }).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.label)) ?? '')?.[1]);

const panel = (page: Page, side: 'left' | 'right') => page.getByRole('region', { name: side === 'left' ? 'Blocks and outline panel' : 'Block settings panel' });
const toggle = (page: Page, side: 'left' | 'right') => page.getByRole('button', { name: side === 'left' ? 'Blocks and outline panel' : 'Block settings panel' });
const handle = (page: Page, side: 'left' | 'right') =>
  page.getByRole('separator', { name: side === 'left' ? 'Resize the blocks and outline panel' : 'Resize the block settings panel' });

/** The panel's width as drawn, and its handle says the same. */
async function expectPanelWidth(page: Page, side: 'left' | 'right', px: number) {
  await expect.poll(() => width(panel(page, side))).toBe(px);
  await expect(handle(page, side)).toHaveAttribute('aria-valuenow', String(px));
}

test('the builder takes the window at 1440 px: the admin menu folds away, the canvas is wide, the panels fold and resize by keyboard and mouse and stay so after a reload', async ({ page }) => {
  test.setTimeout(budget(120_000));
  await page.setViewportSize(LAPTOP);
  await adminSession(page);
  await openBuilder(page, 'wide-canvas');
  // At 1280 px with both panels open the canvas has most of the window.
  expect(await width(canvasArea(page))).toBeGreaterThanOrEqual(0.6 * LAPTOP.width);
  await screenshot(page, 'builder-1280-panels-open');
  await page.setViewportSize(WIDE);

  // The admin menu is folded behind its button, which opens it over the page and closes it again.
  const nav = page.getByRole('navigation', { name: 'Shop admin' });
  const menu = page.getByRole('button', { name: 'Admin menu' });
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Pages' })).toHaveAttribute('aria-current', 'page');
  await screenshot(page, 'builder-1440-admin-menu-open');
  await page.keyboard.press('Escape');
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(nav).toBeVisible();
  // A click elsewhere in the builder closes it too.
  await page.getByRole('heading', { name: 'Layout wide-canvas', exact: true }).click();
  await expect(nav).toBeHidden();

  // Both panels open: the canvas has most of the window and the desktop preview is drawn at 70 % or more.
  await expect(toggle(page, 'left')).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle(page, 'right')).toHaveAttribute('aria-expanded', 'true');
  expect(await width(canvasArea(page))).toBeGreaterThanOrEqual(0.6 * WIDE.width);
  await expect.poll(() => zoomShown(page)).toBeGreaterThanOrEqual(0.7);
  expect(await zoomPercent(page)).toBeGreaterThanOrEqual(70);
  // With no block chosen the settings panel offers nothing to type: the page's own settings are in the backend editor.
  await expect(page.locator('input[name="title"]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the builder at 1440 px');
  await screenshot(page, 'builder-1440-panels-open');

  // Keyboard: the left panel's handle widens it with →, narrows it with ←, Home and End go to the bounds.
  const left = handle(page, 'left');
  const start = Number(await left.getAttribute('aria-valuenow'));
  expect(start).toBe(await width(panel(page, 'left')));
  await left.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expectPanelWidth(page, 'left', start + 48);
  await page.keyboard.press('ArrowLeft');
  await expectPanelWidth(page, 'left', start + 32);
  await page.keyboard.press('End');
  await expectPanelWidth(page, 'left', Number(await left.getAttribute('aria-valuemax')));
  await page.keyboard.press('Home');
  await expectPanelWidth(page, 'left', 192);
  await expect(left).toHaveAttribute('aria-valuemin', '192');
  await page.keyboard.press('PageUp');
  await expectPanelWidth(page, 'left', 272);
  await expect(left).toBeFocused();
  // The preview is scaled again to the canvas it now has.
  await expect.poll(() => zoomShown(page)).toBeGreaterThan(0.6);

  // Mouse: dragging the settings panel's handle 100 px to the left widens it by as much.
  const right = handle(page, 'right');
  const before = await width(panel(page, 'right'));
  const grip = (await right.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 - 50, grip.y + grip.height / 2, { steps: 5 });
  await page.mouse.move(grip.x + grip.width / 2 - 100, grip.y + grip.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => width(panel(page, 'right'))).toBeGreaterThanOrEqual(before + 96);
  expect(await width(panel(page, 'right'))).toBeLessThanOrEqual(before + 104);
  const dragged = await width(panel(page, 'right'));
  await expect(right).toHaveAttribute('aria-valuenow', String(dragged));

  // Folding both panels leaves the canvas nearly the whole window, the preview at full size.
  await toggle(page, 'left').click();
  await expect(toggle(page, 'left')).toHaveAttribute('aria-expanded', 'false');
  await expect(panel(page, 'left')).toHaveCount(0);
  await toggle(page, 'right').click();
  await expect(toggle(page, 'right')).toHaveAttribute('aria-expanded', 'false');
  await expect(panel(page, 'right')).toHaveCount(0);
  await expect.poll(() => width(canvasArea(page))).toBeGreaterThanOrEqual(0.97 * WIDE.width);
  await expect.poll(() => zoomShown(page)).toBe(1);
  await screenshot(page, 'builder-1440-panels-folded');

  // Opened again from the keyboard, the left panel has the width given it.
  await toggle(page, 'left').focus();
  await page.keyboard.press('Enter');
  await expect(toggle(page, 'left')).toHaveAttribute('aria-expanded', 'true');
  await expectPanelWidth(page, 'left', 272);

  // After a reload: the left panel open at its width, the settings panel still folded, and its width kept for when it opens.
  await page.reload();
  await expectCanvasReady(page);
  await expectPanelWidth(page, 'left', 272);
  await expect(toggle(page, 'right')).toHaveAttribute('aria-expanded', 'false');
  await toggle(page, 'right').click();
  await expectPanelWidth(page, 'right', dragged);

  // Folded at 1280 px, the canvas is nearly the whole window too.
  await toggle(page, 'left').click();
  await toggle(page, 'right').click();
  await page.setViewportSize(LAPTOP);
  await expect.poll(() => width(canvasArea(page))).toBeGreaterThanOrEqual(0.97 * LAPTOP.width);
  await expect.poll(() => zoomShown(page)).toBeGreaterThanOrEqual(0.97);
  await screenshot(page, 'builder-1280-panels-folded');
});

test('on a 390 px phone the builder fits the window: the admin menu folded, each panel over the canvas when opened', async ({ page }) => {
  test.setTimeout(budget(90_000));
  await page.setViewportSize(MOBILE);
  await adminSession(page);
  await openBuilder(page, 'narrow-canvas');

  await expect(page.getByRole('navigation', { name: 'Shop admin' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Admin menu' })).toHaveAttribute('aria-expanded', 'false');
  // The panels start folded; the canvas takes the width.
  await expect(toggle(page, 'left')).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle(page, 'right')).toHaveAttribute('aria-expanded', 'false');
  expect(await width(canvasArea(page))).toBeGreaterThanOrEqual(MOBILE.width - 4);
  const fits = async () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await fits()).toBe(true);
  await screenshot(page, 'builder-390');

  // Opened, a panel lies over the canvas inside the window; opening the other one closes it.
  for (const side of ['left', 'right'] as const) {
    await toggle(page, side).click();
    await expect(toggle(page, side)).toHaveAttribute('aria-expanded', 'true');
    const box = (await panel(page, side).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(MOBILE.width);
    expect(box.width).toBeGreaterThanOrEqual(280);
    expect(await width(canvasArea(page))).toBeGreaterThanOrEqual(MOBILE.width - 4);
    expect(await fits()).toBe(true);
    await expect(handle(page, side)).toBeHidden();
    await screenshot(page, `builder-390-${side}-panel`);
  }
  await expect(toggle(page, 'left')).toHaveAttribute('aria-expanded', 'false');
  await expect(panel(page, 'left')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'the builder at 390 px');
});
