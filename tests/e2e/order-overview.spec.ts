import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, newAccount, register, screenshot, waitForHydration } from './helpers.ts';
import { addToCart, billingRegion, orderIdOf, prepareCheckoutShop } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * One order overview: the received page, My account's order page and order tracking show
 * an order through the same component, so the same lines and totals, adding up.
 */

test.use({ shopInstance: 'checkout' });

test.beforeAll(async ({ browser, shop }) => {
  test.setTimeout(budget(120_000));
  await prepareCheckoutShop(browser, shop.server.baseURL);
});

interface Row {
  kind: string;
  amount: number | null;
  text: string;
}

/** The rows of the order's table, as shown: what each is, its part of the total, its text. */
async function orderRows(table: Locator): Promise<Row[]> {
  return table.locator('tr').evaluateAll((trs) =>
    trs
      .filter((tr) => tr.parentElement?.tagName !== 'THEAD')
      .map((tr) => ({ kind: tr.getAttribute('data-row') ?? '', amount: tr.hasAttribute('data-amount') ? Number(tr.getAttribute('data-amount')) : null, text: (tr.textContent ?? '').replace(/\s+/g, ' ').trim() })),
  );
}

/** The lines add up to the subtotal; subtotal, discounts, shipping and taxes to the total. */
function expectAddsUp(rows: Row[]): void {
  const sum = (kinds: string[]) => rows.filter((r) => kinds.includes(r.kind)).reduce((a, r) => a + (r.amount ?? 0), 0);
  const one = (kind: string) => rows.filter((r) => r.kind === kind);
  expect(one('subtotal')).toHaveLength(1);
  expect(one('total')).toHaveLength(1);
  expect(sum(['line'])).toBe(one('subtotal')[0].amount);
  expect(sum(['subtotal', 'discount', 'shipping', 'tax'])).toBe(one('total')[0].amount);
}

async function look(page: Page, name: string, label: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, label);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `order-overview-${name}-1280`);
  await page.setViewportSize(MOBILE);
  await screenshot(page, `order-overview-${name}-390`);
  await page.setViewportSize(DESKTOP);
}

test('the received page, My account and order tracking show the same lines and totals, adding up', async ({ page }) => {
  test.setTimeout(budget(120_000));
  const account = newAccount('overview');
  await register(page, account);
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await addToCart(page, 'tote', 'Canvas Tote Bag');
  await page.goto('/checkout');
  await waitForHydration(page);
  const billing = billingRegion(page);
  await billing.getByLabel('First name').fill('Ada');
  await billing.getByLabel('Last name').fill('Lovelace');
  await billing.getByLabel('Street address').fill('12 St James Square');
  await billing.getByLabel('Town / City').fill('London');
  await billing.getByLabel(/^Postcode/).fill('SW1Y 4JH');
  await page.getByLabel('Order notes').fill('Leave it with the porter.');
  // The checkout's review is the same table: its rows add up too.
  expectAddsUp(await orderRows(page.getByRole('table', { name: 'Your order' })));
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('radio', { name: 'Check payments' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  const id = orderIdOf(page.url());

  // Received: the summary, the lines, the note and the addresses.
  await expect(page.getByRole('heading', { level: 2, name: 'Order details' })).toBeVisible();
  const receivedTable = page.locator('table.order-lines');
  await expect(receivedTable.getByRole('cell', { name: /Canvas Tote Bag × 2/ })).toBeVisible();
  const received = await orderRows(receivedTable);
  expectAddsUp(received);
  const total = received.find((r) => r.kind === 'total')!;
  await expect(page.locator('.received-overview')).toContainText(new RegExp(`Order number:\\s*${id}(?!\\d)`));
  await expect(page.locator('.received-overview')).toContainText(total.text.replace(/^Total\s*/, '').split(' ')[0]);
  await expect(page.getByText('Leave it with the porter.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Billing address' })).toBeVisible();
  await look(page, 'received', 'the order received page');

  // My account: the same rows, the note, the addresses and "Order again".
  await page.goto(`/my-account/view-order/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();
  const mine = await orderRows(page.locator('table.order-lines'));
  expect(mine).toEqual(received);
  await expect(page.getByText('Leave it with the porter.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Order again' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Billing address' })).toBeVisible();
  await look(page, 'account', 'My account order page');

  // Order tracking: found by number and e-mail, the same rows under the table's caption.
  await page.goto('/order-tracking');
  await waitForHydration(page);
  await page.getByLabel(/^Order number/).fill(String(id));
  await page.getByLabel(/^Billing e-mail/).fill(account.email);
  await page.getByRole('button', { name: 'Track' }).click();
  const tracked = page.getByRole('table', { name: 'Order details' });
  await expect(tracked).toBeVisible();
  expect(await orderRows(tracked)).toEqual(received);
  await expect(page.getByText('Leave it with the porter.')).toBeVisible();
  await look(page, 'tracking', 'the order tracking result');
});
