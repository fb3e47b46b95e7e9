import type { Locator, Page } from '@playwright/test';
import { CONTENT_TYPES } from '../../app/features/pages/blocks.schema.ts';
import { test, expect } from './fixtures.ts';
import { DESKTOP, expectNoSeriousA11yViolations, fillSetupCode, screenshot, waitForHydration } from './helpers.ts';
import { budget } from './time.ts';

// Shares the block pages' shop (same first administrator).
test.use({ shopInstance: 'block-pages' });

const ADMIN = { name: 'Page Admin', email: 'page-admin@example.test', password: 'page-admin-password-1' };

async function asAdmin(page: Page) {
  await page.goto('/admin/setup');
  if (await page.getByLabel('Setup code').count()) {
    await waitForHydration(page);
    await fillSetupCode(page);
    await page.getByLabel('Name', { exact: true }).fill(ADMIN.name);
    await page.getByLabel('E-mail address').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Create administrator' }).click();
  } else {
    await page.goto('/account/login');
    await waitForHydration(page);
    await page.getByLabel('E-mail address').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  }
  await expect(page).toHaveURL(/\/admin$|\/my-account$/);
}

/** Drags with small pointer steps (the editor's drag starts after a few pixels). */
async function drag(page: Page, from: Locator, to: { x: number; y: number }) {
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.move(to.x, to.y + 2, { steps: 2 });
  await page.mouse.up();
}

/** Presses Tab until `target` has focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

test('the visual builder: add a slider and tabs from the palette, reorder, publish, see them live', async ({ page }) => {
  test.setTimeout(budget(120_000));
  await page.setViewportSize(DESKTOP);
  await asAdmin(page);
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const created = await page.request.post('/api/admin/pages', {
    headers: { 'x-csrf-token': csrf },
    data: { slug: 'built-visually', title: 'Built visually', blocks: [{ id: 'top', type: 'heading', props: { text: 'Built in the builder', level: 2 } }] },
  });
  expect(created.status()).toBe(201);
  const { page: made } = await created.json();

  // The edit links open the builder with their block selected.
  await page.goto(`/admin/pages/${made.id}/builder?block=top`);
  const frame = page.frameLocator('iframe#preview-frame');
  await expect(frame.getByRole('heading', { name: 'Built in the builder' })).toBeVisible({ timeout: 15_000 });
  const canvas = page.locator('iframe#preview-frame');
  await expect(page.locator('input[name="text"]')).toHaveValue('Built in the builder');
  // Work in the mobile preview: the canvas is shown at full size there.
  const canvasWidth = () => frame.locator('body').evaluate(() => window.innerWidth);
  await page.getByRole('button', { name: 'Mobile' }).click();
  await expect.poll(canvasWidth).toBe(390);

  const below = async () => {
    const box = (await canvas.boundingBox())!;
    const last = (await frame.locator('[data-puck-component]').last().boundingBox())!;
    return { x: box.x + box.width / 2, y: Math.min(last.y + last.height - 4, box.y + box.height - 20) };
  };
  const palette = (name: string) => page.locator(`[data-testid="drawer-item:${name}"]`);

  await drag(page, palette('slider'), await below());
  await expect(frame.locator('[data-block="slider"]')).toHaveCount(1);
  await drag(page, palette('tabs'), await below());
  await expect(frame.locator('[data-block="tabs"]')).toHaveCount(1);
  // Reorder: drag whichever of the two came later above the other one.
  const order = () => frame.locator('[data-block="heading"], [data-block="slider"], [data-block="tabs"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-block')));
  const before = (await order()).filter((x) => x !== 'heading');
  expect(before.sort()).toEqual(['slider', 'tabs']);
  const pair = async () => (await order()).filter((x) => x !== 'heading');
  const [first, second] = (await pair()) as [string, string];
  const item = (type: string) => frame.locator('[data-puck-component]').filter({ has: frame.locator(`[data-block="${type}"]`) }).first();
  const target = (await item(first).boundingBox())!;
  await item(second).click();
  await drag(page, item(second), { x: target.x + target.width / 2, y: target.y + Math.min(6, target.height / 4) });
  await expect.poll(pair).toEqual([second, first]);
  const swapped = await order();
  await expect(page.getByRole('button', { name: 'undo' })).toBeEnabled();

  await screenshot(page, 'page-builder-1280');
  await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${new URL(page.url()).origin}/built-visually`);
  const live = await visitor.locator('[data-block="heading"], [data-block="slider"], [data-block="tabs"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-block')));
  expect(live).toEqual(swapped);
  await expect(visitor.getByText('Slide one')).toBeVisible();
  // Enhanced once the page's behaviours have started: the tab links become a tab list.
  await expect(visitor.locator('.block-page')).toHaveAttribute('data-behaviours-ready', 'true');
  await expect(visitor.getByRole('tab', { name: 'Tab one' })).toHaveAttribute('aria-selected', 'true');
  // No builder code for visitors.
  const scripts = await visitor.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /builder|puck/i.test(n)));
  expect(scripts).toEqual([]);
  await visitor.close();

  // Device preview: the canvas is as wide as the chosen device.
  await page.getByRole('button', { name: 'Tablet' }).click();
  await expect.poll(canvasWidth).toBe(768);
  await page.getByRole('button', { name: 'Desktop' }).click();
  await expect.poll(canvasWidth).toBe(1280);
  await expect(page.getByTitle('Page preview')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Preview zoom' })).toBeVisible();

  // A change made elsewhere meanwhile: saving from the old version is refused with a clear message.
  const current = (await (await page.request.get(`/api/admin/pages/${made.id}`)).json()).page;
  expect((await page.request.post(`/api/admin/pages/${made.id}/unpublish`, { headers: { 'x-csrf-token': csrf }, data: { version: current.version } })).status()).toBe(200);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('alert')).toContainText('changed elsewhere');
});

test('the visual builder keeps revisions: preview one, restore it with the mouse or the keyboard, see it live', async ({ page, request }) => {
  test.setTimeout(budget(120_000));
  await page.setViewportSize(DESKTOP);
  await asAdmin(page);
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const heading = (text: string) => [{ id: 'top', type: 'heading', props: { text, level: 2 } }];
  const created = await page.request.post('/api/admin/pages', { headers: { 'x-csrf-token': csrf }, data: { slug: 'kept-revisions', title: 'Kept revisions', blocks: heading('First wording') } });
  expect(created.status()).toBe(201);
  const { page: made } = await created.json();
  const current = async () => (await (await page.request.get(`/api/admin/pages/${made.id}`)).json()).page as { version: number };

  // Edit the heading in the builder and save twice: versions 2 and 3.
  await page.goto(`/admin/pages/${made.id}/builder?block=top`);
  const frame = page.frameLocator('iframe#preview-frame');
  const shown = (text: string) => frame.getByRole('heading', { name: text });
  await expect(shown('First wording')).toBeVisible({ timeout: 15_000 });
  for (const [words, version] of [['Second wording', 2], ['Third wording', 3]] as const) {
    await page.locator('input[name="text"]').fill(words);
    await expect(shown(words)).toBeVisible();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(async () => (await current()).version).toBe(version);
    await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  }

  // The panel lists the three revisions, newest first, with who saved them.
  const revisionsButton = page.getByRole('button', { name: 'Revisions', exact: true });
  await revisionsButton.click();
  const panel = page.getByRole('dialog', { name: 'Revisions of “Kept revisions”' });
  await expect(panel).toBeVisible();
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.first()).toContainText('v3 · saved draft · Page Admin · 1 block');
  await expect(items.last()).toContainText('v1 · saved draft · Page Admin');

  // Preview the first: drawn in the panel, which passes axe while open.
  await panel.getByRole('button', { name: 'Preview revision 1' }).click();
  const preview = panel.getByRole('region', { name: 'Preview of revision 1' });
  await expect(preview.getByRole('heading', { name: 'First wording' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Preview of revision 1' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'the builder\'s revisions panel', { include: 'dialog.builder-revisions' });
  await screenshot(page, 'page-builder-revisions-1280');

  // Restore it: a new revision (v4), the canvas shows it, publishing puts it live.
  await panel.getByRole('button', { name: 'Restore revision 1' }).first().click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Revision restored as the draft' })).toBeVisible();
  await expect(shown('First wording')).toBeVisible();
  await expect(shown('Third wording')).toHaveCount(0);
  expect((await current()).version).toBe(4);
  await expect(revisionsButton).toBeFocused();
  await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
  // A visitor (no session) is served the published page. Read without a second tab: a tab
  // opened in this browser would take the keyboard focus the steps below rely on.
  const live = await request.get('/kept-revisions');
  expect(live.status()).toBe(200);
  expect(await live.text()).toMatch(/<h2[^>]*>First wording<\/h2>/);
  // The builder reloads its data after publishing and draws its top bar again: the keyboard
  // steps below start once that is done (a button drawn again loses the focus it had).
  await page.waitForLoadState('networkidle');

  // With the keyboard alone: Enter opens the panel, Escape closes it, Tab and Enter restore.
  await revisionsButton.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(revisionsButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(items.first()).toContainText('v6 · published');
  await tabTo(page, panel.getByRole('button', { name: 'Restore revision 3' }));
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await expect(shown('Third wording')).toBeVisible();
  await expect(revisionsButton).toBeFocused();
  expect((await current()).version).toBe(7);

  // Changed elsewhere meanwhile: the restore is refused, the message stays, the canvas shows the page as it is now.
  const put = await page.request.put(`/api/admin/pages/${made.id}`, { headers: { 'x-csrf-token': csrf }, data: { version: 7, blocks: heading('Changed elsewhere') } });
  expect(put.status()).toBe(200);
  await page.keyboard.press('Enter');
  await tabTo(page, panel.getByRole('button', { name: 'Restore revision 2' }));
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('alert')).toContainText('changed by someone else');
  await expect(panel).toBeVisible();
  await expect(items.first()).toContainText('v8');
  await expect(shown('Changed elsewhere')).toBeVisible();
  expect((await current()).version).toBe(8);
  // Now from the current version, the same restore goes through.
  await panel.getByRole('button', { name: 'Restore revision 2' }).first().click();
  await expect(panel).toBeHidden();
  await expect(shown('Second wording')).toBeVisible();
});

test('every block type is set up with the side panel’s fields alone: pickers, plain names, settings shown when they apply', async ({ page }) => {
  test.setTimeout(budget(600_000));
  await page.setViewportSize(DESKTOP);
  await asAdmin(page);
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const created = await page.request.post('/api/admin/pages', {
    headers: { 'x-csrf-token': csrf },
    data: { slug: 'every-block', title: 'Every block', blocks: [{ id: 'top', type: 'heading', props: { text: 'Every block there is', level: 2 } }] },
  });
  expect(created.status()).toBe(201);
  const { page: made } = await created.json();

  await page.goto(`/admin/pages/${made.id}/builder`);
  const frame = page.frameLocator('iframe#preview-frame');
  await expect(frame.getByRole('heading', { name: 'Every block there is' })).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Mobile' }).click();
  await expect.poll(() => frame.locator('body').evaluate(() => window.innerWidth)).toBe(390);
  // Each new block is dropped on the page's first block, the heading, which holds no others:
  // the new one goes beside it in the page itself (below a container's last block the pointer
  // may be in the container's own zone). The heading is brought into view first, however long
  // the page has grown around it.
  const dropPoint = async () => {
    const top = frame.locator('[data-puck-component="top"]');
    await top.scrollIntoViewIfNeeded();
    const box = (await top.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height - 4 };
  };
  // The palette's second group starts closed.
  await page.getByRole('button', { name: 'More blocks' }).click();
  const panel = page.locator('[class*="_PuckFields_"]').first();
  const field = (label: string) => panel.getByLabel(label, { exact: true });
  const lookup = async (label: string, words: string, option: RegExp) => {
    await field(label).first().fill(words);
    await panel.getByRole('option', { name: option }).first().click();
  };
  const pickPicture = async () => {
    await panel.getByRole('button', { name: 'Choose from the media library' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Choose a picture' });
    await dialog.locator('.media-picker__choice').first().click();
    await expect(dialog).toBeHidden();
  };

  // What each block needs besides what it starts with, set with its fields.
  const setUp: Partial<Record<string, () => Promise<void>>> = {
    section: async () => {
      await expect(field('Parallax effect of the background (0 for none, up to 10)')).toHaveCount(0);
      await field('Background colour: colour code').fill('#336699');
      await expect(field('Background colour: pick a colour')).toHaveValue('#336699');
    },
    heading: () => field('Text').fill('Built with fields'),
    image: pickPicture,
    button: async () => {
      await field('Text').fill('Our hoodie');
      await lookup('Links to', 'zip hoodie', /Product.*Everyday Zip Hoodie/);
      await expect(field('Links to')).toHaveValue(/^\/product\//);
    },
    'lightbox-button': () => field('Opens the lightbox with the anchor').fill('lightbox'),
    lightbox: async () => {
      const addPicture = panel.getByRole('button', { name: 'Add to “Pictures”' });
      await expect(addPicture).toHaveCount(0);
      await field('Shows').selectOption({ label: 'A gallery of pictures' });
      await expect(addPicture).toBeVisible();
      await addPicture.click();
      await pickPicture();
      await panel.getByLabel('Picture description (alt text)').fill('A picture in the gallery');
    },
    slider: () => field('Next slide every (0 for never) (seconds)').fill('5'),
    'contact-form': async () => {
      await expect(field('Form').locator('option')).not.toHaveCount(1);
      await field('Form').selectOption({ index: 1 });
    },
    'product-grid': async () => {
      await expect(field('Category')).toHaveCount(0);
      await field('Products shown').selectOption({ label: 'Products of a category' });
      await lookup('Category', 'hood', /Hoodies/);
      await expect(field('Category')).toHaveValue('clothing/hoodies');
    },
    'category-tiles': async () => {
      await panel.getByRole('button', { name: /^Add to “Categories/ }).click();
      await lookup('Category', 'mugs', /Mugs/);
    },
    'scroll-for-more': () => field('Scrolls down to the anchor').fill('scroll-to'),
    spacer: () => field('Height on large screens (pixels)').fill('80'),
  };

  let refs = 0;
  for (const type of CONTENT_TYPES) {
    const before = await frame.locator('[data-puck-component]').count();
    const item = page.locator(`[data-testid="drawer-item:${type}"]`);
    await item.scrollIntoViewIfNeeded();
    await drag(page, item, await dropPoint());
    await expect(frame.locator('[data-puck-component]'), type).toHaveCount(before + 1);
    // The block dropped is the one selected: its fields are in the panel, none of them JSON.
    await expect(page.locator('[class*="_SidebarSection-breadcrumbs"]').last().locator('xpath=..')).toContainText(type.replaceAll('-', ' '));
    await expect(panel.locator('textarea:not([name="html"])')).toHaveCount(0);
    await expect(panel).not.toContainText('JSON');
    await setUp[type]?.();
    // Set up, its settings are valid: the canvas no longer calls it "not valid yet" (but for
    // the blocks naming an anchor elsewhere: the canvas checks each block alone).
    if (type === 'lightbox-button' || type === 'scroll-for-more') refs++;
    await expect(frame.locator('.builder-invalid'), type).toHaveCount(refs);
    if (type === 'product-grid') {
      await expectNoSeriousA11yViolations(page, 'the builder’s settings panel', { include: '[class*="_PuckFields_"]' });
      await page.screenshot({ path: '/tmp/shots-bfields/builder-fields-product-grid-1280.png' }).catch(() => undefined);
    }
    if (type === 'lightbox') await page.screenshot({ path: '/tmp/shots-bfields/builder-fields-lightbox-1280.png' }).catch(() => undefined);
  }

  await page.getByRole('button', { name: 'Publish', exact: true }).first().click();
  await expect(page.locator('.builder__status')).toHaveText(/Published\./);

  const saved = (await (await page.request.get(`/api/admin/pages/${made.id}`)).json()).page as { blocks: { type: string; props: Record<string, unknown> }[] };
  const props = (type: string) => saved.blocks.find((b) => b.type === type)!.props;
  expect(saved.blocks.map((b) => b.type).sort()).toEqual(['heading', ...CONTENT_TYPES].sort());
  expect(props('section').bgColor).toBe('#336699');
  expect(props('button').href).toMatch(/^\/product\//);
  expect(props('product-grid')).toMatchObject({ source: 'category', category: 'clothing/hoodies' });
  expect(props('category-tiles').paths).toEqual(['home-living/mugs']);
  expect(props('slider').autoplay).toBe(5000);
  expect(props('lightbox')).toMatchObject({ kind: 'gallery', images: [{ alt: 'A picture in the gallery' }] });

  // The live page shows every one of them.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${new URL(page.url()).origin}/every-block`);
  const live = await visitor.locator('[data-block]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-block')))]);
  expect(live.sort()).toEqual(expect.arrayContaining([...CONTENT_TYPES].sort()));
  await expect(visitor.getByRole('link', { name: 'Our hoodie' })).toHaveAttribute('href', /^\/product\//);
  await visitor.close();
});
