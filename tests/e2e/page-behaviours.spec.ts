// Longer than 400 lines on purpose: one test per block behaviour, all on the demo home page and all using the in-page
// timing helpers above; kept together so they share them.
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { ANCHOR_SCROLL_DURATION_MS, LIGHTBOX_CLOSE_DELAY_MS, PAGE_BEHAVIOUR, SCROLL_TO_DURATION_MS, SLIDER, STICKY_SIDEBAR_MIN_WIDTH_PX, STICKY_SIDEBAR_SPACING_PX } from '../../app/config/constants.ts';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, screenshot, snapshot } from './helpers.ts';

/*
 * The client behaviours of block pages (features/pages/behaviours) on the demo home page,
 * which uses every block type. Read-only: the shared shop server is enough. Timings are
 * measured in the page (performance.now) and checked against the named constants.
 */

/** Slack for timers on a busy two-core machine: a 300 ms wait may take a little longer, never less. */
const SLACK_MS = 400;

/**
 * In-page expression: how far below the stuck header (or the window's top when the header does
 * not stick) the element `#id` starts. Scrolling to a section leaves it just clear of the header.
 */
const belowHeader = (id: string) =>
  `(document.getElementById('${id}').getBoundingClientRect().top - (document.querySelector('.site-header.is-stuck:not(.is-hidden)')?.offsetHeight ?? 0))`;

/** Opens a page and waits until every behaviour it names has started. */
async function open(page: Page, url = '/') {
  await page.goto(url);
  await expect(page.locator('.block-page')).toHaveAttribute('data-behaviours-ready', 'true');
  // The page starts React once idle after the load, and its islands load once idle after
  // that: the timings below are measured once that has settled, not while it runs.
  await page.waitForLoadState('networkidle');
}

/** Milliseconds until `check` holds in the page, measured there (polled each frame). */
async function msUntil(page: Page, check: string, start = 'performance.now()'): Promise<number> {
  return page.evaluate(
    ({ check, start }) =>
      new Promise<number>((resolve) => {
        const t0 = (0, eval)(start) as number;
        const test = new Function(`return (${check})`) as () => boolean;
        const tick = () => (test() ? resolve(performance.now() - t0) : requestAnimationFrame(tick));
        tick();
      }),
    { check, start },
  );
}

test('no behaviour is in the first JavaScript of the demo home page; each loads only where used', async ({ page, request }) => {
  const loaded: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && loaded.push(new URL(r.url()).pathname));
  const html = await (await request.get('/')).text();
  // What the HTML asks for before any behaviour: module preloads and the entry's imports.
  const initial = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), ...html.matchAll(/import\(?\s*"([^"]+\.js)"/g)].map((m) => m[1]!));
  expect(initial.size).toBeGreaterThan(0);
  let gzip = 0;
  for (const src of initial) gzip += gzipSync(await (await request.get(src)).body()).length;
  // Reported, not enforced here: the shell and route chunks are not the behaviours' to shrink.
  test.info().annotations.push({ type: 'initial JS (gzip)', description: `${(gzip / 1024).toFixed(1)} KB in ${initial.size} files` });
  console.log(`initial JS of / (gzip): ${(gzip / 1024).toFixed(1)} KB in ${initial.size} files`);
  const behaviourChunk = /\/(slider|tabs|accordion|lightbox|count-up|animate|scroll-to|scroll|sticky-sidebar|lazy-bg|parallax|video|tooltip)-[\w-]{8}\.js$/;
  expect([...initial].filter((s) => behaviourChunk.test(s)), 'no behaviour is in the first JavaScript').toEqual([]);
  // Nor the builder, the editors, the back office, the chat or zod: a visitor never runs them here.
  const staffChunk = /\/(admin[\w.-]*|builder|prop-fields|rich-text-[\w.-]+|sortable[\w.-]*|dashboard-chart[\w.-]*|t-admin|chat-[\w-]+|schemas)-[\w-]{8}\.js$/;
  expect([...initial].filter((s) => staffChunk.test(s)), 'no staff, chat or schema code in the first JavaScript').toEqual([]);

  await open(page, '/');
  const names = loaded.map((p) => behaviourChunk.exec(p)?.[1]).filter(Boolean);
  for (const name of ['slider', 'tabs', 'accordion', 'lightbox', 'count-up', 'animate', 'scroll-to', 'sticky-sidebar']) expect(names, name).toContain(name);

  // The about page uses no behaviour: none of their code loads there.
  loaded.length = 0;
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About us' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded.filter((p) => behaviourChunk.test(p))).toEqual([]);
});

test('slider: autoplay every 3000 ms, paused on hover and focus, stop button, previous/next, dots, arrow keys', async ({ page }) => {
  await open(page);
  const slider = page.getByRole('region', { name: 'Lookbook' });
  await slider.scrollIntoViewIfNeeded();
  await expect(slider).toHaveAttribute('data-autoplay', 'playing');
  await expect(slider.locator('.block-slider__track')).toHaveAttribute('aria-live', 'off');
  // Two autoplay moves in a row, timed in the page.
  const gap = await slider.evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        const times: number[] = [];
        new MutationObserver(() => {
          times.push(performance.now());
          if (times.length === 2) resolve(times[1]! - times[0]!);
        }).observe(el, { attributeFilter: ['data-selected'] });
      }),
  );
  expect(gap).toBeGreaterThan(SLIDER.autoplayMs - 100);
  expect(gap).toBeLessThan(SLIDER.autoplayMs + SLACK_MS);

  // The pointer inside pauses it; so does focus.
  await slider.hover();
  await expect(slider).toHaveAttribute('data-autoplay', 'paused');
  await page.mouse.move(0, 0);
  await expect(slider).toHaveAttribute('data-autoplay', 'playing');

  // Keyboard: on the slides, arrows move one slide; focus pauses.
  const track = slider.locator('.block-slider__track');
  await track.focus();
  await expect(slider).toHaveAttribute('data-autoplay', 'paused');
  const at = Number(await slider.getAttribute('data-selected'));
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('data-selected', String(at + 1));
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('data-selected', String(at));

  // Buttons and dots (real buttons with names), the current dot marked.
  await slider.getByRole('button', { name: 'Go to slide 3' }).click();
  await expect(slider).toHaveAttribute('data-selected', '2');
  await expect(slider.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute('aria-current', 'true');
  await slider.getByRole('button', { name: 'Previous slide' }).click();
  await expect(slider).toHaveAttribute('data-selected', '1');
  await slider.getByRole('button', { name: 'Next slide' }).click();
  await expect(slider).toHaveAttribute('data-selected', '2');
  // The visitor can stop it; then the slides are announced.
  await slider.getByRole('button', { name: 'Stop the slides' }).click();
  await expect(slider).toHaveAttribute('data-autoplay', 'stopped');
  await expect(track).toHaveAttribute('aria-live', 'polite');
  await expectNoSeriousA11yViolations(page, 'the enhanced slider');

  // Dragging is on, with the spec's threshold (the carousel's option).
  expect(JSON.parse((await slider.getAttribute('data-flickity-options'))!)).toMatchObject({ dragThreshold: SLIDER.dragThresholdPx, draggable: true });
});

test('tabs: one active, opened from the URL hash, arrow keys, Home and End', async ({ page }) => {
  await open(page, '/#tab-returns');
  const tabs = page.getByRole('tablist', { name: 'Good to know' });
  const returns = tabs.getByRole('tab', { name: 'Returns' });
  await expect(returns).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Returns' })).toBeVisible();
  await expect(page.getByText('Orders leave our workshop')).toBeHidden();
  await expect(tabs.getByRole('tab', { selected: true })).toHaveCount(1);
  await expect(page.locator('.block-tabs__panel:visible')).toHaveCount(1);

  await returns.focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Sizes' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Sizes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Sizes' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Delivery' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(tabs.getByRole('tab', { name: 'Sizes' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tabs.getByRole('tab', { name: 'Delivery' })).toHaveAttribute('aria-selected', 'true');
  // Only the active tab is in the Tab order; Tab goes on to its panel.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Delivery' })).toBeFocused();

  await tabs.getByRole('tab', { name: 'Returns' }).click();
  await expect(page).toHaveURL(/#tab-returns$/);
  await expect(page.getByRole('tabpanel', { name: 'Returns' })).toBeVisible();
  await expect(page.locator('.block-tabs__panel:visible')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, 'tabs');
});

test('accordion: the rel item open at start, one open at a time, a 200 ms slide, aria-expanded, keyboard', async ({ page }) => {
  await open(page);
  const faq = page.locator('[data-block="accordion"]');
  const first = faq.getByText('Do you ship abroad?');
  const second = faq.getByText('Can I change my order?');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  // Record the slides the accordion starts (Web Animations), then open the second item.
  await page.evaluate(() => {
    const w = window as unknown as { slides: number[] };
    w.slides = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (frames, options) {
      w.slides.push(typeof options === 'number' ? options : Number(options?.duration));
      return animate.call(this, frames, options);
    };
  });
  await second.click();
  // Both slide over the constant's time: the opening and the closing one.
  expect(await page.evaluate(() => (window as unknown as { slides: number[] }).slides)).toEqual([PAGE_BEHAVIOUR.accordionSlideMs, PAGE_BEHAVIOUR.accordionSlideMs]);
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(faq.getByText('Within an hour of ordering')).toBeVisible();
  await expect(faq.getByText('Yes, to most of Europe')).toBeHidden();
  await expect(faq.locator('details[open]')).toHaveCount(1);

  await faq.getByText('Do you offer gift wrapping?').focus();
  await page.keyboard.press('Enter');
  await expect(faq.getByText('Every order ships in plastic-free paper')).toBeVisible();
  await expect(faq.locator('details[open]')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(faq.locator('details[open]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'accordion');
});

test('lightbox: opened by its link, focus kept inside, Escape and × close after 300 ms, focus returns; off-canvas sets page classes', async ({ page }) => {
  await open(page);
  const opener = page.getByRole('link', { name: 'Care guide' });
  await opener.click();
  const care = page.getByRole('dialog', { name: 'Care guide' });
  await expect(care).toBeVisible();
  await expect(care).toHaveAttribute('aria-modal', 'true');
  await expect(page.locator('html')).toHaveClass(/off-canvas-open/);
  await expect(page.locator('html')).toHaveClass(/off-canvas-right/);
  await expect(care.getByRole('link', { name: 'Close' })).toBeFocused();
  // Tab stays inside (the panel's only control is its close button).
  await page.keyboard.press('Tab');
  await expect(care.getByRole('link', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(care.getByRole('link', { name: 'Close' })).toBeFocused();

  // Escape: closing at once (still shown while it fades), removed after the delay.
  await expect(care).toHaveClass(/is-open/);
  const t0 = Date.now();
  await page.keyboard.press('Escape');
  await expect(page.locator('#care-guide')).toBeHidden();
  expect(Date.now() - t0).toBeGreaterThanOrEqual(LIGHTBOX_CLOSE_DELAY_MS);
  await expect(opener).toBeFocused();
  await expect(page.locator('html')).not.toHaveClass(/off-canvas-open/);

  // The × closes too; so does the address naming a lightbox on load.
  await opener.press('Enter');
  await expect(care).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the open off-canvas lightbox');
  await care.getByRole('link', { name: 'Close' }).click();
  await expect(care).toBeHidden();
  await open(page, '/#care-guide');
  await expect(care).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(care).toBeHidden();
  expect(new URL(page.url()).hash).toBe('');
});

test('lightbox gallery: pictures made on opening, current and next only; a broken picture says so as a link to it', async ({ page }) => {
  await open(page);
  const gallery = page.getByRole('dialog', { name: 'Lookbook gallery' });
  await expect(page.locator('#gallery img')).toHaveCount(0);
  const third = await page.locator('#gallery a[data-index="2"]').getAttribute('data-src');
  await page.route(`**${third}`, (route) => route.abort());
  await page.getByRole('link', { name: 'Open the gallery' }).click();
  await expect(gallery).toBeVisible();
  // Preload [0,1]: the first and second pictures exist, the third not yet.
  await expect(gallery.locator('img')).toHaveCount(2);
  await expect(gallery.locator('img').first()).toBeVisible();
  // Above everything on the page (the stuck header, sticky columns, the sections' own stacking):
  // at the centre of its title, close link and buttons, the topmost thing is the gallery's.
  const topmost = (selector: string) =>
    gallery.locator(selector).first().evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + Math.min(r.height / 2, 8));
      return hit === el || el.contains(hit);
    });
  for (const selector of ['.block-lightbox__title', '.block-lightbox__close', '.block-lightbox__nav button']) expect(await topmost(selector), selector).toBe(true);
  await expectNoSeriousA11yViolations(page, 'the open gallery');
  await gallery.getByRole('button', { name: 'Next picture' }).click();
  await expect(gallery.locator('figure[data-index="2"]')).toHaveCount(1);
  await gallery.getByRole('button', { name: 'Next picture' }).click();
  const broken = gallery.getByRole('link', { name: 'The image #3 could not be loaded.' });
  await expect(broken).toBeVisible();
  expect(await broken.getAttribute('href')).toBe(await gallery.locator('a[data-index="2"]').getAttribute('href'));
  await page.keyboard.press('Escape');
  await expect(gallery).toBeHidden();
});

test('lightbox video, inline content and their error messages', async ({ page }) => {
  // The player's site is not reachable from tests: answer it here, a little late, to see the spinner.
  await page.route(/youtube(-nocookie)?\.com\/embed/, async (route) => {
    await new Promise((r) => setTimeout(r, 500));
    await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title><p>Player</p>' });
  });
  await open(page);
  const spinner = page.locator('#dye-video').evaluate(
    (box) =>
      new Promise<string>((resolve) => {
        new MutationObserver(() => {
          const s = box.querySelector('.block-lightbox__spinner');
          if (s) resolve(s.textContent ?? '');
        }).observe(box, { childList: true, subtree: true });
      }),
  );
  await page.getByRole('link', { name: 'Watch how we dye' }).click();
  const video = page.getByRole('dialog', { name: 'How we dye our cotton' });
  expect(await spinner).toBe('Loading…');
  await expect(video.locator('iframe')).toBeVisible();
  await expect(video.getByRole('status')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(video).toBeHidden();
  // Removed on closing: nothing keeps playing.
  await expect(page.locator('#dye-video iframe')).toHaveCount(0);

  // An own video file that is gone: the content could not be loaded.
  await page.locator('#dye-video a[data-video-src]').evaluate((a) => {
    a.setAttribute('data-provider', 'self');
    a.setAttribute('data-video-src', '/media/missing-video.mp4');
  });
  await page.getByRole('link', { name: 'Watch how we dye' }).click();
  await expect(video.getByRole('alert')).toHaveText('The content could not be loaded.');
  await page.keyboard.press('Escape');
  await expect(video).toBeHidden();

  // Inline: a copy of the size table from the tabs.
  const sizes = page.getByRole('dialog', { name: 'Size chart' });
  await page.getByRole('link', { name: 'Size chart' }).click();
  await expect(sizes.getByRole('table', { name: 'T-shirt sizes (chest, cm)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the inline lightbox');
  await page.keyboard.press('Escape');
  await expect(sizes).toBeHidden();
  // The block it shows is gone: Content not found.
  await page.locator('#block-sizes-table').evaluate((el) => el.remove());
  await page.getByRole('link', { name: 'Size chart' }).click();
  await expect(sizes.getByRole('alert')).toHaveText('Content not found');
});

test('an image with a lightbox opens its large picture', async ({ page }) => {
  await open(page);
  const link = page.locator('a[data-lightbox="image"]').first();
  await link.click();
  const dialog = page.locator('.block-lightbox.is-generated');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('img')).toHaveJSProperty('complete', true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(link).toBeFocused();
});

test('count-up runs once from 0 in 4 steps when reached, then is active', async ({ page }) => {
  await open(page);
  const number = page.locator('.count-up[data-value="12500"]');
  await expect(number).toHaveText('12500');
  const seen = number.evaluate(
    (el) =>
      new Promise<string[]>((resolve) => {
        const values: string[] = [];
        new MutationObserver(() => {
          values.push(el.textContent ?? '');
          if (el.classList.contains('is-active')) resolve(values);
        }).observe(el, { childList: true, characterData: true, subtree: true, attributes: true, attributeFilter: ['class'] });
      }),
  );
  await number.scrollIntoViewIfNeeded();
  const values = [...new Set(await seen)];
  expect(values).toEqual(['0', '3125', '6250', '9375', '12500']);
  expect(values.length - 1).toBe(PAGE_BEHAVIOUR.countUpSteps);
  await expect(number).toHaveClass(/is-active/);
  // Once: leaving and coming back does not run it again.
  await page.evaluate(() => window.scrollTo(0, 0));
  await number.scrollIntoViewIfNeeded();
  await expect(number).toHaveText('12500');
});

test('scroll animations flip to animated 300 ms after entering view; lazy backgrounds load when 10 % shows; parallax on wide screens', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await open(page);
  const animated = page.locator('[data-block="animate"]');
  await expect(animated).toHaveClass(/is-waiting/);
  await expect(animated).not.toHaveClass(/is-animated/);
  const delay = animated.evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        let seen = 0;
        new IntersectionObserver(([e]) => e!.isIntersecting && !seen && (seen = performance.now()), { rootMargin: '0px 0px 1% 0px' }).observe(el);
        new MutationObserver(() => el.classList.contains('is-animated') && resolve(performance.now() - seen)).observe(el, { attributeFilter: ['class'] });
      }),
  );
  await animated.scrollIntoViewIfNeeded();
  const ms = await delay;
  expect(ms).toBeGreaterThanOrEqual(PAGE_BEHAVIOUR.animateDelayMs - 20);
  expect(ms).toBeLessThan(PAGE_BEHAVIOUR.animateDelayMs + SLACK_MS);

  // The dark "in numbers" section: its picture only once a tenth of it shows.
  const numbers = page.locator('[data-block-id="numbers"]');
  expect(await numbers.evaluate((el) => el.style.backgroundImage)).toBe('');
  const bg = await numbers.getAttribute('data-bg');
  const height = (await numbers.boundingBox())!.height;
  const top = await numbers.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  // 5 % in view: not yet; 15 %: loaded.
  await page.evaluate((y) => window.scrollTo(0, y), top - 500 + height * 0.05);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await numbers.evaluate((el) => el.style.backgroundImage)).toBe('');
  expect(PAGE_BEHAVIOUR.lazyBgThreshold).toBe(0.1);
  await page.evaluate((y) => window.scrollTo(0, y), top - 500 + height * 0.15);
  await expect(numbers).toHaveClass(/is-bg-loaded/);
  expect(await numbers.evaluate((el) => el.style.backgroundImage)).toContain(bg!);
  await expect(numbers).toHaveClass(/is-parallax/);

  // Phones: no parallax unless the section allows it.
  await page.setViewportSize(MOBILE);
  await page.evaluate(() => window.scrollBy(0, 10));
  await expect(numbers).not.toHaveClass(/is-parallax/);
});

test('scroll-to bullets: current section highlighted, 500 ms smooth scroll, hash on load', async ({ page }) => {
  await open(page);
  const bullets = page.getByRole('navigation', { name: 'Sections of this page' });
  await expect(bullets.getByRole('link')).toHaveText(['Our story', 'In numbers', 'Lookbook', 'Help', 'Visit us', 'Write to us']);
  await expect(bullets.getByRole('link', { name: 'Our story' })).toHaveAttribute('aria-current', 'location');

  const t0 = await page.evaluate(() => performance.now());
  await bullets.getByRole('link', { name: 'Lookbook' }).click();
  const ms = await msUntil(page, `Math.abs(${belowHeader('lookbook')}) < 2`, String(t0));
  expect(ms).toBeGreaterThanOrEqual(ANCHOR_SCROLL_DURATION_MS - 50);
  expect(ms).toBeLessThan(ANCHOR_SCROLL_DURATION_MS + SLACK_MS * 2);
  await expect(page).toHaveURL(/#lookbook$/);
  expect(Math.abs(await page.evaluate(belowHeader('lookbook')))).toBeLessThan(2);
  await expect(page.locator('.site-header')).toHaveClass(/is-stuck/);
  await expect(bullets.getByRole('link', { name: 'Lookbook' })).toHaveAttribute('aria-current', 'location');
  await expect(bullets.locator('[aria-current]')).toHaveCount(1);
  // Scrolling by hand moves the highlight.
  await page.locator('#in-numbers').evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY));
  await expect(bullets.getByRole('link', { name: 'In numbers' })).toHaveAttribute('aria-current', 'location');
  await expectNoSeriousA11yViolations(page, 'bullet navigation');
  // The dots stand in one column whatever their titles' lengths.
  const dots = await bullets.locator('.scroll-bullets__dot').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().right)));
  expect(new Set(dots).size).toBe(1);
  // Two anchors at the top of one section: the one clicked is the one highlighted.
  await bullets.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/#help$/);
  await expect(bullets.getByRole('link', { name: 'Help' })).toHaveAttribute('aria-current', 'location');
  await bullets.getByRole('link', { name: 'Visit us' }).click();
  await expect(page).toHaveURL(/#visit-us$/);
  await expect(bullets.getByRole('link', { name: 'Visit us' })).toHaveAttribute('aria-current', 'location');

  // On load, the section in the address.
  await open(page, '/#help');
  // There (the anchor's own scroll margin may stay above it).
  await expect.poll(async () => Math.abs(Math.round(await page.evaluate<number>(belowHeader('help')))) <= 40).toBe(true);
  // Help itself, not the sidebar's "Visit us" at the top of the same section.
  await expect(bullets.locator('[aria-current="location"]')).toHaveText('Help');
});

test('sticky sidebar: sticks 15 px from the top from 850 px wide, not at 849', async ({ page }) => {
  expect(STICKY_SIDEBAR_MIN_WIDTH_PX).toBe(850);
  const column = page.locator('[data-block-id="help-side"]');
  const inner = column.locator('.block-col__inner');
  await page.setViewportSize({ width: STICKY_SIDEBAR_MIN_WIDTH_PX, height: 700 });
  await open(page);
  await expect(column).toHaveClass(/is-sticky/);
  // Scroll past the column's start: it stays at the spacing from the top while its row lasts.
  const rowTop = await page.locator('[data-block-id="help-row"]').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  await page.evaluate((y) => window.scrollTo(0, y + 200), rowTop);
  // Below the stuck header, by the spacing.
  await expect(page.locator('.site-header')).toHaveClass(/is-stuck/);
  const header = await page.locator('.site-header').evaluate((el) => (el as HTMLElement).offsetHeight);
  expect(header).toBeGreaterThan(0);
  await expect.poll(() => inner.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(STICKY_SIDEBAR_SPACING_PX + header);

  await page.setViewportSize({ width: STICKY_SIDEBAR_MIN_WIDTH_PX - 1, height: 700 });
  await expect(column).not.toHaveClass(/is-sticky/);
  await expect(inner).toHaveCSS('position', 'static');
  const top = await inner.evaluate((el) => el.getBoundingClientRect().top);
  await page.evaluate(() => window.scrollBy(0, 100));
  expect(await inner.evaluate((el) => el.getBoundingClientRect().top)).toBeCloseTo(top - 100, 0);
});

test('back to top shows once scrolled and takes 300 ms; scroll-for-more goes to its target in 300 ms', async ({ page }) => {
  await open(page);
  const top = page.getByRole('link', { name: 'Back to top' });
  await expect(top).toBeHidden();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(top).toBeVisible();
  // Timed from the click itself (Playwright's checks before it are not the page's time).
  await page.evaluate(() => document.addEventListener('click', () => ((window as unknown as { clickedAt: number }).clickedAt = performance.now()), true));
  await top.click();
  const ms = await msUntil(page, 'window.scrollY === 0', 'window.clickedAt');
  expect(ms).toBeGreaterThanOrEqual(SCROLL_TO_DURATION_MS - 50);
  expect(ms).toBeLessThan(SCROLL_TO_DURATION_MS + SLACK_MS);
  await expect(top).toBeHidden();

  const more = page.getByRole('link', { name: 'Scroll for more' });
  await more.click();
  const ms2 = await msUntil(page, `Math.abs(${belowHeader('in-numbers')}) < 2`, 'window.clickedAt');
  expect(ms2).toBeGreaterThanOrEqual(SCROLL_TO_DURATION_MS - 50);
  expect(ms2).toBeLessThan(SCROLL_TO_DURATION_MS + SLACK_MS);
  await expect(page).toHaveURL(/#in-numbers$/);
});

test('tooltip shows after its 200 ms delay on hover and focus; Escape hides it', async ({ page }) => {
  await open(page);
  const trigger = page.locator('[data-block="tooltip"]');
  const tip = page.getByRole('tooltip');
  await trigger.scrollIntoViewIfNeeded();
  const t0 = await page.evaluate(() => performance.now());
  await trigger.hover();
  const ms = await msUntil(page, `document.querySelector('[data-block="tooltip"]').classList.contains('is-open')`, String(t0));
  expect(ms).toBeGreaterThanOrEqual(PAGE_BEHAVIOUR.tooltipDelayMs - 20);
  await expect(tip).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(tip).toBeHidden();
  await trigger.focus();
  await expect(tip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });
  test('nothing moves by itself: no autoplay, animations and counts shown at once, instant scrolling', async ({ page }) => {
    await open(page);
    const slider = page.getByRole('region', { name: 'Lookbook' });
    await expect(slider).toHaveAttribute('data-autoplay', 'stopped');
    await expect(slider.locator('.block-slider__track')).toHaveAttribute('aria-live', 'polite');
    await expect(slider.getByRole('button', { name: 'Play the slides' })).toBeVisible();
    await expect(page.locator('[data-block="animate"]')).toHaveClass(/is-animated/);
    await expect(page.locator('[data-block="animate"]')).not.toHaveClass(/is-waiting/);
    await page.locator('.count-up[data-value="38"]').scrollIntoViewIfNeeded();
    await expect(page.locator('.count-up[data-value="38"]')).toHaveClass(/is-active/);
    await expect(page.locator('.count-up[data-value="38"]')).toHaveText('38');
    await page.getByRole('link', { name: 'Scroll for more' }).click();
    // At once: already there by the next frame.
    expect(Math.abs(await page.evaluate<number>(belowHeader('in-numbers')))).toBeLessThan(2);
  });
});

test('screenshots of the enhanced demo page at 1280 and 390 px', async ({ page }) => {
  for (const [name, viewport] of [['1280', DESKTOP], ['390', MOBILE]] as const) {
    await page.setViewportSize(viewport);
    await open(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `no sideways scroll at ${name}`).toBeLessThanOrEqual(viewport.width);
    await screenshot(page, `behaviours-home-${name}`);
    await page.getByRole('link', { name: 'Open the gallery' }).click();
    await expect(page.getByRole('dialog', { name: 'Lookbook gallery' }).locator('img').first()).toBeVisible();
    await snapshot(page, `test-results/screens/behaviours-gallery-${name}.png`);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Care guide' }).click();
    await expect(page.getByRole('dialog', { name: 'Care guide' })).toBeVisible();
    await snapshot(page, `test-results/screens/behaviours-offcanvas-${name}.png`);
    await page.keyboard.press('Escape');
  }
});
