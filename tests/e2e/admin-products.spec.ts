import sharp from 'sharp';
import { test, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations, MOBILE, screenshot, sidewaysOverflow, uniqueEmail, waitForHydration } from './helpers.ts';
import { adminSession, fillBilling, prepareCheckoutShop } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * The back office's products in the browser: a variable product made from nothing (two
 * attributes, generated variations, prices, a picture), published and bought in the shop;
 * a bulk sale from the list; two staff members editing one product (the second save is
 * refused); axe and phone-width screenshots of the list and the editor.
 */

// Its own shop: it creates the first administrator and changes the catalog.
test.use({ shopInstance: 'backoffice' });

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(120_000));
  await prepareCheckoutShop(browser, shop.server.baseURL);
});

test('create a variable product with two attributes, generate variations, price them, add a picture, publish, and buy it', async ({ page }) => {
  test.setTimeout(budget(120_000));
  await adminSession(page);
  await page.goto('/admin/products');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Add product' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add product' })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill('Waxed field jacket');
  await page.getByLabel('Type', { exact: true }).selectOption('variable');
  await page.getByLabel('Status', { exact: true }).selectOption('publish');
  await page.getByLabel('Attribute 1 name').fill('Colour');
  await page.getByLabel('Attribute 1 options').fill('Olive | Sand');
  await page.getByLabel('Attribute 2 name').fill('Size');
  await page.getByLabel('Attribute 2 options').fill('M | L');
  await page.getByLabel('Attribute 1 used for variations').check();
  await page.getByLabel('Attribute 2 used for variations').check();
  await page.getByRole('button', { name: 'Generate variations' }).click();
  await expect(page.getByRole('status').filter({ hasText: '4 variations added' })).toBeVisible();
  // What was typed before the step is still there.
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Waxed field jacket');
  await expect(page.getByRole('group', { name: 'Olive / M' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Sand / L' })).toBeVisible();

  // One price for all, then one variation cheaper.
  await page.getByLabel('Set on every variation').selectOption('regular_price');
  await page.getByLabel('Value').fill('120');
  await page.getByRole('button', { name: 'Set', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Set on every variation' })).toBeVisible();
  const olive = page.getByRole('group', { name: 'Olive / M' });
  await expect(olive.getByLabel(/Regular price/)).toHaveValue('120');
  await olive.getByLabel(/Sale price/).fill('99.50');

  // A picture, uploaded with scripts: it joins the gallery without leaving the page.
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#5b6b3a' } }).png().toBuffer();
  await page.getByLabel('Pictures', { exact: true }).setInputFiles({ name: 'jacket.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel('Alt text for these').fill('Olive waxed jacket');
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('1 picture added to the gallery')).toBeVisible();
  await expect(page.getByLabel('Alt text', { exact: true })).toHaveValue('Olive waxed jacket');
  await olive.getByLabel('Image').selectOption({ label: 'Gallery picture 1 (Olive waxed jacket)' });

  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product saved.' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\/\d+\?saved=1$/);

  // The shop shows it at once: product page, search.
  await page.getByRole('link', { name: 'View it in the shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Waxed field jacket' })).toBeVisible();
  await waitForHydration(page);
  // A choice made while the page was still settling can come back unchosen: pick again, as a shopper would.
  await expect(async () => {
    await page.getByLabel('Colour').selectOption('Olive');
    await page.getByLabel('Size').selectOption('M');
    await expect(page.locator('.single-variation')).toContainText('99.50', { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
  await expect(page.getByRole('banner').getByRole('button', { name: /Cart, 1 item/ })).toBeVisible();

  await page.goto('/checkout');
  await waitForHydration(page);
  await fillBilling(page, { first: 'Ada', last: 'Byron', street: '12 Field Lane', city: 'Leeds', country: 'GB', postcode: 'LS1 4AP', email: uniqueEmail('jacket') });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  await expect(page.getByRole('table').first()).toContainText('Waxed field jacket');

  await page.goto('/shop?s=waxed');
  await expect(page.getByRole('heading', { name: 'Waxed field jacket' })).toBeVisible();
});

test('bulk sale from the list shows in the shop; a second save of a product opened before is refused', async ({ page }) => {
  test.setTimeout(budget(120_000));
  await adminSession(page);
  await page.goto('/admin/products?q=tote&type=simple');
  await waitForHydration(page);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Canvas Tote Bag', exact: true }) });
  await row.getByRole('checkbox', { name: 'Select Canvas Tote Bag' }).check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByLabel('With the selected').selectOption('sale');
  await page.getByLabel('Percent off').fill('50');
  await page.getByRole('button', { name: 'Apply to selected' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sale set: 1 of 1 product' })).toBeVisible();
  await expect(row).toContainText('£9.00');
  await page.goto('/shop?s=tote');
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Canvas Tote Bag', exact: true }) })).toContainText('£9.00');

  // Two staff members open the same product; the first saves; the second's save is refused.
  await page.goto('/admin/products?q=tote&type=simple');
  await page.getByRole('link', { name: 'Canvas Tote Bag', exact: true }).click();
  // The link navigates in the page: its address is the product's once the editor is shown.
  await page.waitForURL(/\/admin\/products\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit “Canvas Tote Bag”' })).toBeVisible();
  await waitForHydration(page);
  const editUrl = page.url();
  // A second tab stands for the second person (the check is on the product, not the user).
  const second = await page.context().newPage();
  await second.goto(editUrl);
  await waitForHydration(second);
  await page.getByRole('textbox', { name: 'Short description' }).fill('Saved first.');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product saved.' })).toBeVisible();
  await second.getByRole('textbox', { name: 'Short description' }).fill('Saved second.');
  await second.getByRole('button', { name: 'Save product' }).click();
  await expect(second.getByRole('alert')).toContainText('changed since you opened it');
  await expect(second.getByRole('textbox', { name: 'Short description' })).toHaveText('Saved second.');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Short description' })).toHaveText('Saved first.');
  await second.close();
});

test('list and editor: axe-clean, and usable at 390 px', async ({ page }) => {
  await adminSession(page);
  await page.goto('/admin/products');
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, '/admin/products');
  await screenshot(page, 'admin-products-1280');
  await page.getByLabel('Search products').fill('tote');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await page.getByRole('link', { name: 'Canvas Tote Bag', exact: true }).click();
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, '/admin/products/:id');
  await page.goto('/admin/products/new');
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, '/admin/products/new');
  // Unsaved changes: leaving asks first; staying keeps the page and what was typed.
  await page.getByLabel('Name', { exact: true }).fill('Half-made product');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  const asked: string[] = [];
  page.once('dialog', (d) => {
    asked.push(d.message());
    void d.dismiss();
  });
  await page.getByRole('link', { name: '← Products' }).click();
  await expect.poll(() => asked).toEqual(['Leave this page? Your changes to the product are not saved.']);
  await expect(page).toHaveURL(/\/admin\/products\/new$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Half-made product');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('link', { name: '← Products' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.setViewportSize(MOBILE);
  await page.goto('/admin/products?q=tote');
  await waitForHydration(page);
  await screenshot(page, 'admin-products-390');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.getByRole('link', { name: 'Canvas Tote Bag', exact: true }).first().click();
  await waitForHydration(page);
  await screenshot(page, 'admin-product-editor-390');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

test('upsells picked with the keyboard from the search combobox show on the product page', async ({ page }) => {
  await adminSession(page);
  await page.goto('/admin/products?q=espresso');
  await page.getByRole('link', { name: 'Espresso Cup Pair', exact: true }).click();
  await waitForHydration(page);
  const upsells = page.getByRole('group', { name: 'Upsells' });
  const box = upsells.getByRole('combobox', { name: 'Find a product by name or SKU' });
  await box.fill('camp');
  const option = page.getByRole('option', { name: 'Enamel Camp Mug' });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expectNoSeriousA11yViolations(page, '/admin/products/:id (product search open)');
  await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(upsells.getByRole('checkbox', { name: /Enamel Camp Mug/ })).toBeChecked();
  await expect(box).toHaveValue('');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  // A picture dropped on the upload section is sent with a progress bar and joins the gallery.
  const pictures = await page.locator('.admin-gallery > li').count();
  const png = (await sharp({ create: { width: 400, height: 400, channels: 3, background: '#8a5a3c' } }).png().toBuffer()).toString('base64');
  const drop = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'cups.png', { type: 'image/png' }));
    return dt;
  }, png);
  const section = page.getByRole('region', { name: 'Upload pictures' });
  await section.dispatchEvent('dragover', { dataTransfer: drop });
  await section.dispatchEvent('drop', { dataTransfer: drop });
  await expect(section.getByRole('status')).toHaveText('1 picture added to the gallery: save the product to keep it.');
  await expect(page.locator('.admin-gallery > li')).toHaveCount(pictures + 1);
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Product saved.' })).toBeVisible();
  await expect(page.locator('.admin-gallery > li')).toHaveCount(pictures + 1);
  await expect(page.getByRole('group', { name: 'Upsells' }).getByRole('checkbox', { name: /Enamel Camp Mug/ })).toBeChecked();
  await page.getByRole('link', { name: 'View it in the shop' }).click();
  const upsellSection = page.getByRole('region', { name: /You may also like/ });
  await expect(upsellSection.getByRole('heading', { name: 'Enamel Camp Mug' })).toBeVisible();
});

test('shop-wide attributes: added and ordered with the keyboard, axe-clean, then offered in the product editor', async ({ page }) => {
  await adminSession(page);
  await page.goto('/admin/attributes');
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, '/admin/attributes');
  await page.getByLabel('Name', { exact: true }).fill('Fit');
  await page.getByLabel('Shown as').selectOption('label');
  await page.getByLabel('Shown as').press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Attribute “Fit” added.' })).toBeVisible();
  await page.getByRole('link', { name: 'Fit', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fit' })).toBeVisible();
  for (const [term, swatch] of [
    ['Slim', 'S'],
    ['Regular', 'R'],
  ]) {
    await page.getByLabel('Term', { exact: true }).fill(term!);
    await page.getByLabel('Swatch', { exact: true }).fill(swatch!);
    await page.getByLabel('Swatch', { exact: true }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `Term “${term}” added.` })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page, '/admin/attributes/:id');
  await page.getByRole('button', { name: 'Move down Slim' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '“Slim” moved.' })).toBeVisible();
  await expect(page.getByRole('rowheader').first()).toHaveText('Regular');

  await page.goto('/admin/products/new');
  await waitForHydration(page);
  await page.getByRole('combobox', { name: 'Add a shop-wide attribute' }).selectOption({ label: 'Fit' });
  await page.getByRole('button', { name: 'Add to the product' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Attribute “Fit” added with all its terms' })).toBeVisible();
  await expect(page.getByLabel('Attribute 1 options')).toHaveValue('Regular | Slim');
  await expect(page.getByLabel('Attribute 1 shown as')).toHaveValue('label');
});
