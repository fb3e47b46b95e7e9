import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, logIn, newAccount, register, screenshot, uniqueEmail, waitForHydration } from './helpers.ts';
import { ADMIN, adminSession, addToCart, fillBilling, orderIdOf } from './checkout-helpers.ts';
import { budget } from './time.ts';

/*
 * Customers and staff accounts in the browser: a shopper's order shows in the customers
 * list and on their page; the administrator changes their role and the shopper's next page
 * follows it; a staff invitation is accepted in a second browser context; a deletion goes
 * through its confirmation without scripts. Axe and 1280 / 390 px screenshots of the list,
 * a customer's page and the invitation page.
 */

// Its own shop: it creates the first administrator and changes accounts' roles.
test.use({ shopInstance: 'customers' });

const RE_ESCAPE = /[.*+?^${}()|[\]\\]/g;
const INVITE_LINK = /https?:\/\/[^\s"<>]+\/account\/invite\?token=[\w-]+/;

test('list → a customer’s page with their order and addresses → role change, which their next page follows', async ({ page, browser, baseURL }) => {
  test.setTimeout(budget(120_000));
  // A shopper registers and orders (bank transfer), in a browser of their own.
  const shopperContext = await browser.newContext({ baseURL });
  const shopper = await shopperContext.newPage();
  const account = newAccount('customer');
  await register(shopper, account);
  await addToCart(shopper, 'tote', 'Canvas Tote Bag');
  await shopper.goto('/checkout');
  await waitForHydration(shopper);
  await fillBilling(shopper, { first: 'Grace', last: 'Hopper', street: '7 Compiler Lane', city: 'Leeds', country: 'GB', postcode: 'LS1 4AP', email: account.email });
  await shopper.getByRole('radio', { name: 'Direct bank transfer' }).check();
  await shopper.getByRole('button', { name: 'Place order' }).click();
  await expect(shopper).toHaveURL(/\/checkout\/order-received\/\d+\?key=/);
  const orderId = orderIdOf(shopper.url());

  // The shop marks it paid.
  await adminSession(page);
  await page.goto(`/admin/orders/${orderId}`);
  await waitForHydration(page);
  await page.getByLabel('Change status to').selectOption('completed');
  await page.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByRole('status')).toHaveText('Order status changed.');
  const total = (await page.locator('.order-lines__total td').textContent())!.trim();

  await page.goto('/admin');
  await page.getByRole('navigation').getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel('Search customers').fill(account.email);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/customers\?q=/);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: account.name }) });
  await expect(row).toHaveCount(1);
  // E-mail, role, orders, total spent, average order, last order, since.
  await expect(row.getByRole('cell')).toHaveText([account.email, 'Customer', '1', total, total, /\d{4}$/, /\d{4}$/]);

  await row.getByRole('link', { name: account.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();
  await waitForHydration(page);
  // The saved address, in the staff's edit form.
  await expect(page.getByRole('region', { name: 'Details and addresses' }).locator('input[name="billing_address_1"]')).toHaveValue('7 Compiler Lane');
  await expect(page.getByRole('region', { name: 'Account' })).toContainText(new RegExp(`Total spent\\s*${total.replace(RE_ESCAPE, '\\$&')}`));
  await expect(page.getByRole('region', { name: 'Orders', exact: true }).getByRole('link', { name: `#${orderId}` })).toHaveAttribute('href', `/admin/orders/${orderId}`);

  // Make them a shop manager.
  await page.getByLabel('New role').selectOption('shop_manager');
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByRole('status')).toHaveText('The role is now Shop manager.');
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('Shop manager');
  // The shopper's next page is a shop manager's.
  await shopper.goto('/admin/customers');
  await expect(shopper.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  await expect(shopper.getByRole('navigation').getByRole('link', { name: 'Staff accounts' })).toHaveCount(0);
  // …and back, which the shopper's next page follows too.
  await page.getByLabel('New role').selectOption('customer');
  await page.getByRole('button', { name: 'Change role' }).click();
  await expect(page.getByRole('status')).toHaveText('The role is now Customer.');
  expect((await shopper.goto('/admin/customers'))!.status()).toBe(403);
  await shopperContext.close();
  // An administrator's own page offers no role change.
  await page.goto(`/admin/customers?q=${encodeURIComponent(ADMIN.email)}`);
  await page.getByRole('link', { name: ADMIN.name }).click();
  await expect(page.getByText('You cannot change your own role')).toBeVisible();
  await expect(page.getByLabel('New role')).toHaveCount(0);
});

test('an invitation is accepted in a second browser: the invitee is signed in with the role; the link works once', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(budget(120_000));
  const email = uniqueEmail('editor');
  await adminSession(page);
  await page.goto('/admin/staff');
  await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill('Eve Editor');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Role').selectOption('editor');
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Editor');

  const mail = await mailbox.waitForMail(email, /You are invited/);
  const link = INVITE_LINK.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(new URL(link!).origin).toBe(baseURL);

  const invitee = await browser.newContext({ baseURL });
  const p = await invitee.newPage();
  await p.goto(link!);
  await waitForHydration(p);
  await expect(p.getByRole('heading', { level: 1, name: 'Accept your invitation' })).toBeVisible();
  await expect(p.getByText(`as Editor, with the e-mail address ${email}`)).toBeVisible();
  await expectNoSeriousA11yViolations(p, '/account/invite');
  await screenshot(p, 'account-invite-1280');
  await p.setViewportSize(MOBILE);
  await screenshot(p, 'account-invite-390');
  await p.setViewportSize(DESKTOP);
  await expect(p.getByLabel('Name', { exact: true })).toHaveValue('Eve Editor');
  await p.getByLabel('Choose a password').fill('eve-chooses-a-password');
  await p.getByRole('button', { name: 'Create my account' }).click();
  await expect(p).toHaveURL(/\/admin$/);
  await expect(p.getByText('Signed in as Eve Editor')).toBeVisible();
  const nav = p.getByRole('navigation').filter({ has: p.getByRole('link', { name: 'Pages' }) });
  await expect(nav.getByRole('link', { name: 'Pages' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Customers' })).toHaveCount(0);
  await invitee.close();

  // The invitation is no longer pending, and its link is spent.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  const again = await browser.newContext({ baseURL });
  const q = await again.newPage();
  await q.goto(link!);
  await expect(q.getByRole('alert')).toContainText('This invitation link has expired or was already used.');
  await expect(q.getByLabel('Choose a password')).toHaveCount(0);
  await again.close();
  // The new editor is listed among the staff.
  await page.goto('/admin/customers?role=staff');
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Editor');
});

test('without scripts a customer is deleted after the confirmation step', async ({ browser, baseURL }) => {
  test.setTimeout(budget(120_000));
  const shopper = await browser.newContext({ baseURL });
  const account = newAccount('leaving');
  await register(await shopper.newPage(), account);
  await shopper.close();

  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await logIn(page, ADMIN.email, ADMIN.password, { scripts: false });
  await page.goto(`/admin/customers?q=${encodeURIComponent(account.email)}`);
  await page.getByRole('link', { name: account.name }).click();
  await page.getByRole('link', { name: 'Delete this account…' }).click();
  await expect(page).toHaveURL(/\?delete=1$/);
  const confirm = page.getByRole('region', { name: `Delete the account of ${account.email}?` });
  await expect(confirm).toContainText('0 orders will be anonymised.');
  // The box is required: the browser does not send the form without it.
  await confirm.getByRole('button', { name: 'Delete the account' }).click();
  await expect(page).toHaveURL(/\?delete=1$/);
  await confirm.getByLabel('I understand that this cannot be undone').check();
  await confirm.getByRole('button', { name: 'Delete the account' }).click();
  await expect(page).toHaveURL(/\/admin\/customers\?deleted=1&orders=0$/);
  await expect(page.getByRole('status')).toHaveText('The account was deleted; 0 orders were kept, anonymised.');
  await page.goto(`/admin/customers?q=${encodeURIComponent(account.email)}`);
  await expect(page.getByText('No customers match this search.')).toBeVisible();
  await context.close();
});

test('the customers list, a customer’s page and the staff page: axe-clean, at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(budget(90_000));
  await adminSession(page);
  await page.goto('/admin/customers?sort=orders');
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, '/admin/customers');
  await screenshot(page, 'admin-customers-1280');
  // The account with the most orders (the shopper of the first journey, when it ran).
  const first = page.getByRole('rowheader').first().getByRole('link');
  const name = (await first.textContent())!;
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page, '/admin/customers/:id');
  await screenshot(page, 'admin-customer-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-customer-390');
  await page.goto('/admin/customers?sort=orders');
  await waitForHydration(page);
  await screenshot(page, 'admin-customers-390');
  // Phone width: each account is a card, nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

  // The staff page with a pending invitation.
  await page.setViewportSize(DESKTOP);
  await page.goto('/admin/staff');
  await waitForHydration(page);
  await page.getByLabel('Name', { exact: true }).fill('Omar Operator');
  await page.getByLabel('E-mail address').fill(uniqueEmail('operator'));
  await page.getByLabel('Role').selectOption('operator');
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status')).toContainText('Invitation sent to');
  await expectNoSeriousA11yViolations(page, '/admin/staff');
  await screenshot(page, 'admin-staff-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-staff-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
});
