import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { axeResults, expectNoSeriousA11yViolations, fillSetupCode, newAccount, waitForHydration, type Account } from './helpers.ts';

// Approving needs the shop's first administrator, made through /admin/setup on an empty
// user table: this journey gets its own server and database. The steps build on each other.
test.use({ shopInstance: 'reviews' });
test.describe.configure({ mode: 'serial' });

/** A demo product with no approved review yet (one pending from the seed). */
const PRODUCT = '/product/desk-cactus';
const admin: Account = { ...newAccount('admin'), name: 'Rita Reviewer' };
const guest = { name: 'Gill Guest', email: `gill-${randomUUID().slice(0, 6)}@example.test` };
// Markup in a review must come back as the very same characters, never as HTML.
const TEXT = `Thrives on my desk <b>with no care</b> <script>window.reviewHacked = 1</script> ${randomUUID().slice(0, 6)}`;

const reviewsSection = (page: Page) => page.locator('section#reviews');

async function expectSectionAccessible(page: Page) {
  const results = await axeResults(page, 'section#reviews');
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a guest posts a review with the keyboard and is told it awaits approval', async ({ page }) => {
  await page.goto(`${PRODUCT}#reviews`);
  await waitForHydration(page);
  const section = reviewsSection(page);
  await expect(section.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
  await expect(section).toContainText('There are no reviews yet.');
  await expectSectionAccessible(page);

  // An empty form: every problem is listed, each linking to its field.
  await section.getByRole('button', { name: 'Submit review' }).click();
  const problems = section.getByRole('alert');
  await expect(problems).toContainText('Please correct the following:');
  await expect(problems.getByRole('link')).toHaveText([
    'Rating: Choose a rating from 1 to 5 stars',
    'Your review: Write your review',
    'Name: Enter your name',
    'E-mail address: Enter your e-mail address',
  ]);
  await problems.getByRole('link', { name: /^Your review/ }).click();
  await expect(section.getByLabel('Your review *')).toBeFocused();
  await expectSectionAccessible(page);

  // The stars are a radio group: arrow keys choose the rating.
  await section.getByRole('radio', { name: '1 star', exact: true }).focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(section.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await section.getByLabel('Your review *').fill(TEXT);
  await section.getByLabel('Name *').fill(guest.name);
  await section.getByLabel('E-mail address *').fill(guest.email);
  const before = page.url();
  await section.getByRole('button', { name: 'Submit review' }).click();

  await expect(section.getByRole('status')).toHaveText('Thank you. Your review is awaiting approval.');
  // Sent through the API: no navigation (a plain post would land on ?review=pending).
  expect(page.url()).toBe(before);
  await expect(section.getByRole('alert')).toHaveCount(0);
  await expect(section.getByLabel('Your review *')).toHaveValue('');
  // Pending: nobody else sees it, and it does not count yet.
  await page.reload();
  await expect(reviewsSection(page)).toContainText('There are no reviews yet.');
  await expect(reviewsSection(page)).not.toContainText(TEXT);
});

test('the first administrator approves it in /admin/reviews', async ({ page }) => {
  await page.goto('/admin/setup');
  await waitForHydration(page);
  await fillSetupCode(page);
  await page.getByLabel('Name', { exact: true }).fill(admin.name);
  await page.getByLabel('E-mail address').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole('navigation', { name: 'Shop admin' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await page.getByRole('link', { name: /^Pending \(\d+\)$/ }).click();
  await expect(page).toHaveURL(/status=pending/);
  const row = page.getByRole('row').filter({ hasText: TEXT });
  await expect(row).toContainText(guest.name);
  await expect(row).toContainText(guest.email);
  await expect(row).toContainText('4 out of 5');
  await expectNoSeriousA11yViolations(page, 'admin reviews');

  await row.getByRole('button', { name: `Approve review by ${guest.name}` }).click();
  await expect(page.getByRole('status')).toHaveText(`Review by ${guest.name} approved.`);
  await expect(page.getByRole('row').filter({ hasText: TEXT })).toHaveCount(0);
  await page.getByRole('link', { name: /^Approved \(\d+\)$/ }).click();
  await expect(page.getByRole('row').filter({ hasText: TEXT })).toContainText('Approved');
});

test('the approved review shows on the product page with its stars, and the count follows', async ({ page }) => {
  await page.goto(`${PRODUCT}#reviews`);
  await waitForHydration(page);
  await expect(page.getByRole('tab', { name: 'Reviews (1)' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('link', { name: '(1 customer review)' })).toBeVisible();
  const section = reviewsSection(page);
  await expect(section.getByRole('heading', { level: 2, name: '1 review' })).toBeVisible();
  await expect(section).toContainText('4 out of 5, from 1 review');
  const review = section.getByRole('article', { name: `Review by ${guest.name}` });
  await expect(review.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  // Written the shop's way: English in a British shop (its base country) reads "4 December 2026".
  await expect(review.locator('time')).toHaveText(new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date()));
  // The markup is shown as typed, not run.
  await expect(review.locator('.review__text')).toHaveText(TEXT);
  expect(await page.evaluate(() => (window as { reviewHacked?: number }).reviewHacked)).toBeUndefined();
  await expect(section.getByRole('heading', { name: 'Add a review' })).toBeVisible();
  await expectSectionAccessible(page);
});

test('without scripts the form posts to its own page, shows problems there, and then saves', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(PRODUCT);
  const section = reviewsSection(page);
  await section.getByLabel('Your review *').fill('Posted the old-fashioned way.');
  await section.getByRole('button', { name: 'Submit review' }).click();

  await expect(page).toHaveURL(/\/product\/desk-cactus\/reviews$/);
  const problems = reviewsSection(page).getByRole('alert');
  await expect(problems.getByRole('link')).toHaveText(['Rating: Choose a rating from 1 to 5 stars', 'Name: Enter your name', 'E-mail address: Enter your e-mail address']);
  // What the shopper typed is still there.
  await expect(reviewsSection(page).getByLabel('Your review *')).toHaveValue('Posted the old-fashioned way.');

  const form = reviewsSection(page);
  await form.locator('label[for="review-rating-5"]').click();
  await form.getByLabel('Name *').fill('Nora No-Script');
  await form.getByLabel('E-mail address *').fill(`nora-${randomUUID().slice(0, 6)}@example.test`);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(page).toHaveURL(/\/product\/desk-cactus\?review=pending#reviews$/);
  await expect(reviewsSection(page).getByRole('status')).toHaveText('Thank you. Your review is awaiting approval.');
  await context.close();
});
