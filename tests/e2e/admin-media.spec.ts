import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations, screenshotBothWidths, waitForHydration } from './helpers.ts';
import { adminSession } from './checkout-helpers.ts';

/*
 * The media library in the browser: two pictures uploaded at once with the progress bar's
 * upload, their alt text edited; in the product editor the picker dialog (labelled, focus
 * kept inside, Escape closing it and focus back on its button) finds one and adds it to the
 * gallery; once the product is saved the library says where it is used. Axe and 1280 / 390 px
 * screenshots of the library and the dialog.
 */

// Its own shop: it uploads pictures and saves a product.
test.use({ shopInstance: 'media' });
test.describe.configure({ timeout: 180_000 });

const png = (r: number) => sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 120, b: 90 } } }).png().toBuffer();

test('pictures uploaded into the library, one picked in the product editor, then shown as used by that product', async ({ page }) => {
  await adminSession(page);
  await page.goto('/admin/media');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Media library', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Media', exact: true })).toBeVisible();

  // Two at once, sent by script with a progress bar; the grid shows them after.
  await page.getByLabel('Picture files').setInputFiles([
    { name: 'e2e-sunrise.png', mimeType: 'image/png', buffer: await png(230) },
    { name: 'e2e-dusk.png', mimeType: 'image/png', buffer: await png(40) },
  ]);
  await page.getByLabel(/^Alt text \(describes/).fill('Sky over the hills');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Pictures uploaded: 2.' })).toBeVisible();
  const sunrise = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'e2e-sunrise', exact: true }) });
  await expect(sunrise).toBeVisible();
  await expect(sunrise).toContainText('Not used anywhere.');

  // Alt text edited on the card.
  await sunrise.getByLabel('Alt text', { exact: true }).fill('Sunrise over the hills');
  await sunrise.getByRole('button', { name: 'Save the alt text of e2e-sunrise' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Alt text saved.' })).toBeVisible();

  // Search by file name.
  await page.getByLabel('File name or alt text').fill('e2e-');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/q=e2e-/);
  await expect(page.getByRole('heading', { name: 'e2e-dusk', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/admin/media');
  await screenshotBothWidths(page, 'admin-media');

  // The product editor's picker.
  await page.goto('/admin/products?q=tote&type=simple');
  await page.getByRole('link', { name: 'Canvas Tote Bag', exact: true }).click();
  await page.waitForURL(/\/admin\/products\/\d+$/);
  await waitForHydration(page);
  const open = page.getByRole('button', { name: 'Choose from the media library' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Choose a picture' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('File name or alt text')).toBeFocused();
  // Escape closes it, focus back on its button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('File name or alt text').fill('sunrise');
  await page.keyboard.press('Enter');
  const choice = dialog.getByRole('button', { name: 'Choose e2e-sunrise (Sunrise over the hills)' });
  await expect(choice).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Choose e2e-dusk/ })).toHaveCount(0);
  // Focus stays inside the modal dialog: tabbing many times never leaves it.
  for (let i = 0; i < 15; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectNoSeriousA11yViolations(page, 'media picker', { include: '.media-picker' });
  await screenshotBothWidths(page, 'admin-media-picker');
  await choice.click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'added to the gallery' })).toBeVisible();
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product saved.' })).toBeVisible();

  // The library now names the product.
  await page.goto('/admin/media?q=e2e-sunrise');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'e2e-sunrise', exact: true }) });
  await expect(card.getByRole('link', { name: 'Product “Canvas Tote Bag”' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Delete e2e-sunrise' })).toHaveCount(0);
});

test('without scripts the library uploads through a plain form', async ({ page: scripted, browser, baseURL }) => {
  await adminSession(scripted);
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  await context.addCookies(await scripted.context().cookies());
  const page = await context.newPage();
  await page.goto('/admin/media');
  await page.getByLabel('Picture files').setInputFiles([{ name: 'e2e-plain.png', mimeType: 'image/png', buffer: await png(120) }]);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '1 picture uploaded.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'e2e-plain', exact: true })).toBeVisible();
  await context.close();
});

test('the builder’s picture field chooses its picture in the same picker', async ({ page }) => {
  await adminSession(page);
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const lib = (await (await page.request.get('/admin/media.json')).json()) as { items: { id: number; name: string; alt: string }[] };
  const [first, second] = lib.items;
  const created = await page.request.post('/api/admin/pages', {
    headers: { 'x-csrf-token': csrf },
    data: { slug: 'media-picked', title: 'Media picked', blocks: [{ id: 'pic', type: 'image', props: { mediaId: first!.id, alt: 'A picture' } }] },
  });
  expect(created.status()).toBe(201);
  const { page: made } = (await created.json()) as { page: { id: number } };
  await page.goto(`/admin/pages/${made.id}/builder?block=pic`);
  await waitForHydration(page);
  await expect(page.getByText(`Picture ${first!.id}:`)).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Change picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a picture' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: new RegExp(`^Choose ${second!.name}\\b`) }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Picture ${second!.id}:`)).toBeVisible();
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' })).toBeVisible();
  const saved = (await (await page.request.get(`/api/admin/pages/${made.id}`)).json()) as { page: { blocks: { props: { mediaId: number } }[] } };
  expect(saved.page.blocks[0]!.props.mediaId).toBe(second!.id);
});
