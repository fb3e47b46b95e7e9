import type { Page } from '@playwright/test';
import { BLOCK_TYPES } from '../../app/features/pages/blocks.schema.ts';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, fillSetupCode, screenshot, uniqueEmail, waitForHydration } from './helpers.ts';

// Its own shop: it creates the first administrator and sends a contact form.
test.use({ shopInstance: 'block-pages' });

const ADMIN = { name: 'Page Admin', email: 'page-admin@example.test', password: 'page-admin-password-1' };
const ANSWERS: Record<string, string> = { 'What is 2 + 3?': '5', 'What colour is the sky on a clear day?': 'blue' };

/** The first administrator (once per worker's shop), then logged in. */
async function asAdmin(page: Page) {
  await page.goto('/admin/setup');
  if (await page.getByLabel('Setup code').count()) {
    await waitForHydration(page);
    await fillSetupCode(page);
    await page.getByLabel('Name', { exact: true }).fill(ADMIN.name);
    await page.getByLabel('E-mail address').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Create administrator' }).click();
  } else {
    await page.goto('/account/login');
    await waitForHydration(page);
    await page.getByLabel('E-mail address').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
  }
  await expect(page).toHaveURL(/\/admin$|\/my-account$/);
}

test.describe.configure({ mode: 'serial' });

test('the demo home page shows every block type, server-rendered, and passes axe at 1280 and 390 px', async ({ page }) => {
  for (const [name, viewport] of [['1280', DESKTOP], ['390', MOBILE]] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    const types = await page.locator('[data-block]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-block')))].sort());
    expect(types).toEqual([...BLOCK_TYPES].sort());
    await expect(page.locator('.block-page')).toHaveAttribute('data-behaviours', /slider.*tabs.*accordion/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll at ${name}`).toBeLessThanOrEqual(viewport.width);
    // Nobody but page editors gets the edit tooltip, not even in the HTML.
    await expect(page.locator('.block-edit')).toHaveCount(0);
    await screenshot(page, `block-home-${name}`);
    await expectNoSeriousA11yViolations(page, `the demo home page at ${name} px`);
  }
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });
  test('a block page reads and works: tabs, accordion, lightbox by its link, back to top', async ({ page }) => {
    await page.goto('/');
    const tabs = page.locator('[data-block="tabs"]');
    for (const panel of ['Orders leave our workshop', 'Changed your mind?', 'T-shirt sizes']) await expect(tabs.getByText(panel)).toBeVisible();
    const faq = page.locator('[data-block="accordion"]');
    await expect(faq.getByText('Yes, to most of Europe')).toBeVisible();
    await faq.getByText('Can I change my order?').click();
    await expect(faq.getByText('Within an hour of ordering')).toBeVisible();
    // A lightbox is a CSS :target panel: its button opens it, × closes it.
    const care = page.getByRole('dialog', { name: 'Care guide' });
    await expect(care).toBeHidden();
    await page.getByRole('link', { name: 'Care guide' }).click();
    await expect(care).toBeVisible();
    await expect(care.getByText('Wash cotton at 30 °C')).toBeVisible();
    await care.getByRole('link', { name: 'Close' }).click();
    await expect(care).toBeHidden();
    await expect(page.getByText('12500')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to top' })).toHaveAttribute('href', '#top');
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What we make' }).getByRole('listitem').first()).toBeVisible();
  });
});

test('a contact form in a block page is sent and mailed', async ({ page, mailbox }) => {
  await page.goto('/');
  const form = page.locator('[data-block="contact-form"]');
  await expect(form.locator('.wpcf7.js')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const shown = Date.now();
  const sender = uniqueEmail('block-form');
  await form.getByLabel('Your name').fill('Ada Lovelace');
  await form.getByLabel('Your e-mail').fill(sender);
  await form.getByLabel('Subject').fill('From the home page');
  await form.getByLabel('What is it about?').selectOption({ label: 'A product' });
  await form.getByLabel('Your message').fill('Is the ceramic mug dishwasher safe? Thank you.');
  const question = (await form.locator('.wpcf7-quiz-label').textContent())!.trim();
  await form.getByLabel(question).fill(ANSWERS[question]!);
  await form.getByLabel('I agree that my details are used to answer this message.').check();
  const wait = 3_200 - (Date.now() - shown);
  if (wait > 0) await page.waitForTimeout(wait);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.locator('form.wpcf7-form')).toHaveClass(/\bsent\b/);
  await mailbox.waitForMail(sender, /From the home page/);
});

test('rich text cannot run script: script tags, handlers, javascript: links and SVG are gone', async ({ page }) => {
  await asAdmin(page);
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const html =
    '<p>Safe <strong>bold</strong></p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">' +
    '<a href="javascript:window.__pwned=3">click</a><svg onload="window.__pwned=4"><circle r="5"/></svg>' +
    '<p onmouseover="window.__pwned=5">hover</p><iframe src="javascript:window.__pwned=6"></iframe>';
  const created = await page.request.post('/api/admin/pages', {
    headers: { 'x-csrf-token': csrf },
    data: { slug: 'xss-check', title: 'XSS check', blocks: [{ id: 't', type: 'text', props: { html } }, { id: 'h', type: 'heading', props: { text: '<img src=x onerror="window.__pwned=7">' } }] },
  });
  expect(created.status()).toBe(201);
  const { page: saved } = await created.json();
  expect((await page.request.post(`/api/admin/pages/${saved.id}/publish`, { headers: { 'x-csrf-token': csrf }, data: { version: saved.version } })).status()).toBe(200);

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${new URL(page.url()).origin}/xss-check`);
  const body = visitor.locator('[data-block="text"]');
  await expect(body.locator('strong')).toHaveText('bold');
  await expect(body.locator('script, img, svg, iframe, [onmouseover], [onerror]')).toHaveCount(0);
  await expect(body.getByText('click')).toBeVisible();
  expect(await body.getByText('click').getAttribute('href')).toBeNull();
  await body.getByText('hover').hover();
  // The heading's markup is shown as text.
  await expect(visitor.getByRole('heading', { name: '<img src=x onerror="window.__pwned=7">' })).toBeVisible();
  expect(await visitor.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await visitor.close();
});

test('the backend editor works with the keyboard alone; editors see edit links on the page', async ({ page }) => {
  await asAdmin(page);
  await page.goto('/admin/pages');
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/admin/pages');

  // Create a page: Tab into the fields, type, Enter.
  await page.getByLabel('Title').focus();
  await page.keyboard.type('Summer sale');
  await page.keyboard.press('Tab');
  await page.keyboard.type('summer-sale');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Summer sale' })).toBeVisible();
  const pageId = /\/admin\/pages\/(\d+)/.exec(page.url())![1];

  // Add a section at the end of the page, then a heading and a text inside it.
  const addRoot = page.getByLabel('Add a block at the end of the page');
  await addRoot.focus();
  await addRoot.selectOption('section');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'section “section-1”' })).toBeVisible();
  for (const type of ['heading', 'text']) {
    const add = page.getByLabel('Add a block inside section “section-1”');
    await add.focus();
    await add.selectOption(type);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `${type} “${type}-1”` })).toBeVisible();
  }
  // Edit the heading's text: open its settings with the keyboard, change the field, save.
  const summary = page.getByText('Settings of heading “heading-1”');
  await summary.focus();
  await page.keyboard.press('Enter');
  const text = page.locator('#f-heading-1-text');
  await text.focus();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Everything half price');
  // "Saved." is still shown from the last add: the save is done when the page's version moves on
  // (every form carries the version it was made from; one sent before that would be refused).
  const version = async () => Number(/· v(\d+) ·/.exec((await page.locator('h1 + p').textContent()) ?? '')?.[1]);
  const before = await version();
  expect(before).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Save heading “heading-1”' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(version).toBe(before + 1);
  await expect(page.getByRole('status')).toHaveText('Saved.');
  // Move the text above the heading.
  await page.getByRole('button', { name: 'Move text “text-1” up' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Move text “text-1” up' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, `/admin/pages/${pageId}`);
  await screenshot(page, 'block-editor-1280');

  // Publish (Enter on the button), then the page is live.
  await page.getByRole('button', { name: 'Publish' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toHaveText('Published: visitors see this version now.');

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${new URL(page.url()).origin}/summer-sale`);
  await expect(visitor.getByRole('heading', { level: 2, name: 'Everything half price' })).toBeVisible();
  const order = await visitor.locator('[data-block]').evaluateAll((els) => els.map((e) => e.getAttribute('data-block-id')));
  expect(order).toEqual(['section-1', 'text-1', 'heading-1']);
  await expect(visitor.locator('.block-edit')).toHaveCount(0);
  await visitor.close();

  // The editor sees the two edit links on each block.
  await page.goto('/summer-sale');
  const edit = page.locator('[data-block-id="heading-1"] > .block-edit');
  // Hovering a block inside a section shows that block's tooltip alone, not the section's too.
  await page.locator('[data-block-id="heading-1"]').hover();
  const shown = () => page.locator('.block-edit').evaluateAll((els) => els.filter((el) => getComputedStyle(el).opacity === '1').map((el) => el.parentElement!.getAttribute('data-block-id')));
  await expect.poll(shown).toEqual(['heading-1']);
  await expect(edit).toHaveAttribute('data-link', `/admin/pages/${pageId}/builder?block=heading-1`);
  await expect(edit).toHaveAttribute('data-backend', `/admin/pages/${pageId}#block-heading-1`);
  await edit.getByRole('link', { name: /backend editor/ }).focus();
  await expect(edit.getByRole('link', { name: /backend editor/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/admin/pages/${pageId}#block-heading-1$`));
});

test('the backend editor shows the page as it is now when a change made elsewhere refuses its form', async ({ page }) => {
  await asAdmin(page);
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const heading = (text: string) => [{ id: 'top', type: 'heading', props: { text, level: 2 } }];
  const created = await page.request.post('/api/admin/pages', { headers: { 'x-csrf-token': csrf }, data: { slug: 'moved-on', title: 'Moved on', blocks: heading('As first written') } });
  const { page: made } = await created.json();
  await page.goto(`/admin/pages/${made.id}`);
  await waitForHydration(page);
  await expect(page.locator('h1 + p')).toContainText('v1');

  // Someone else saves meanwhile; this editor's form still carries version 1.
  expect((await page.request.put(`/api/admin/pages/${made.id}`, { headers: { 'x-csrf-token': csrf }, data: { version: 1, blocks: heading('Changed elsewhere') } })).status()).toBe(200);
  await page.getByRole('button', { name: 'Publish' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('changed by someone else');
  await expect(alert).toBeFocused();
  // The page as it is now, without a reload: its version and the other editor's text.
  await expect(page.locator('h1 + p')).toContainText('v2');
  await page.getByText('Settings of heading “top”').click();
  await expect(page.locator('#f-top-text')).toHaveValue('Changed elsewhere');
  // So the next try is made from the current version, and goes through.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status')).toHaveText('Published: visitors see this version now.');
});

test('the backend editor edits every setting as form fields: groups, lists reordered and added to, no JSON', async ({ page }) => {
  await asAdmin(page);
  await page.setViewportSize(DESKTOP);
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const blocks = [
    { id: 'sec', type: 'section', props: { bgColor: '#336699' } },
    { id: 'grid', type: 'product-grid', props: { source: 'newest' } },
    { id: 'hero', type: 'hero', props: { title: 'Hello', cta: { label: 'Shop', href: '/shop' } } },
    { id: 'ben', type: 'benefits', props: { items: [{ icon: 'truck', title: 'Fast' }, { icon: 'lock', title: 'Safe' }] } },
    { id: 'sl', type: 'slider', props: { label: 'News', autoplay: 4000 } },
  ];
  const { page: made } = await (await page.request.post('/api/admin/pages', { headers: { 'x-csrf-token': csrf }, data: { slug: 'form-fields', title: 'Form fields', blocks } })).json();
  await page.goto(`/admin/pages/${made.id}`);
  await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
  // Plain names, units, a colour picker, a category that applies only with its source, no JSON.
  await expect(page.locator('.page-props textarea')).toHaveCount(0);
  await expect(page.locator('.page-editor')).not.toContainText('JSON');
  await expect(page.locator('#f-sec-bgColor')).toHaveAttribute('type', 'color');
  await expect(page.getByLabel('Next slide every (0 for never) (seconds)')).toHaveValue('4');
  await expect(page.locator('#f-grid-category-hint')).toHaveText('Applies when “Products shown” is Products of a category.');
  await expectNoSeriousA11yViolations(page, `/admin/pages/${made.id} with groups and lists`);
  await screenshot(page, 'block-editor-fields-1280');

  // The hero's second button and picture left blank are left out; its main button kept.
  await page.getByRole('button', { name: 'Save hero “hero”' }).click();
  await expect(page.locator('h1 + p')).toContainText('v2');
  // A promise added in the blank item, the first moved last.
  await page.locator('#f-ben-items-2-icon').selectOption('chat');
  await page.locator('#f-ben-items-2-title').fill('Added here');
  await page.locator('#f-ben-items-0-at').fill('3');
  await page.getByRole('button', { name: 'Save benefits “ben”' }).click();
  await expect(page.locator('h1 + p')).toContainText('v3');
  await expect(page.getByRole('status')).toHaveText('Saved.');
  const saved = (await (await page.request.get(`/api/admin/pages/${made.id}`)).json()).page as { blocks: { id: string; props: Record<string, unknown> }[] };
  const props = (id: string) => saved.blocks.find((b) => b.id === id)!.props;
  expect(props('hero').cta).toEqual({ label: 'Shop', href: '/shop' });
  expect(props('hero').secondary).toBeUndefined();
  expect(props('hero').image).toBeUndefined();
  expect((props('ben').items as { title: string }[]).map((i) => i.title)).toEqual(['Safe', 'Fast', 'Added here']);
});
