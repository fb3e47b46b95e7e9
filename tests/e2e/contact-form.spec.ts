import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { MOBILE, expectNoSeriousA11yViolations, screenshot, uniqueEmail } from './helpers.ts';

// Its own server: each valid send counts against the per-address limit (5 per 10 minutes).
test.use({ shopInstance: 'contact-form' });

/** A 1×1 PNG, so the server's content check sees a real image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** The demo form's quiz questions and their answers. */
const ANSWERS: Record<string, string> = { 'What is 2 + 3?': '5', 'What colour is the sky on a clear day?': 'blue' };

/** The server refuses forms sent sooner than this after they were shown (the demo's minimum fill time). */
const MIN_FILL_MS = 3_200;

async function openContact(page: Page) {
  await page.goto('/contact');
  // The island has taken over (Contact Form 7's `js` class) and fetched its own quiz and start time.
  await expect(page.locator('.wpcf7.js')).toBeVisible();
  await page.waitForLoadState('networkidle');
  return Date.now();
}

async function answerQuiz(page: Page) {
  const question = (await page.locator('.wpcf7-quiz-label').textContent())!.trim();
  expect(ANSWERS[question], `known question "${question}"`).toBeDefined();
  await page.getByLabel(question).fill(ANSWERS[question]!);
}

async function fillValid(page: Page, email: string, subject: string) {
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('Your e-mail').fill(email);
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('What is it about?').selectOption({ label: 'A product' });
  await page.getByLabel('Your message').fill('Is the ceramic mug dishwasher safe? Thank you.');
  await answerQuiz(page);
}

async function waitFill(since: number) {
  const left = MIN_FILL_MS - (Date.now() - since);
  if (left > 0) await new Promise((r) => setTimeout(r, left));
}

test('the demo form: tips and the screen-reader list, then sent without reload, reset and mailed', async ({ page, mailbox }) => {
  const shown = await openContact(page);
  const form = page.locator('form.wpcf7-form');
  const submit = page.getByRole('button', { name: 'Send message' });
  const consent = page.getByLabel('I agree that my details are used to answer this message.');

  // Acceptance gating: submit stays disabled until the box is checked.
  await expect(submit).toBeDisabled();
  await consent.check();
  await expect(submit).toBeEnabled();
  await consent.uncheck();
  await expect(submit).toBeDisabled();
  await consent.check();

  // An empty submit: tips, aria-invalid with aria-describedby, the screen-reader list with links.
  await submit.click();
  await expect(form).toHaveClass(/\binvalid\b/);
  await expect(form.locator('.wpcf7-response-output')).toHaveText('One or more fields have an error. Please check and try again.');
  await expect(page.locator('.screen-reader-response [role="status"]')).toHaveText('One or more fields have an error. Please check and try again.');
  const name = page.getByLabel('Your name');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  const tipId = await name.getAttribute('aria-describedby');
  await expect(page.locator(`#${tipId}`)).toHaveText('Please fill out this field.');
  await expect(page.locator('[data-name="your-name"] .wpcf7-not-valid-tip')).toHaveText('Please fill out this field.');
  const links = page.locator('.screen-reader-response ul li a');
  await expect(links.first()).toHaveAttribute('href', '#cf-name');
  await expect(links).toHaveCount(6); // name, e-mail, subject, topic, message, quiz
  await expect(page.locator('[data-name="your-email"] .wpcf7-not-valid-tip')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/contact with errors shown');
  await screenshot(page, 'contact-errors-1280');

  // Blur checks a field on its own: a bad address gets its tip, a good one loses it.
  const email = page.getByLabel('Your e-mail');
  await email.fill('not-an-address');
  await email.blur();
  await expect(page.locator('[data-name="your-email"] .wpcf7-not-valid-tip')).toHaveText('Please enter an email address.');
  const sender = uniqueEmail('contact');
  await email.fill(sender);
  await email.blur();
  await expect(page.locator('[data-name="your-email"] .wpcf7-not-valid-tip')).toHaveCount(0);
  await expect(email).toHaveAttribute('aria-invalid', 'false');

  // A wrong quiz answer is the server's verdict: validation_failed with its tip, and a new question.
  await fillValid(page, sender, 'Mug question');
  await page.locator('input[name="your-quiz"]').fill('wrong');
  await waitFill(shown);
  await submit.click();
  await expect(page.locator('[data-name="your-quiz"] .wpcf7-not-valid-tip')).toHaveText('The answer to the quiz is incorrect.');
  await expect(form).toHaveClass(/\binvalid\b/);

  // Fixed and sent: no reload, the form resets and the submit is re-evaluated (consent unchecked again).
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await answerQuiz(page);
  await submit.click();
  await expect(form).toHaveClass(/\bsent\b/);
  await expect(form.locator('.wpcf7-response-output')).toHaveText('Thank you for your message. We will answer within two working days.');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await expect(page.getByLabel('Your name')).toHaveValue('');
  await expect(consent).not.toBeChecked();
  await expect(submit).toBeDisabled();
  await expect(page.locator('.wpcf7-not-valid-tip')).toHaveCount(0);

  // The autoresponder reaches the sender over SMTP, with the fields substituted.
  const mail = await mailbox.waitForMail(sender, /We received your message: "Mug question"/);
  expect(mail.text).toContain('Hello Ada Lovelace');
  expect(mail.text).toContain('Is the ceramic mug dishwasher safe?');
});

test('counters, exclusive checkboxes, the URL prefix and the processing state', async ({ page }) => {
  await openContact(page);
  const counter = page.locator('.wpcf7-character-count[data-target-name="your-message"]');
  await expect(counter).toHaveText('0');
  await expect(counter).toHaveClass(/too-short/);
  await page.getByLabel('Your message').fill('Short one');
  await expect(counter).toHaveText('9');
  await expect(counter).toHaveClass(/too-short/);
  await page.getByLabel('Your message').fill('Long enough to be a real message.');
  await expect(counter).toHaveText('33');
  await expect(counter).not.toHaveClass(/too-short|too-long/);

  const byMail = page.getByRole('checkbox', { name: 'By e-mail' });
  const byPhone = page.getByRole('checkbox', { name: 'By phone' });
  await byMail.check();
  await byPhone.check();
  await expect(byMail).not.toBeChecked();
  await expect(byPhone).toBeChecked();
  await byPhone.uncheck();
  await expect(byPhone).not.toBeChecked();

  const website = page.getByLabel('Your website (optional)');
  await website.fill('example.com/shop');
  await website.blur();
  await expect(website).toHaveValue('http://example.com/shop');
  await website.fill('https://example.org');
  await website.blur();
  await expect(website).toHaveValue('https://example.org');

  // While the request is under way the form is "submitting" with a spinner; an HTTP failure
  // shows an error block after the form.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/contact-forms/*/feedback', async (route) => {
    await held;
    await route.fulfill({ status: 503, contentType: 'text/plain', body: 'down' });
  });
  await page.getByLabel('Your name').fill('Test');
  await page.getByLabel('Your e-mail').fill(uniqueEmail('busy'));
  await page.getByLabel('Subject').fill('Busy');
  await page.getByLabel('What is it about?').selectOption({ label: 'An order' });
  await answerQuiz(page);
  await page.getByLabel('I agree that my details are used to answer this message.').check();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('form.wpcf7-form')).toHaveClass(/\bsubmitting\b/);
  await expect(page.locator('.wpcf7-spinner')).toBeVisible();
  release();
  await expect(page.locator('.wpcf7-fetch-error')).toHaveText('The form could not be sent (503). Please try again later.');
  await expect(page.locator('form.wpcf7-form')).not.toHaveClass(/\bsubmitting\b/);
  expect(await page.locator('.wpcf7-fetch-error').evaluate((el) => el.previousElementSibling?.tagName)).toBe('FORM');
});

test('file upload: a picture is accepted and attached; a script disguised as one gets its tip', async ({ page, mailbox }) => {
  const shown = await openContact(page);
  const sender = uniqueEmail('upload');
  await fillValid(page, sender, 'With a photo');
  await page.getByLabel('I agree that my details are used to answer this message.').check();
  await page.getByLabel(/A photo or document/).setInputFiles({ name: 'shell.php.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<?php system($_GET["c"]); ?>') });
  await waitFill(shown);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('[data-name="your-file"] .wpcf7-not-valid-tip')).toHaveText('You are not allowed to upload files of this type.');

  await page.getByLabel(/A photo or document/).setInputFiles({ name: 'mug photo.png', mimeType: 'image/png', buffer: PNG });
  // Each answer brings a new quiz question (as Contact Form 7 refills it): answer the one shown now.
  await answerQuiz(page);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('form.wpcf7-form')).toHaveClass(/\bsent\b/);
  await mailbox.waitForMail(sender, /We received your message: "With a photo"/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts to the page, which comes back with the messages and the values entered', async ({ page, mailbox }) => {
    await page.goto('/contact');
    const shown = Date.now();
    await expect(page.locator('.wpcf7.no-js')).toBeVisible();
    const sender = uniqueEmail('nojs');
    await page.getByLabel('Your name').fill('Grace Hopper');
    await page.getByLabel('Your e-mail').fill(sender);
    await page.getByLabel('Your message').fill('Too short');
    await page.getByRole('checkbox', { name: 'By phone' }).check();
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page).toHaveURL(/\/contact#wpcf7-f1-o1$/);
    const form = page.locator('form.wpcf7-form');
    await expect(form).toHaveClass(/\binvalid\b/);
    await expect(form.locator('.wpcf7-response-output')).toHaveText('One or more fields have an error. Please check and try again.');
    await expect(page.getByLabel('Your name')).toHaveValue('Grace Hopper');
    await expect(page.getByLabel('Your e-mail')).toHaveValue(sender);
    await expect(page.getByLabel('Your message')).toHaveValue('Too short');
    await expect(page.getByRole('checkbox', { name: 'By phone' })).toBeChecked();
    await expect(page.locator('[data-name="your-subject"] .wpcf7-not-valid-tip')).toHaveText('Please fill out this field.');
    await expect(page.locator('[data-name="your-message"] .wpcf7-not-valid-tip')).toHaveText('This field has a too short input.');
    await expect(page.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('.screen-reader-response ul a[href="#cf-subject"]')).toHaveText('Please fill out this field.');

    await page.getByLabel('Subject').fill('Without scripts');
    await page.getByLabel('What is it about?').selectOption({ label: 'Something else' });
    await page.getByLabel('Your message').fill('This message was sent by a browser without JavaScript.');
    await answerQuiz(page);
    await page.getByLabel('I agree that my details are used to answer this message.').check();
    await waitFill(shown);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.locator('form.wpcf7-form')).toHaveClass(/\bsent\b/);
    await expect(page.locator('.wpcf7-response-output')).toHaveText('Thank you for your message. We will answer within two working days.');
    await expect(page.getByLabel('Your name')).toHaveValue('');
    await mailbox.waitForMail(sender, /We received your message: "Without scripts"/);
  });
});

test('on a phone (390 px): nothing scrolls sideways, the errors read well, axe passes; a footer link leads here', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator('.wpcf7.js')).toBeVisible();
  await page.getByLabel('I agree that my details are used to answer this message.').check();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('form.wpcf7-form')).toHaveClass(/\binvalid\b/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
  await expectNoSeriousA11yViolations(page, '/contact at 390 px with errors');
  await screenshot(page, 'contact-errors-390');
});
