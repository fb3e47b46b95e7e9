import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures.ts';
import { MOBILE, expectNoSeriousA11yViolations, fillSetupCode, screenshot, uniqueEmail, waitForHydration } from './helpers.ts';

// Its own shop: it creates the first administrator and sends submissions.
test.use({ shopInstance: 'admin-forms' });

const XSS = '<img src=x onerror="window.__pwned=1">';

test('staff edit forms with a live preview and parse errors by line, and read a hostile submission as text', async ({ page, browser, baseURL }) => {
  // A visitor's submission full of markup, through the wire endpoint as Contact Form 7's script sends it.
  const visitor = await browser.newContext({ baseURL });
  const v = await visitor.newPage();
  await v.goto('/contact');
  const refill = await (await v.request.get('/wp-json/contact-form-7/v1/contact-forms/1/refill')).json();
  const [question, hash] = refill.quiz['your-quiz'] as [string, string];
  const answer = question.includes('2 + 3') ? '5' : 'blue';
  await new Promise((r) => setTimeout(r, 3_200));
  const sent = await v.request.post('/wp-json/contact-form-7/v1/contact-forms/1/feedback', {
    multipart: {
      _wpcf7: '1',
      _wpcf7_version: '6.0.6',
      _wpcf7_locale: 'en_US',
      _wpcf7_unit_tag: 'wpcf7-f1-o1',
      _wpcf7_container_post: '0',
      _wpcf7_vt_started: refill.started,
      'your-name': XSS,
      'your-email': uniqueEmail('xss'),
      'your-subject': '=HYPERLINK("http://evil.example","click")',
      'your-topic': 'A product',
      'your-message': `Hello ${XSS} <script>window.__pwned=2</script> there`,
      'your-quiz': answer,
      '_wpcf7_quiz_answer_your-quiz': hash,
      'your-consent': '1',
    },
  });
  expect(sent.status()).toBe(200);
  expect((await sent.json()).status).toBe('mail_sent');
  await visitor.close();

  await page.goto('/admin/setup');
  await waitForHydration(page);
  await fillSetupCode(page);
  await page.getByLabel('Name', { exact: true }).fill('Form Admin');
  await page.getByLabel('E-mail address').fill('form-admin@example.test');
  await page.getByLabel('Password', { exact: true }).fill('form-admin-password-1');
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // The list: the demo form with its submission.
  await page.getByRole('link', { name: 'Contact forms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact forms' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Contact us' });
  await expect(row).toContainText('[contact-form-7 id="1"]');
  await expect(row).toContainText('1 (1 unread)');
  await expectNoSeriousA11yViolations(page, '/admin/forms');

  // The inbox: the hostile values are text; nothing ran.
  await row.getByRole('link', { name: 'Inbox' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Submissions to “Contact us”');
  await expect(page.getByRole('row').nth(1)).toContainText('Mail sent');
  await page.getByRole('searchbox', { name: 'Search submissions' }).fill('ceramic');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No submissions.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search submissions' }).fill('hello');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('1 submission')).toBeVisible();
  await screenshot(page, 'admin-forms-inbox-1280');

  // CSV export: a download, formula cells neutralised.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export as CSV' }).click()]);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
  expect(download.suggestedFilename()).toBe('form-1-submissions.csv');

  await page.getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Submission \d+/);
  await expect(page.locator('dd').getByText(XSS, { exact: true })).toHaveCount(1);
  await expect(page.locator('dd').filter({ hasText: '<script>window.__pwned=2</script>' })).toHaveCount(1);
  await expect(page.locator('main img, .admin-main img')).toHaveCount(0);
  await expect(page.locator('.admin-main script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expectNoSeriousA11yViolations(page, 'a submission');
  await screenshot(page, 'admin-forms-submission-1280');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-forms-submission-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Resend works against the test SMTP server; mark unread goes back to the inbox.
  await page.getByRole('button', { name: 'Send the mail again' }).click();
  await expect(page.getByRole('status')).toHaveText('The mail was sent again.');
  await page.getByRole('button', { name: 'Mark as unread' }).click();
  await expect(page).toHaveURL(/\/admin\/forms\/1\/submissions$/);
  await expect(page.locator('.forms-inbox__badge')).toHaveCount(1);

  // A new form: the template's error is listed at its line, the preview follows the typing.
  await page.goto('/admin/forms/new');
  await waitForHydration(page);
  await page.getByLabel('Title', { exact: true }).fill('Call back');
  const source = page.getByLabel('Form template (form-tags)');
  await source.fill('<p><label for="cb-name">Name</label>\n[text* cb-name id:cb-name]</p>\n<p>[tel* ]</p>\n<p>[submit "Call me"]</p>');
  const problems = page.locator('.form-editor__issues');
  await expect(problems).toContainText('Line 3, column');
  await expect(problems).toContainText('[tel] needs a field name');
  const preview = page.locator('.form-editor__preview');
  await expect(preview.getByRole('textbox', { name: 'Name' })).toBeVisible();
  await expect(preview.locator('input[type="submit"]')).toHaveValue('Call me');
  // The line link selects the line in the template.
  await problems.getByRole('button', { name: /Line 3/ }).click();
  expect(await source.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd))).toBe('<p>[tel* ]</p>');
  await screenshot(page, 'admin-form-editor-1280');
  await source.fill('<p><label for="cb-name">Name</label>\n[text* cb-name id:cb-name]</p>\n<p><label for="cb-phone">Phone</label>\n[tel* cb-phone id:cb-phone]</p>\n<p>[submit "Call me"]</p>');
  await expect(page.getByText('No problems found.')).toBeVisible();
  await expect(preview.getByRole('textbox', { name: 'Phone' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/admin/forms/new');
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page).toHaveURL(/\/admin\/forms\/2\?saved=1$/);
  await expect(page.locator('.notice[role="status"]')).toHaveText('The form was saved.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit “Call back”');

  // Saved with an error in it (as Contact Form 7 allows): the problem is shown again after saving.
  await source.fill('[text* cb-name]\n[tel* ]\n[submit]');
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.locator('.notice[role="status"]')).toHaveText('The form was saved.');
  await expect(page.locator('.form-editor__issues')).toContainText('Line 2');
  await page.setViewportSize(MOBILE);
  await screenshot(page, 'admin-form-editor-390');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);

  // Duplicate and delete.
  await page.goto('/admin/forms');
  await page.getByRole('row').filter({ hasText: 'Call back' }).getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('status')).toHaveText('The form was duplicated as “Call back (copy)”.');
  page.once('dialog', (d) => void d.accept());
  await page.getByRole('button', { name: 'Delete “Call back (copy)” and its submissions' }).click();
  await expect(page.getByRole('status')).toHaveText('The form “Call back (copy)” was deleted.');
  await expect(page.getByRole('row').filter({ hasText: 'Call back (copy)' })).toHaveCount(0);

  // Free-text options and an inverted acceptance on the shop's page (the demo form rewritten here).
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/forms/1');
  await waitForHydration(page);
  await page
    .getByLabel('Form template (form-tags)')
    .fill('<p>How should we answer?</p>\n[radio how use_label_element free_text "By mail" "Other way"]\n[acceptance no-news invert] Do not send me news [/acceptance]\n[acceptance extras optional] Extras [/acceptance]\n[submit "Send"]');
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.locator('.notice[role="status"]')).toHaveText('The form was saved.');
  await page.goto('/contact');
  await expect(page.locator('.wpcf7.js')).toBeVisible();
  const free = page.getByRole('textbox', { name: 'Other way' });
  await expect(free).toBeDisabled();
  await page.getByRole('radio', { name: 'Other way' }).check();
  await expect(free).toBeEnabled();
  await free.fill('By pigeon');
  await page.getByRole('radio', { name: 'By mail' }).check();
  await expect(free).toBeDisabled();
  // An inverted box blocks sending while checked; an optional one never does.
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeEnabled();
  await page.getByLabel('Do not send me news').check();
  await expect(send).toBeDisabled();
  await page.getByLabel('Do not send me news').uncheck();
  await page.getByLabel('Extras').check();
  await page.getByLabel('Extras').uncheck();
  await expect(send).toBeEnabled();
});
