import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, screenshot, waitForHydration } from './helpers.ts';
import { ADMIN, adminSession } from './checkout-helpers.ts';

/*
 * The e-mail settings in the browser, as an owner uses them: the list of every e-mail, one
 * e-mail's wording changed with the keyboard and kept after a reload, its preview showing the
 * change, and "Send me a test" arriving in a real mailbox; axe and 1280 / 390 px screenshots.
 */

// Its own shop: it changes the store's e-mail settings.
test.use({ shopInstance: 'emails' });
test.describe.configure({ timeout: 120_000 });

test('the owner rewords an e-mail, sees it in the preview and receives a test', async ({ page, mailbox }) => {
  await adminSession(page);
  await page.goto('/admin/settings/emails');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
  const list = page.getByRole('table');
  for (const title of ['New order', 'Processing order', 'Low stock', 'Wishlist alert']) await expect(list.getByRole('row', { name: new RegExp(title) }).first()).toBeVisible();
  // The menu marks the page's own entry, not Settings above it too.
  const nav = page.getByRole('navigation', { name: 'Shop admin' });
  await expect(nav.getByRole('link', { name: 'E-mails' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Settings', exact: true })).not.toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page, '/admin/settings/emails');
  await screenshot(page, 'admin-emails-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-emails-390');
  await page.setViewportSize(DESKTOP);

  await page.getByRole('link', { name: 'Manage “Processing order”' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Processing order' })).toBeVisible();
  await waitForHydration(page);
  const subject = page.getByLabel('Subject');
  await subject.focus();
  await subject.fill('We are packing order #{order_number}');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Heading')).toBeFocused();
  await page.getByLabel(/^Additional text/).fill('Thank you for shopping with us.');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Subject')).toHaveValue('We are packing order #{order_number}');
  // The preview is made by the code that sends: the sample order's number in the new subject.
  await expect(page.getByText(/^Subject:\s*We are packing order #\S+/)).toBeVisible();
  await expect(page.frameLocator('iframe[title="Preview of “Processing order”"]').getByText('Thank you for shopping with us.')).toBeVisible();
  await expect(page.locator('.email-preview__text')).toContainText('Thank you for shopping with us.');
  await expect(nav.getByRole('link', { name: 'E-mails' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page, '/admin/settings/emails/customer_processing_order');
  await screenshot(page, 'admin-email-edit-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-email-edit-390');
  await page.setViewportSize(DESKTOP);

  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByRole('status')).toContainText(ADMIN.email);
  const mail = await mailbox.waitForMail(ADMIN.email, /^We are packing order #/);
  expect(mail.text).toContain('Thank you for shopping with us.');
});
