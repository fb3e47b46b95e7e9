import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { expectNoSeriousA11yViolations, waitForHydration } from './helpers.ts';

/** The product names of the wishlist table's rows, top to bottom. */
const rowNames = (page: Page) => page.locator('.wl-table tbody tr .wl-table__name a').allTextContents();

/**
 * Two animation frames: after a pick-up the sortable list measures its rows in the next
 * frames, and an arrow key pressed before that moves nothing (a busy main thread, e.g. the
 * chat widget's code loading when the browser is idle, delays them).
 */
const settled = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

async function listOfThree(page: Page): Promise<string[]> {
  await page.goto('/shop');
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const products = ((await (await page.request.get('/api/products')).json()).products as { id: number; name: string; type: string }[])
    .filter((p) => p.type === 'simple')
    .slice(0, 3);
  expect(products).toHaveLength(3);
  for (const p of products) {
    const res = await page.request.post('/api/wishlist/items', { headers: { 'x-csrf-token': csrf }, data: { productId: p.id } });
    expect(res.ok()).toBe(true);
  }
  return products.map((p) => p.name);
}

test('the owner reorders the wishlist by dragging a handle and by keyboard; the order survives a reload', async ({ page }) => {
  const [a, b, c] = await listOfThree(page);
  await page.goto('/wishlist');
  await waitForHydration(page);
  expect(await rowNames(page)).toEqual([a, b, c]);
  const handle = (name: string) => page.getByRole('button', { name: `Reorder “${name}”` });
  await expect(handle(a)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/wishlist with sort handles');

  // Mouse: drag the first row's handle below the third row.
  const saved = () => page.waitForResponse((r) => r.url().includes('/sort') && r.request().method() === 'POST');
  const from = (await handle(a).boundingBox())!;
  const to = (await page.getByRole('row').filter({ hasText: c }).boundingBox())!;
  let response = saved();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height * 0.9, { steps: 12 });
  await page.mouse.up();
  expect((await response).status()).toBe(200);
  expect(await rowNames(page)).toEqual([b, c, a]);
  await page.reload();
  await waitForHydration(page);
  expect(await rowNames(page)).toEqual([b, c, a]);

  // Keyboard: focus the last row's handle, lift with Space, up twice, drop with Space.
  await handle(a).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Picked up “${a}”, position 3 of 3.`)).toBeAttached();
  await settled(page);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText(`“${a}” is at position 2 of 3.`)).toBeAttached();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText(`“${a}” is at position 1 of 3.`)).toBeAttached();
  response = saved();
  await page.keyboard.press('Space');
  expect((await response).status()).toBe(200);
  await expect(page.getByText(`“${a}” was dropped at position 1 of 3.`)).toBeAttached();
  expect(await rowNames(page)).toEqual([a, b, c]);

  // Escape puts a lifted item back and saves nothing.
  await handle(c).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Picked up “${c}”, position 3 of 3.`)).toBeAttached();
  await settled(page);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText(`“${c}” is at position 2 of 3.`)).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(page.getByText(`Reordering cancelled; “${c}” is back at position 3 of 3.`)).toBeAttached();

  await page.reload();
  await waitForHydration(page);
  expect(await rowNames(page)).toEqual([a, b, c]);
});

test('a visitor of a shared list gets no sort handles', async ({ page, browser, baseURL }) => {
  await page.goto('/shop');
  const csrf = (await (await page.request.get('/api/session')).json()).csrfToken as string;
  const products = (await (await page.request.get('/api/products')).json()).products as { id: number; type: string }[];
  const simple = products.filter((p) => p.type === 'simple');
  const list = (await (await page.request.post('/api/wishlist/items', { headers: { 'x-csrf-token': csrf }, data: { productId: simple[0].id, newList: { name: 'Shared sort', visibility: 'shared' } } })).json()).wishlist;
  await page.request.post('/api/wishlist/items', { headers: { 'x-csrf-token': csrf }, data: { productId: simple[1].id, wishlist: list.token } });
  const visitor = await browser.newContext({ baseURL });
  const other = await visitor.newPage();
  await other.goto(list.url);
  await waitForHydration(other);
  await expect(other.getByRole('row')).toHaveCount(3);
  await expect(other.getByRole('button', { name: /^Reorder “/ })).toHaveCount(0);
  await visitor.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each row has move up / move down buttons that post the new order', async ({ page }) => {
    const [a, b, c] = await listOfThree(page);
    await page.goto('/wishlist');
    await expect(page.getByRole('button', { name: `Move “${a}” up` })).toBeDisabled();
    await page.getByRole('button', { name: `Move “${c}” up` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The new order was saved.' })).toBeVisible();
    expect(await rowNames(page)).toEqual([a, c, b]);
    await page.getByRole('button', { name: `Move “${a}” down` }).click();
    expect(await rowNames(page)).toEqual([c, a, b]);
    await page.goto('/wishlist');
    expect(await rowNames(page)).toEqual([c, a, b]);
  });
});
