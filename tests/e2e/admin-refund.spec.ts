import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { DESKTOP, expectNoSeriousA11yViolations, MOBILE, screenshot, sidewaysOverflow, uniqueEmail, waitForHydration } from './helpers.ts';
import { adminSession, addToCart, fillBilling, orderIdOf, prepareCheckoutShop } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * The admin order page's refund by quantities, with scripts and by keyboard: the amount worked
 * out as a quantity (and the shipping) is typed, still editable; Enter in a field only works it
 * out ("Calculate amount", the form's first button) and moves no money; the refund then
 * recorded lists what it covered. Axe and 1280 / 390 px screenshots of the form.
 * (tests/e2e/admin-orders.spec.ts has the refused amount and the customer's e-mail.)
 */

// Its own shop: it places and refunds orders and changes the payment settings.
test.use({ shopInstance: 'refund' });
test.describe.configure({ timeout: 180_000 });

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(120_000));
  await prepareCheckoutShop(browser, shop.server.baseURL);
});

/** A guest order of two Canvas Tote Bags, placed in its own browser context; answers its number. */
async function twoTotes(browser: Browser, baseURL: string): Promise<number> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  await fillBilling(page, { first: 'Rita', last: 'Refund', street: '5 Kew Road', city: 'Richmond', country: 'GB', postcode: 'TW9 3AB', email: uniqueEmail('refund') });
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Direct bank transfer' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(/order-received/);
  const id = orderIdOf(page.url());
  await context.close();
  return id;
}

/** Minor units of the first amount in a text such as "Worked out: £36.00". */
const minorIn = async (l: Locator) => {
  const m = /(\d[\d,]*)\.(\d{2})/.exec((await l.textContent()) ?? '');
  if (!m) throw new Error(`no amount in “${await l.textContent()}”`);
  return Number(m[1].replace(/,/g, '')) * 100 + Number(m[2]);
};
const decimal = (minor: number) => (minor / 100).toFixed(2);

/** Tabs on from the focused element until `target` has the focus (at most 40 presses). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the target');
}

test('the refund is worked out as quantities are typed, Enter only calculates, and the refund records what it covered', async ({ page, browser, shop }) => {
  const id = await twoTotes(browser, shop.server.baseURL);
  await adminSession(page);
  await page.goto(`/admin/orders/${id}`);
  await waitForHydration(page);
  await page.getByLabel('Change status to').selectOption('processing');
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Processing');

  const form = page.getByRole('region', { name: 'Refund', exact: true });
  const qty = form.getByLabel('Quantity of Canvas Tote Bag refunded');
  const lineHint = form.getByText(/ for \d+ \(× 2 left\)$/);
  const computed = form.getByText(/^Worked out: /);
  const amount = form.getByLabel('Refund amount');
  await expect(qty).toHaveValue('0');
  await expect(lineHint).toContainText('for 0 (× 2 left)');
  expect(await minorIn(computed)).toBe(0);
  await expect(amount).toHaveValue('');
  await expectNoSeriousA11yViolations(page, '/admin/orders/:id (refund form)', { include: 'section[aria-labelledby="refund-h"]' });

  // Typed by keyboard: the line and the total follow each key.
  await qty.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1');
  await expect(lineHint).toContainText('for 1 (× 2 left)');
  const one = await minorIn(lineHint);
  expect(one).toBeGreaterThan(0);
  await expect.poll(() => minorIn(computed)).toBe(one);
  await expect(amount).toHaveValue(decimal(one));
  await page.keyboard.press('ArrowUp');
  await expect(qty).toHaveValue('2');
  await expect.poll(() => minorIn(computed)).toBe(2 * one);
  await expect(amount).toHaveValue(decimal(2 * one));
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => minorIn(computed)).toBe(one);

  // Shipping given back adds to it, when the order had shipping.
  const shipping = form.getByLabel(/^Shipping refunded \(at most /);
  let total = one;
  if (await shipping.count()) {
    const most = await minorIn(page.locator('label[for="field-refund_shipping"]'));
    const back = Math.min(100, most);
    await shipping.fill(decimal(back));
    total = one + back;
    await expect.poll(() => minorIn(computed)).toBe(total);
    await expect(amount).toHaveValue(decimal(total));
  }

  // The amount stays editable; the worked-out figure stays beside it.
  await amount.fill('5.00');
  await expect.poll(() => minorIn(computed)).toBe(total);
  await screenshot(page, 'admin-order-refund-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-order-refund-390');
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize(DESKTOP);

  // Enter in a field: "Calculate amount", the first button; the amount is worked out again, nothing is refunded.
  await amount.focus();
  await page.keyboard.press('Enter');
  await expect(amount).toHaveValue(decimal(total));
  await expect(qty).toHaveValue('1');
  await expect(page.getByRole('region', { name: 'Refunds' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Refund recorded.' })).toHaveCount(0);

  // Reason typed, Tab to "Record refund", Enter: recorded, listing what it covered.
  await form.getByLabel('Reason (optional)').fill('One tote arrived torn');
  await form.getByLabel('Reason (optional)').focus();
  const record = form.getByRole('button', { name: 'Record refund' });
  await tabTo(page, record);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Refund recorded.' })).toBeVisible();
  const refunds = page.getByRole('region', { name: 'Refunds' });
  await expect(refunds).toContainText(`£${decimal(total)}`);
  await expect(refunds).toContainText('1 × Canvas Tote Bag');
  await expect(refunds).toContainText('One tote arrived torn');
  // What is left to refund: one tote.
  await expect(form.getByText(/ for 0 \(× 1 left\)$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/admin/orders/:id (after a refund)');
  await screenshot(page, 'admin-order-refunded-1280');
});
