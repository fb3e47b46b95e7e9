import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { MOBILE, expectNoSeriousA11yViolations, newAccount, register, screenshot, waitForHydration } from './helpers.ts';

const SCARF = 'Canvas Tote Bag';
const MUG_PAGE = '/shop';

const heart = (page: Page, name: string) => page.getByRole('button', { name: `Add “${name}” to wishlist` });
const headerIcon = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Wishlist/ });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the heart is a form post that adds to the default list and comes back; the page’s actions are forms', async ({ page }) => {
    await page.goto(MUG_PAGE);
    await heart(page, SCARF).first().click();
    await expect(page).toHaveURL(/\/shop\?done=added$/);
    // As after an add to cart without scripts: what was added with a way to the list, the
    // heart filled and the header's count, on the page rendered for this visitor.
    const notice = page.getByRole('main').getByRole('status').filter({ hasText: `“${SCARF}” has been added to your wishlist.` });
    await expect(notice).toBeVisible();
    const filled = page.getByRole('button', { name: `“${SCARF}” is in your wishlist` }).first();
    await expect(filled).toHaveAttribute('aria-pressed', 'true');
    await expect(filled.locator('path')).toHaveAttribute('fill', 'currentColor');
    await expect(headerIcon(page)).toHaveAccessibleName('Wishlist, 1 item');
    await expect(headerIcon(page)).toContainText('1');
    // Pressed again: it says so, and nothing is added twice.
    await filled.click();
    await expect(page.getByRole('main').getByRole('status').filter({ hasText: `“${SCARF}” is already in your wishlist.` })).toBeVisible();
    await expect(headerIcon(page)).toHaveAccessibleName('Wishlist, 1 item');
    // Shown once: the page again is the shared one, without the notice.
    await page.reload();
    await expect(page.getByText('is already in your wishlist')).toHaveCount(0);
    await page.getByRole('banner').getByRole('link', { name: /^Wishlist/ }).click();
    await expect(page).toHaveURL(/\/wishlist$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My wishlist' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: SCARF });
    await expect(row).toBeVisible();
    await row.getByRole('spinbutton').fill('3');
    await page.getByRole('button', { name: 'Save quantities' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: SCARF }).getByRole('spinbutton')).toHaveValue('3');
    await page.getByRole('button', { name: `Remove “${SCARF}”` }).click();
    await expect(page.getByText('This wishlist is empty.')).toBeVisible();
  });
});

test('the first heart adds to the default list in one click; with several lists the popup offers them, and an empty new-list name is flagged with nothing sent', async ({ page }) => {
  await page.goto(MUG_PAGE);
  await waitForHydration(page);
  await expect(headerIcon(page)).toHaveAccessibleName('Wishlist');
  // The header icon's flash lasts half a second: watched in the page, not polled for.
  await page.evaluate(() => {
    const seen = window as unknown as { flashed?: boolean };
    new MutationObserver(() => {
      if (document.querySelector('header .wishlist-link--added')) seen.flashed = true;
    }).observe(document.querySelector('header')!, { attributes: true, attributeFilter: ['class'], childList: true, subtree: true });
  });
  // One click, no popup: YITH's default list, made by the first add.
  await heart(page, SCARF).first().click();
  await expect(page.getByRole('button', { name: `“${SCARF}” is in your wishlist` }).first()).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('dialog', { name: 'Add to wishlist' })).toHaveCount(0);
  await expect(headerIcon(page)).toHaveAccessibleName('Wishlist, 1 item');
  await expect.poll(() => page.evaluate(() => (window as unknown as { flashed?: boolean }).flashed)).toBe(true);
  await expect(headerIcon(page)).not.toHaveClass(/wishlist-link--added/);

  // A second list: now the heart asks which one, the default list chosen first.
  await page.goto('/wishlist/manage');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Create a list' }).click();
  const create = page.getByRole('dialog', { name: 'Create a list' });
  await create.getByLabel('Name').fill('Gifts');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create.getByRole('status')).toContainText('Gifts');
  await page.goto(MUG_PAGE);
  await waitForHydration(page);
  const other = page.locator('.product-grid > li').filter({ hasNotText: SCARF }).first().getByRole('button', { name: /^Add “.+” to wishlist$/ });
  await other.click();
  const dialog = page.getByRole('dialog', { name: 'Add to wishlist' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Choose a list' })).toHaveAttribute('aria-selected', 'true');
  await expect(dialog.getByRole('radio', { name: /My wishlist/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: /Gifts/ })).toBeVisible();
  await dialog.getByRole('tab', { name: 'Create a list' }).click();
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/wishlist')) posted++;
  });
  await dialog.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(dialog.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(0);
  await expectNoSeriousA11yViolations(page, 'add-to-wishlist popup');
  await dialog.getByLabel('Name').fill('Winter');
  await dialog.getByRole('button', { name: 'Add to wishlist' }).click();
  await expect(dialog.getByRole('status')).toContainText('was added to “Winter”.');
  await expect(headerIcon(page)).toHaveAccessibleName('Wishlist, 2 items');
  // The popup closes by itself after its feedback.
  await expect(dialog).toBeHidden({ timeout: 6000 });
});

test('wishlist page: quantity saved after the pause, estimate by e-mail, move between lists, add selected to cart, manage page, axe and 390 px', async ({ page, mailbox }) => {
  await register(page, newAccount('wishlist'));
  await page.goto(MUG_PAGE);
  await waitForHydration(page);
  await heart(page, SCARF).first().click();
  await expect(page.getByRole('button', { name: `“${SCARF}” is in your wishlist` }).first()).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/wishlist/manage');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Create a list' }).click();
  const create = page.getByRole('dialog', { name: 'Create a list' });
  await create.getByLabel('Name').fill('Later');
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(create.getByRole('status')).toContainText('Later');
  await expect(create).toBeHidden({ timeout: 6000 });
  await expect(page.getByRole('link', { name: 'Later' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/wishlist/manage');

  await page.goto('/wishlist');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My wishlist' })).toBeVisible();
  const qty = page.getByRole('row').filter({ hasText: SCARF }).getByRole('spinbutton');
  await qty.fill('2');
  await expect(page.getByRole('row').filter({ hasText: SCARF }).getByText('Quantity saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: SCARF }).getByRole('spinbutton')).toHaveValue('2');
  await expectNoSeriousA11yViolations(page, '/wishlist');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'wishlist-mobile');
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('checkbox', { name: `Select “${SCARF}”` }).check();
  await page.getByRole('button', { name: 'Add selected to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to your cart.' })).toBeVisible();

  // Ask for an estimate in the popup: the request reaches the shopper's inbox over SMTP.
  await page.getByText('Ask for an estimate').click();
  const estimate = page.getByRole('dialog', { name: 'Ask for an estimate' });
  await estimate.getByRole('button', { name: 'Send request' }).click();
  await expect(estimate.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true');
  await estimate.getByLabel('Your name').fill('Wish Tester');
  await estimate.getByLabel('Your e-mail').fill('wish-tester@example.test');
  await estimate.getByRole('button', { name: 'Send request' }).click();
  await expect(estimate.getByRole('status')).toContainText('Thank you');
  const mail = await mailbox.waitForMail('wish-tester@example.test', /estimate request/i);
  expect(mail.text).toContain(SCARF);
  await expect(estimate).toBeHidden({ timeout: 6000 });

  await page.getByRole('button', { name: `Move “${SCARF}” to another list` }).click();
  const move = page.getByRole('dialog', { name: `Move “${SCARF}”` });
  await move.getByRole('radio', { name: 'Later' }).check();
  await move.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(move.getByRole('status')).toContainText('Moved to “Later”.');
  await expect(move).toBeHidden({ timeout: 6000 });
  await expect(page.getByText('This wishlist is empty.')).toBeVisible();
  await page.getByRole('link', { name: /^Later/ }).first().click();
  await expect(page.getByRole('row').filter({ hasText: SCARF })).toBeVisible();
});

test('a shared list: read-only for a visitor with Open Graph tags and a copy link; private gives 404', async ({ page, browser, baseURL }) => {
  await page.goto('/shop');
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const products = (await (await page.request.get('/api/products')).json()).products as { id: number; name: string }[];
  const add = async (visibility: string) =>
    (await (await page.request.post('/api/wishlist/items', { headers: { 'x-csrf-token': csrf }, data: { productId: products[0].id, newList: { name: `Party ${visibility}`, visibility } } })).json()).wishlist;
  const shared = await add('shared');
  const hidden = await add('private');

  await page.goto(shared.url);
  await waitForHydration(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Link copied.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${shared.url}`);

  const visitor = await browser.newContext({ baseURL });
  const other = await visitor.newPage();
  await other.goto(shared.url);
  await expect(other.getByRole('heading', { level: 1, name: 'Party shared' })).toBeVisible();
  await expect(other.getByText('A wishlist shared by its owner.')).toBeVisible();
  await expect(other.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Party shared');
  await expect(other.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(other.getByRole('row').filter({ hasText: products[0].name })).toBeVisible();
  await expectNoSeriousA11yViolations(other, '/wishlist/view (visitor)');
  const res = await other.goto(hidden.url);
  expect(res?.status()).toBe(404);
  await visitor.close();
});
