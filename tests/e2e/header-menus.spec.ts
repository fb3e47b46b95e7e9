// Longer than 400 lines on purpose: every header behaviour on one shop server of its own, sharing the in-page timing
// helpers above; each test is one behaviour, kept whole so its steps read in order.
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { DESKTOP, MOBILE, expectNoSeriousA11yViolations, fillSetupCode, snapshot, waitForHydration } from './helpers.ts';
import {
  HIDE_ON_SCROLL_SAMPLE_MS,
  HIDE_ON_SCROLL_TOLERANCE_PX,
  MENU_HOVER_INTENT,
  MENU_ID_REOPEN_MS,
  MOBILE_MENU_CLEAR_MS,
  PAGE_LOADER_REMOVE_MS,
  PREFETCH_HOVER_DELAY_MS,
  STICKY_HEADER_OFFSET_PX,
  SUBMENU_CLOSE_DELAY_MS,
} from '../../app/config/constants.ts';

// Its own shop: the later tests create the administrator and change the theme settings.
test.use({ shopInstance: 'header-menus' });

/** Resolves once the shell's script (shell/client) has taken over the header. */
const shellReady = (page: Page) => page.waitForFunction(() => document.documentElement.classList.contains('js-header'));

/**
 * Records, in the page, when an element first matches a selector (performance.now()), so a
 * test can compare the time between its own action and the page's reaction with a constant.
 */
async function watch(page: Page, name: string, selector: string) {
  await page.evaluate(
    ([name, selector]) => {
      const w = window as unknown as { seen: Record<string, number> };
      w.seen ??= {};
      delete w.seen[name];
      const check = () => {
        if (w.seen[name] === undefined && document.querySelector(selector)) w.seen[name] = performance.now();
      };
      new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
    },
    [name, selector] as const,
  );
}
/** Resolves once the page's scroll position has held still for 10 animation frames. */
async function scrollAtRest(page: Page) {
  const still = () =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const y = window.scrollY;
          let frames = 0;
          const tick = () => {
            if (window.scrollY !== y) resolve(false);
            else if (++frames >= 10) resolve(true);
            else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
    );
  await expect.poll(still).toBe(true);
}
const now = (page: Page) => page.evaluate(() => performance.now());
const seenAt = (page: Page, name: string) =>
  page.waitForFunction((n) => (window as unknown as { seen?: Record<string, number> }).seen?.[n], name).then((h) => h.jsonValue() as Promise<number>);

test('the header sticks once scrolled past its height + 100 px and is released above it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/shop');
  await shellReady(page);
  const header = page.locator('header.site-header');
  const height = await header.evaluate((el) => (el as HTMLElement).offsetHeight);
  const scrollTo = (y: number) => page.evaluate((y) => window.scrollTo(0, y), y);
  await scrollTo(height + STICKY_HEADER_OFFSET_PX);
  await page.waitForTimeout(100);
  await expect(header).not.toHaveClass(/is-stuck/);
  await scrollTo(height + STICKY_HEADER_OFFSET_PX + 1);
  await expect(header).toHaveClass(/is-stuck/);
  // Fixed at the top of the viewport, the page below it kept in place.
  // (It drops in over 0.3 s.)
  await expect.poll(() => header.evaluate((el) => [getComputedStyle(el).position, el.getBoundingClientRect().top])).toEqual(['fixed', 0]);
  expect(await page.evaluate(() => getComputedStyle(document.body).paddingTop)).toBe(`${height}px`);
  await snapshot(page, 'test-results/screens/header-stuck-desktop.png');
  await scrollTo(height + STICKY_HEADER_OFFSET_PX);
  await expect(header).not.toHaveClass(/is-stuck/);
  await scrollTo(0);
  await expect(header).not.toHaveClass(/is-stuck/);
});

test('dropdowns open with hover intent, close after the timeout and the close delay, and a passing pointer opens nothing', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await shellReady(page);
  const item = page.locator('.main-nav .has-dropdown').filter({ hasText: 'Home & Living' });
  const toggle = item.getByRole('button', { name: 'Submenu: Home & Living' });
  const link = item.getByRole('link', { name: 'Home & Living', exact: true });
  const box = (await link.boundingBox())!;

  // A pointer sweeping across the menu (moving several pixels every few milliseconds) opens nothing.
  await page.mouse.move(box.x - 200, box.y + box.height / 2);
  await page.mouse.move(box.x + box.width + 200, box.y + box.height / 2, { steps: 12 });
  await page.mouse.move(box.x + box.width + 200, box.y + 400);
  await page.waitForTimeout(150);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // A pointer that rests: open one interval (20 ms) later at the earliest.
  await watch(page, 'open', '.main-nav .current-dropdown');
  const entered = await now(page);
  await page.mouse.move(box.x + 10, box.y + box.height / 2);
  const opened = await seenAt(page, 'open');
  expect(opened - entered).toBeGreaterThanOrEqual(MENU_HOVER_INTENT.intervalMs);
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(item.getByRole('link', { name: 'Mugs' })).toBeVisible();
  await snapshot(page, `test-results/screens/header-dropdown-desktop.png`);

  // Leaving: out after the timeout (70 ms), then hidden after the close delay (300 ms).
  await watch(page, 'out', '.main-nav .dropdown-closing');
  await page.evaluate(() => {
    const w = window as unknown as { seen: Record<string, number> };
    const li = document.querySelector('.main-nav .current-dropdown')!;
    new MutationObserver(() => {
      if (!li.classList.contains('current-dropdown')) w.seen.closed ??= performance.now();
    }).observe(li, { attributes: true });
  });
  const left = await now(page);
  await page.mouse.move(box.x + 10, box.y + 500);
  const out = await seenAt(page, 'out');
  const closed = await seenAt(page, 'closed');
  expect(out - left).toBeGreaterThanOrEqual(MENU_HOVER_INTENT.timeoutMs);
  expect(closed - out).toBeGreaterThanOrEqual(SUBMENU_CLOSE_DELAY_MS - 5);
  await expect(item.getByRole('link', { name: 'Mugs' })).toBeHidden();
});

test('a dropdown is a disclosure: the keyboard opens it, Tab reaches its links, Escape closes it; an outside click closes it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await shellReady(page);
  const nav = page.getByRole('navigation', { name: 'Main menu' }).filter({ visible: true });
  const toggle = nav.getByRole('button', { name: 'Submenu: Clothing' });
  await nav.getByRole('link', { name: 'Clothing', exact: true }).focus();
  // Focus alone does not open it (the scripted menu waits for the button).
  await page.keyboard.press('Tab');
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Hoodies' })).toBeHidden();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'T-shirts' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'header with a dropdown open');
  await page.keyboard.press('Escape');
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'T-shirts' })).toBeHidden();

  // Space opens it again; a click elsewhere closes it.
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.click(640, 600);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // The mega menu shows its children as columns.
  await toggle.click();
  const columns = await nav.locator('.menu-item--mega > .main-nav__sub').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(3);
});

test('the menus answer while the header\'s code is still on its way (React stops events aimed at parts it has not hydrated)', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  // The page hydrates; the header's code is held back until the end, so every step below meets
  // the header as server HTML inside a boundary React has not hydrated yet.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/site-header-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await waitForHydration(page);
  await shellReady(page);
  const nav = page.getByRole('navigation', { name: 'Main menu' }).filter({ visible: true });
  const clothing = nav.getByRole('button', { name: 'Submenu: Clothing' });
  await nav.getByRole('link', { name: 'Clothing', exact: true }).focus();
  await page.keyboard.press('Tab');
  await expect(clothing).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(clothing).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'T-shirts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(clothing).toHaveAttribute('aria-expanded', 'false');
  await expect(clothing).toBeFocused();

  // A pointer resting on another item opens it (hover intent hears pointerover), a click
  // elsewhere closes it.
  const home = nav.locator('.has-dropdown').filter({ hasText: 'Home & Living' });
  const box = (await home.getByRole('link', { name: 'Home & Living', exact: true }).boundingBox())!;
  await page.mouse.move(box.x + 10, box.y + box.height / 2);
  await expect(home.getByRole('button', { name: 'Submenu: Home & Living' })).toHaveAttribute('aria-expanded', 'true');
  await page.mouse.click(640, 600);
  await expect(home.getByRole('button', { name: 'Submenu: Home & Living' })).toHaveAttribute('aria-expanded', 'false');

  // Opened again, then the code arrives: the header hydrates around the open menu and keeps it.
  await clothing.focus();
  await page.keyboard.press('Enter');
  await expect(clothing).toHaveAttribute('aria-expanded', 'true');
  const header = await page.locator('header.site-header').elementHandle();
  release();
  // Hydrated: React has taken the header's element as its own (it marks the nodes it owns).
  await page.waitForFunction((el) => Object.keys(el!).some((k) => k.startsWith('__reactFiber')), header);
  expect(await header!.evaluate((el) => el.isConnected)).toBe(true);
  await expect(clothing).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Enter');
  await expect(clothing).toHaveAttribute('aria-expanded', 'false');
});

test('?menu_id= reopens that item\'s dropdown after 1 s; on a touch screen the first tap opens a dropdown, the second follows its link', async ({ page, browser, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  const id = await page.locator('.main-nav [data-menu-id]').filter({ hasText: 'Home & Living' }).getAttribute('data-menu-id');
  await page.goto(`/?menu_id=${id}`);
  await shellReady(page);
  const item = page.locator(`.main-nav [data-menu-id="${id}"]`);
  await expect(item).toHaveClass(/current-dropdown/);
  expect(await now(page)).toBeGreaterThanOrEqual(MENU_ID_REOPEN_MS);

  const touch = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 }, hasTouch: true });
  const tablet = await touch.newPage();
  await tablet.goto('/');
  await shellReady(tablet);
  const clothing = tablet.getByRole('navigation', { name: 'Main menu' }).filter({ visible: true }).getByRole('link', { name: 'Clothing', exact: true });
  await clothing.tap();
  await expect(tablet.getByRole('button', { name: 'Submenu: Clothing' })).toHaveAttribute('aria-expanded', 'true');
  await expect(tablet).toHaveURL(/\/$/);
  await clothing.tap();
  await expect(tablet).toHaveURL(/\/product-category\/clothing/);
  await touch.close();
});

test('a prompt item dims the page while hovered', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await shellReady(page);
  const shade = () => page.evaluate(() => getComputedStyle(document.body, '::after').backgroundColor);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'New in' }).hover();
  await expect.poll(shade).toBe('rgba(0, 0, 0, 0.45)');
  await page.mouse.move(640, 700);
  await expect.poll(shade).not.toBe('rgba(0, 0, 0, 0.45)');
});

test('the mobile menu slides in, expands submenus, and clears its open state 300 ms after closing', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await page.goto('/');
  await shellReady(page);
  const menu = page.locator('details.mobile-nav');
  await menu.locator('summary').click();
  await expect(page.locator('html')).toHaveClass(/mobile-menu-open/);
  const nav = page.getByRole('navigation', { name: 'Main menu' }).filter({ visible: true });
  const toggle = nav.getByRole('button', { name: 'Submenu: Clothing' });
  await expect(nav.getByRole('link', { name: 'Hoodies' })).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Hoodies' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'mobile menu open');
  await snapshot(page, `test-results/screens/header-mobile-menu.png`);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await page.evaluate(() => {
    const w = window as unknown as { seen: Record<string, number> };
    w.seen = {};
    const d = document.querySelector('details.mobile-nav')!;
    new MutationObserver(() => {
      if (!d.hasAttribute('open')) w.seen.cleared ??= performance.now();
    }).observe(d, { attributes: true });
  });
  const closedAt = await now(page);
  await menu.locator('summary').click({ position: { x: 10, y: 10 } });
  await expect(page.locator('html')).not.toHaveClass(/mobile-menu-open/);
  const cleared = await seenAt(page, 'cleared');
  expect(cleared - closedAt).toBeGreaterThanOrEqual(MOBILE_MENU_CLEAR_MS - 5);
  await expect(menu).not.toHaveAttribute('open');

  // Escape closes it too, and the focus goes back to the menu button.
  await menu.locator('summary').click();
  await expect(page.locator('html')).toHaveClass(/mobile-menu-open/);
  await nav.getByRole('button', { name: 'Submenu: Clothing' }).focus();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).not.toHaveClass(/mobile-menu-open/);
  await expect(menu).not.toHaveAttribute('open');
  await expect(menu.locator('summary')).toBeFocused();
});

test('hovering a link prefetches it after 65 ms; excluded links are not prefetched', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/');
  await shellReady(page);
  // The links below are added to the page's DOM: after React has hydrated it (hydration would
  // take out what its server HTML did not have).
  await waitForHydration(page);
  const fetched: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'other' || r.headers()['sec-purpose']?.includes('prefetch')) fetched.push(new URL(r.url()).pathname + new URL(r.url()).search);
  });
  // Excluded: a query string ("New in"), an external link, a no-instant link, a hash-only link, mailto.
  await page.evaluate(() => {
    const box = document.createElement('p');
    box.id = 'test-links';
    box.innerHTML =
      '<a href="https://elsewhere.example/page">external</a> <a href="/contact" data-no-instant>no instant</a> ' +
      '<a href="#main">hash</a> <a href="mailto:shop@example.com">mail</a> <a href="/order-tracking">tracking</a>';
    document.querySelector('main')!.prepend(box);
  });
  for (const name of ['external', 'no instant', 'hash', 'mail']) {
    await page.getByRole('link', { name, exact: true }).hover();
    await page.waitForTimeout(PREFETCH_HOVER_DELAY_MS + 100);
  }
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'New in' }).hover();
  await page.waitForTimeout(PREFETCH_HOVER_DELAY_MS + 100);
  expect(await page.locator('link[rel="prefetch"]').count()).toBe(0);

  // A plain link of the shop: prefetched, not before 65 ms.
  await watch(page, 'prefetch', 'link[rel="prefetch"]');
  const request = page.waitForRequest((r) => r.url().endsWith('/order-tracking'));
  const hovered = await now(page);
  await page.getByRole('link', { name: 'tracking', exact: true }).hover();
  const added = await seenAt(page, 'prefetch');
  expect(added - hovered).toBeGreaterThanOrEqual(PREFETCH_HOVER_DELAY_MS - 2);
  await expect(page.locator('link[rel="prefetch"]')).toHaveAttribute('href', /\/order-tracking$/);
  await request;
  expect(fetched.filter((u) => u !== '/order-tracking')).toEqual([]);
});

test.describe('with an administrator', () => {
  test.describe.configure({ mode: 'serial' });
  test('menus are edited in the admin with the keyboard, and the header shows them at once', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/admin/setup');
    await waitForHydration(page);
    await fillSetupCode(page);
    await page.getByLabel('Name', { exact: true }).fill('Menu Admin');
    await page.getByLabel('E-mail address').fill('menu-admin@example.test');
    await page.getByLabel('Password', { exact: true }).fill('menu-admin-password-1');
    await page.getByRole('button', { name: 'Create administrator' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.context().storageState({ path: 'test-results/header-menus-admin.json' });

    await page.getByRole('navigation', { name: 'Shop admin' }).getByRole('link', { name: 'Menus' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Menus' })).toBeVisible();
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page, '/admin/menus');
    await snapshot(page, `test-results/screens/admin-menus-desktop.png`);
    await page.setViewportSize(MOBILE);
    await snapshot(page, `test-results/screens/admin-menus-mobile.png`);
    await page.setViewportSize(DESKTOP);

    // "New in" moves up to second place with the keyboard; focus stays on the button.
    const up = page.getByRole('button', { name: 'Move “New in” up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(up).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'moved to position 2' })).toBeAttached();
    // A new item, moved up to below "Shop" and nested under it.
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.keyboard.type('Gift cards');
    await page.locator('.menu-editor__row').last().getByLabel('Slug or address').fill('/shop?tag=gift');
    for (let i = 0; i < 3; i += 1) await page.getByRole('button', { name: 'Move “Gift cards” up' }).click();
    await page.getByRole('button', { name: 'Nest “Gift cards” under the item above' }).click();
    const gift = page.locator('[data-row]').filter({ has: page.getByRole('button', { name: 'Remove “Gift cards”' }) });
    await expect(gift).toHaveAttribute('data-depth', '1');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Menu saved.' })).toBeVisible();

    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main menu' }).filter({ visible: true });
    await expect(nav.locator(':scope > ul > li > a')).toHaveText(['Shop', 'New in', 'Clothing', 'Home & Living']);
    await expect(nav.getByRole('button', { name: 'Submenu: Shop' })).toBeVisible();

    // A bad address is refused with its reason; nothing changes.
    await page.goto('/admin/menus?location=footer');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.keyboard.type('Bad');
    await page.locator('.menu-editor__row').last().getByLabel('Slug or address').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save menu' }).click();
    await expect(page.getByRole('alert')).toContainText('items.0.target');
  });

  test('theme settings: sidebar mobile menu with levels, hide on scroll, transparent header, page loader, columns', async ({ browser, baseURL }) => {
    const admin = await browser.newContext({ baseURL, storageState: 'test-results/header-menus-admin.json' });
    const a = await admin.newPage();
    await a.goto('/admin/settings');
    await waitForHydration(a);
    await a.getByLabel('Mobile menu', { exact: true }).selectOption('sidebar');
    await a.getByLabel('Hide the sticky header while scrolling down').check();
    await a.getByLabel('Transparent header at the top of the page').check();
    await a.getByLabel('Light navigation text on a dark header').check();
    await a.getByLabel('Show a page loader while a page starts').check();
    await a.getByLabel('Products per row on small screens (under 550 px)').fill('1');
    await a.getByLabel(/^Service worker address/).fill('/sw.js');
    await a.getByLabel('Brand colour').fill('#7a1f4b');
    await a.getByRole('button', { name: 'Save settings' }).click();
    await expect(a.getByRole('status').filter({ hasText: 'Settings saved.' })).toBeVisible();
    await expectNoSeriousA11yViolations(a, '/admin/settings with the theme');
    await admin.close();

    const visitor = await browser.newContext({ baseURL, viewport: MOBILE });
    const page = await visitor.newPage();
    // The loader: gone 1 s after the start, not before.
    await page.goto('/shop');
    const loader = page.locator('.page-loader');
    await expect(loader).toBeAttached();
    await shellReady(page);
    const started = await page.evaluate(() => performance.now());
    await expect(loader).toHaveClass(/page-loader--done/);
    const done = await page.evaluate(() => performance.now());
    expect(done).toBeGreaterThanOrEqual(PAGE_LOADER_REMOVE_MS);
    expect(done - started).toBeLessThan(PAGE_LOADER_REMOVE_MS + 1000);
    await expect(page.locator('html')).not.toHaveClass(/loading-site/);
    await expect(loader).toBeHidden();
    // One product per row on a phone; the brand colour applied.
    const cols = await page.locator('.product-grid').first().evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(cols).toBe(1);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-brand').trim())).toBe('#7a1f4b');

    // On the transparent, dark header the search box keeps its own dark text on its light field.
    for (const box of [page.getByRole('combobox', { name: 'Search in category' }), page.getByRole('combobox', { name: 'Search products' })]) {
      expect(await box.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(255, 255, 255)');
    }

    // Sidebar: a level slides in with a "Main menu" back header.
    await page.locator('details.mobile-nav > summary').click();
    const nav = page.getByRole('navigation', { name: 'Main menu' }).filter({ visible: true });
    await expect(page.locator('details.mobile-nav')).toHaveAttribute('data-levels', '1');
    await nav.getByRole('button', { name: 'Submenu: Clothing' }).click();
    const back = nav.getByRole('button', { name: 'Main menu' });
    await expect(back).toBeFocused();
    // The dark navigation's light text stays in the header: the menu's panel is light, its
    // arrows and back button dark like its links.
    const textColour = await nav.getByRole('link', { name: 'Hoodies' }).evaluate((el) => getComputedStyle(el).color);
    expect(await back.evaluate((el) => getComputedStyle(el).color)).toBe(textColour);
    expect(textColour).not.toBe('rgb(255, 255, 255)');
    await expect(nav.getByRole('link', { name: 'Hoodies' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'sidebar menu level');
    await snapshot(page, `test-results/screens/header-mobile-sidebar-level.png`);
    await back.click();
    await expect(nav.getByRole('button', { name: 'Submenu: Clothing' })).toBeFocused();
    expect(await nav.getByRole('button', { name: 'Submenu: Clothing' }).evaluate((el) => getComputedStyle(el).color)).toBe(textColour);
    await expect(nav.getByRole('link', { name: 'Hoodies' })).toBeHidden();
    await page.locator('details.mobile-nav > summary').click({ position: { x: 5, y: 5 }, force: true });
    await expect(page.locator('details.mobile-nav')).not.toHaveAttribute('open');

    // Transparent at the top, plain while stuck; hidden while scrolling down, back when scrolling up.
    const header = page.locator('header.site-header');
    await expect(header).toHaveClass(/site-header--transparent/);
    await page.mouse.wheel(0, 900);
    await expect(header).toHaveClass(/is-stuck/);
    await expect(header).not.toHaveClass(/site-header--transparent/);
    await expect(header).toHaveClass(/is-hidden/);
    // The wheel's smooth scroll may still be on its way when the header hides: the small step
    // below is measured from where the page comes to rest, as a shopper's page would be.
    await scrollAtRest(page);
    await page.waitForTimeout(HIDE_ON_SCROLL_SAMPLE_MS * 2);
    await expect(header).toHaveClass(/is-hidden/);
    // A shift of a few pixels (an image loading above, scroll anchoring) is not scrolling back up.
    // Half the tolerance: what is left of the wheel's scroll on a loaded machine adds to the shift.
    await page.evaluate((d) => window.scrollBy(0, -d), Math.floor(HIDE_ON_SCROLL_TOLERANCE_PX / 2));
    await page.waitForTimeout(HIDE_ON_SCROLL_SAMPLE_MS * 3);
    await expect(header).toHaveClass(/is-hidden/);
    await page.mouse.wheel(0, -200);
    await expect(header).not.toHaveClass(/is-hidden/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveClass(/site-header--transparent/);
    await expect(header).not.toHaveClass(/is-stuck/);
    await visitor.close();
  });

  test('a form is processing until its request completes', async ({ page }) => {
    await page.goto('/account/login');
    await waitForHydration(page);
    await shellReady(page);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/account\/login(\.data)?(\?.*)?$/, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await held;
      await route.continue();
    });
    await page.getByLabel('E-mail address').fill('nobody@example.test');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    const form = page.locator('form').filter({ has: page.getByLabel('E-mail address') });
    await page.getByRole('main').getByRole('button', { name: 'Log in' }).click();
    await expect(form).toHaveClass(/processing/);
    await expect(form).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.getByRole('main').getByRole('alert').first()).toBeVisible();
    await expect(form).not.toHaveClass(/processing/);
  });

  test('with the service worker, an offline visitor gets the offline page, never a cart or account page from the cache', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await shellReady(page);
    await page.waitForFunction(async () => !!(await navigator.serviceWorker.ready).active);
    // Pages visited while controlled: the shared home page is kept, the cart is not.
    await page.reload();
    await page.waitForFunction(() => !!navigator.serviceWorker.controller);
    await page.goto('/cart');
    await page.goto('/');
    await context.setOffline(true);
    await page.goto('/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await page.goto('/my-account');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'offline page');
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toHaveCount(0);
    await context.setOffline(false);
    await context.close();
  });
});
