import { test, expect } from './fixtures.ts';
import { logIn, logOut, newAccount, register, waitForHydration } from './helpers.ts';

const RESET_LINK = /https?:\/\/[^\s"<>]+\/account\/reset-password\?token=[^\s"<>]+/;

test('a forgotten password is reset through the e-mailed link, which works only once', async ({ page, mailbox, baseURL }) => {
  const account = newAccount('reset');
  await register(page, account);
  await logOut(page);

  await page.goto('/account/login');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Lost your password?' }).click();
  await expect(page).toHaveURL(/\/account\/lost-password$/);
  await page.getByLabel('E-mail address').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('a reset link is on its way');

  const mail = await mailbox.waitForMail(account.email, /reset your password/i);
  const link = RESET_LINK.exec(mail.text)?.[0];
  expect(link, `reset link in the mail text:\n${mail.text}`).toBeTruthy();
  expect(new URL(link!).origin).toBe(baseURL);
  // The HTML part carries the same link for mail clients that show HTML.
  expect(mail.html).toContain(new URL(link!).search.replace(/&/g, '&amp;'));

  const newPassword = `${account.password}-renewed`;
  await page.goto(link!);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page).toHaveURL(/\/account\/login\?reset=1$/);
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. You can log in now.');

  // The old password no longer works; the new one does.
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('alert')).toContainText('The e-mail address or password is incorrect.');
  await logIn(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByText(`Hello ${account.name}`)).toBeVisible();
  await logOut(page);

  // The link is spent: using it again is refused and changes nothing.
  await page.goto(link!);
  await waitForHydration(page);
  await page.getByLabel('New password', { exact: true }).fill('someone-else-123');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('alert')).toContainText('expired or was already used');
  await logIn(page, account.email, newPassword);
  await expect(page).toHaveURL(/\/my-account$/);
});
