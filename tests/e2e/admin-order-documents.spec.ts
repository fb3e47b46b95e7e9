import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, newAccount, register, screenshot, uniqueEmail, waitForHydration } from './helpers.ts';
import { adminSession, addToCart, fillBilling, orderIdOf } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * A phone order from start to invoice, in Chromium: staff make it for a guest at "Add order",
 * e-mail the payment link (it arrives over SMTP), the guest pays through it, staff complete the
 * order and download its invoice and packing slip from the order page; the PDFs' text has the
 * invoice number and the total the page shows. Then names, addresses and a product in several
 * scripts: DejaVu Sans (embedded) has Latin with diacritics, Greek, Cyrillic and Arabic, which
 * print as typed; Chinese, Japanese and Korean it has not, which print as "?" with a note saying
 * so. The customer downloads the same invoice from My account.
 */

test.use({ shopInstance: 'order-documents' });
test.describe.configure({ timeout: 240_000 });

/** The text of a PDF the page downloads when `link` is clicked, and the file's name. */
async function downloadPdf(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { name: download.suggestedFilename(), text: text.replace(/\s+/g, ' ') };
}

/** The amount in the order page's "Total" row, as shown. */
async function shownTotal(page: Page): Promise<string> {
  const row = page.getByRole('row', { name: /^Total/ }).first();
  const amount = /£[\d,]+\.\d{2}/.exec((await row.textContent()) ?? '')?.[0];
  expect(amount).toBeTruthy();
  return amount!;
}

async function complete(page: Page, id: number): Promise<void> {
  await page.goto(`/admin/orders/${id}`);
  await waitForHydration(page);
  await page.getByLabel('Change status to').selectOption('completed');
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Order status changed.' })).toBeVisible();
}

test('a phone order for a guest: payment link e-mailed, paid through it, completed, invoice and packing slip downloaded', async ({ page, browser, shop, mailbox }) => {
  test.setTimeout(budget(200_000));
  const email = uniqueEmail('phone');
  await adminSession(page);
  await page.goto('/admin/orders/new');
  await waitForHydration(page);
  const products = page.getByRole('group', { name: 'Products' });
  await products.getByLabel('Find a product (name or SKU)').fill('tote');
  await products.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: /^Add Canvas Tote Bag/ }).first().click();
  await page.getByLabel('Quantity of Canvas Tote Bag').fill('2');
  const billing = page.getByRole('group', { name: 'Billing address' });
  await billing.getByLabel('First name').fill('Grace');
  await billing.getByLabel('Last name').fill('Hopper');
  await billing.getByLabel('Street address').first().fill('7 Harbour Lane');
  await billing.getByLabel('Town / City').fill('Bristol');
  await billing.getByLabel(/^Postcode/).fill('BS1 4DJ');
  await billing.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Recalculate' }).last().click();
  await expect(page.getByRole('region', { name: 'Totals' }).getByRole('row', { name: /^Total/ })).toBeVisible();
  await page.getByRole('button', { name: 'Create order' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/\d+\?created=1$/);
  const id = Number(/\/admin\/orders\/(\d+)/.exec(page.url())![1]);
  await waitForHydration(page);

  await page.getByRole('button', { name: 'E-mail the payment link' }).click();
  await expect(page.getByText(`The payment link was e-mailed to ${email}.`)).toBeVisible();
  const mail = await mailbox.waitForMail(email, new RegExp(`order #${id}: pay for it online`));
  const link = new RegExp(`(https?://\\S+/checkout/order-pay/${id}\\?key=\\S+)`).exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  expect(link!.startsWith(shop.server.baseURL)).toBe(true);
  expect(mail.text).toContain('2 × Canvas Tote Bag');

  // The guest, in a browser of their own, pays through the link.
  const guestContext = await browser.newContext({ baseURL: shop.server.baseURL });
  const guest = await guestContext.newPage();
  await guest.goto(link!);
  await expect(guest.getByRole('heading', { level: 1, name: 'Pay for order' })).toBeVisible();
  await waitForHydration(guest);
  await guest.getByRole('radio', { name: 'Cash on delivery' }).check();
  await guest.getByRole('button', { name: 'Pay for order' }).click();
  await expect(guest).toHaveURL(new RegExp(`/checkout/order-received/${id}\\?key=`));
  await expect(guest.getByRole('status')).toHaveText('Thank you. Your order has been received.');
  await guestContext.close();

  await page.goto(`/admin/orders/${id}`);
  await expect(page.getByText('Processing').first()).toBeVisible();
  await complete(page, id);
  const total = await shownTotal(page);
  const invoiceLink = page.getByRole('link', { name: /^Invoice INV-\d+/ });
  await expect(invoiceLink).toBeVisible();
  const number = /INV-\d+/.exec((await invoiceLink.textContent())!)![0];
  const invoice = await downloadPdf(page, invoiceLink);
  expect(invoice.name).toBe(`invoice-${number}.pdf`);
  expect(invoice.text).toContain(`Invoice number: ${number}`);
  expect(invoice.text).toContain(`Order number: ${id}`);
  expect(invoice.text).toContain('Grace Hopper');
  expect(invoice.text).toContain('Canvas Tote Bag');
  expect(invoice.text).toMatch(new RegExp(`Total ${total.replace(/[.$]/g, '\\$&')}`));
  const slip = await downloadPdf(page, page.getByRole('link', { name: 'Packing slip (PDF)' }));
  expect(slip.text).toContain('Packing slip');
  expect(slip.text).toContain(`Order number: ${id}`);
  expect(slip.text).toContain('Canvas Tote Bag');
  expect(slip.text).not.toContain('£');
});

test('names, addresses and a product in several scripts print as typed where the font has them, and as “?” with a note where not; My account downloads the same invoice', async ({ page, browser, shop }) => {
  test.setTimeout(budget(200_000));
  const PRODUCT = 'Teapot Żółty Κούπα Чайник شاي 茶壺';
  await adminSession(page);
  await page.goto('/admin/products/new');
  await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill(PRODUCT);
  await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(`GLYPH-${Date.now()}`);
  await page.getByLabel(/^Regular price/).fill('24');
  await page.getByLabel('Status', { exact: true }).selectOption('publish');
  await page.getByRole('button', { name: 'Save product' }).click();
  await expect(page).toHaveURL(/\/admin\/products\/\d+/);

  const customerContext = await browser.newContext({ baseURL: shop.server.baseURL });
  const customer = await customerContext.newPage();
  const account = newAccount('scripts');
  await register(customer, account);
  await addToCart(customer, 'teapot', PRODUCT);
  await customer.goto('/checkout');
  await waitForHydration(customer);
  await fillBilling(customer, { first: 'Γιώργος', last: 'Иванов-Łęcki', street: 'شارع النيل ٥', city: 'Kraków 東京', country: 'GB', postcode: 'SW1A 1AA', email: account.email });
  const terms = customer.getByRole('checkbox', { name: /I have read and agree/ });
  if (await terms.count()) await terms.check();
  await customer.getByRole('radio', { name: 'Cash on delivery' }).check();
  await customer.getByRole('button', { name: 'Place order' }).click();
  await customer.waitForURL(/order-received/);
  const id = orderIdOf(customer.url());

  await complete(page, id);
  const total = await shownTotal(page);
  const invoice = await downloadPdf(page, page.getByRole('link', { name: /^Invoice INV-\d+/ }));
  for (const text of ['Γιώργος Иванов-Łęcki', 'Teapot Żółty Κούπα Чайник', 'شارع النيل ٥', 'Kraków']) expect(invoice.text).toContain(text);
  // The Arabic word amid Latin, Greek and Cyrillic is laid out on its own, right to left, so it reads as typed.
  expect(invoice.text).toContain('Чайник شاي');
  // No CJK glyphs in the font: each character is a "?", and the document says so.
  expect(invoice.text).toContain('Kraków ??');
  expect(invoice.text).toContain('شاي ??');
  expect(invoice.text).toContain('Characters this document’s font does not have are printed as “?”.');
  expect(invoice.text).toMatch(new RegExp(`Total ${total.replace(/[.$]/g, '\\$&')}`));
  const slip = await downloadPdf(page, page.getByRole('link', { name: 'Packing slip (PDF)' }));
  for (const text of ['Γιώργος Иванов-Łęcki', 'Teapot Żółty Κούπα Чайник', 'Characters this document’s font does not have']) expect(slip.text).toContain(text);

  await customer.goto(`/my-account/view-order/${id}`);
  const mine = await downloadPdf(customer, customer.getByRole('link', { name: /^Invoice INV-\d+ \(PDF\)/ }));
  expect(mine.text).toBe(invoice.text);
  await customerContext.close();
});

test('the orders list: a customer e-mail filter and a view saved under a name, reopened from its link and deleted by keyboard; axe and 1280 / 390 px screenshots', async ({ page }) => {
  test.setTimeout(budget(120_000));
  await adminSession(page);
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/orders?status=completed');
  await waitForHydration(page);
  const query = page.getByRole('search', { name: 'Search and filter Orders' });
  await query.getByLabel('Search orders').fill('tote');
  await query.getByLabel('Customer e-mail').fill('Nobody@Example.com');
  await query.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/status=completed&q=tote&.*email=Nobody%40Example\.com/);
  await expect(page.getByText('Orders of the customer with the e-mail nobody@example.com, with an account or as a guest.')).toBeVisible();
  await query.getByLabel('Customer e-mail').fill('');
  await query.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/status=completed&q=tote&.*email=&/);

  const saved = page.getByRole('region', { name: 'Saved filters' });
  await saved.getByLabel('Save this view as').fill('Completed totes');
  await saved.getByRole('button', { name: 'Save filter' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Filter “Completed totes” saved.' })).toBeVisible();
  await page.goto('/admin/orders');
  await waitForHydration(page);
  await saved.getByLabel('Save this view as').fill('All orders');
  await saved.getByRole('button', { name: 'Save filter' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Filter “All orders” saved.' })).toBeVisible();
  await expect(saved.getByLabel('Save this view as')).toHaveValue('');
  await saved.getByRole('link', { name: 'Completed totes' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?q=tote&status=completed$/);
  await expect(saved.getByRole('link', { name: 'Completed totes' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Search orders')).toHaveValue('tote');
  await expectNoSeriousA11yViolations(page, '/admin/orders (saved filters)');
  await screenshot(page, 'admin-orders-saved-filters-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-orders-saved-filters-390');
  await page.setViewportSize(DESKTOP);

  await saved.getByRole('button', { name: 'Delete the saved filter “Completed totes”' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved filter “Completed totes” deleted.' })).toBeVisible();
  await expect(saved.getByRole('link', { name: 'Completed totes' })).toHaveCount(0);
  await expect(saved.getByRole('link', { name: 'All orders' })).toBeVisible();
});
