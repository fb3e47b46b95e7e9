import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createDb } from '../../db/client.ts';
import { createProduct, slugify } from '../../app/features/catalog/catalog-write.server.ts';
import { DEMO_CATEGORIES, DEMO_PRODUCTS, DEMO_PRODUCT_SLUGS, DEMO_SPECIAL } from '../../db/seed/demo-data.ts';
import { test, expect } from './fixtures.ts';
import { PER_PAGE, readCards, resultCount } from './catalog-data.ts';

// Structured data is free-form JSON: read it as such.
type Json = Record<string, any>;

/** Every JSON-LD block of the page, parsed (a block that is not JSON fails the test). */
async function jsonLd(page: Page): Promise<Json[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text, i) => {
    try {
      return JSON.parse(text) as Json;
    } catch {
      throw new Error(`JSON-LD block ${i + 1} is not JSON:\n${text}`);
    }
  });
}
const ofType = (blocks: Json[], type: string) => blocks.filter((b) => b['@type'] === type);
const demo = (name: string) => DEMO_PRODUCTS.find((p) => p.name === name)!;

test('home, shop, category, tag and product pages each have their own title and description', async ({ page }) => {
  const product = DEMO_SPECIAL.swatches;
  const pages = ['/', '/shop', '/product-category/clothing', '/product-tag/cotton', `/product/${slugify(product)}`];
  const titles: string[] = [];
  const descriptions: string[] = [];
  for (const url of pages) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    titles.push(await page.title());
    descriptions.push((await page.locator('meta[name="description"]').getAttribute('content')) ?? '');
  }
  for (const [i, url] of pages.entries()) {
    expect(titles[i], `title of ${url}`).toMatch(/\S/);
    expect(descriptions[i], `description of ${url}`).toMatch(/\S{3}/);
  }
  expect(new Set(titles).size, `titles: ${titles.join(' | ')}`).toBe(pages.length);
  expect(new Set(descriptions).size, `descriptions: ${descriptions.join(' | ')}`).toBe(pages.length);
  expect(titles[2]).toContain('Clothing');
  expect(titles[3]).toContain('Cotton');
  expect(titles[4]).toContain(product);
});

test('sorted and filtered listings canonicalise to the plain listing; later pages to themselves', async ({ page, baseURL }) => {
  const cases: [string, string][] = [
    ['/shop?orderby=price&min_price=10', '/shop'],
    ['/shop?page=2', '/shop?page=2'],
    ['/shop?page=2&orderby=date', '/shop?page=2'],
    ['/product-category/clothing?orderby=price-desc&max_price=30', '/product-category/clothing'],
  ];
  for (const [url, canonical] of cases) {
    await page.goto(url);
    await expect(page.locator('link[rel="canonical"]'), url).toHaveAttribute('href', `${baseURL}${canonical}`);
    await expect(page.locator('meta[property="og:url"]'), url).toHaveAttribute('content', `${baseURL}${canonical}`);
  }
  await page.goto('/shop?page=2');
  await expect(page).toHaveTitle(/page 2/);
});

test('listings carry BreadcrumbList and ItemList structured data matching what is shown', async ({ page, baseURL }) => {
  await page.goto('/product-category/clothing/t-shirts');
  let blocks = await jsonLd(page);
  const [crumbs] = ofType(blocks, 'BreadcrumbList');
  expect(crumbs.itemListElement.map((e: Json) => e.name)).toEqual(['Home', 'Clothing', 'T-shirts']);
  expect(crumbs.itemListElement.map((e: Json) => e.position)).toEqual([1, 2, 3]);
  expect(crumbs.itemListElement[1].item).toBe(`${baseURL}/product-category/clothing`);
  let [list] = ofType(blocks, 'ItemList');
  const shown = (await readCards(page)).map((c) => c.name);
  expect(list.itemListElement.map((e: Json) => e.name)).toEqual(shown);
  for (const e of list.itemListElement) expect(e.url).toMatch(new RegExp(`^${baseURL}/product/[a-z0-9-]+$`));

  // On page 2 the positions go on from the first page.
  await page.goto('/shop?page=2');
  blocks = await jsonLd(page);
  [list] = ofType(blocks, 'ItemList');
  expect(list.itemListElement[0].position).toBe(PER_PAGE + 1);
  expect(list.itemListElement).toHaveLength(PER_PAGE);
});

test('product pages carry Product data: AggregateOffer for a variable product, ratings where reviewed', async ({ page, baseURL }) => {
  // A variable product with approved reviews.
  const hoodie = demo(DEMO_SPECIAL.swatches);
  await page.goto(`/product/${slugify(hoodie.name)}`);
  let blocks = await jsonLd(page);
  let [product] = ofType(blocks, 'Product');
  expect(product.name).toBe(hoodie.name);
  expect(product.url).toBe(`${baseURL}/product/${slugify(hoodie.name)}`);
  expect(product.image.length).toBeGreaterThan(0);
  expect(product.offers['@type']).toBe('AggregateOffer');
  expect(product.offers.priceCurrency).toBe('GBP');
  const prices = hoodie.variations!.map((v) => v.regular_price! / 100);
  expect(Number(product.offers.lowPrice)).toBe(Math.min(...prices));
  expect(Number(product.offers.highPrice)).toBe(Math.max(...prices));
  expect(product.offers.offerCount).toBe(hoodie.variations!.length);
  expect(product.offers.offers).toHaveLength(hoodie.variations!.length);
  expect(product.offers.offers.map((o: Json) => o.availability)).toContain('https://schema.org/OutOfStock');
  const approved = hoodie.reviews!.approved!;
  expect(product.aggregateRating.reviewCount).toBe(approved.length);
  expect(Number(product.aggregateRating.ratingValue)).toBeCloseTo(approved.reduce((a, b) => a + b, 0) / approved.length, 2);
  expect(ofType(blocks, 'BreadcrumbList')).toHaveLength(1);

  // A simple product without reviews: one Offer, no rating.
  const tote = demo('Market Tote XL');
  await page.goto(`/product/${slugify(tote.name)}`);
  blocks = await jsonLd(page);
  [product] = ofType(blocks, 'Product');
  expect(product.offers['@type']).toBe('Offer');
  expect(Number(product.offers.price)).toBe(tote.regular_price! / 100);
  expect(product.offers.availability).toBe('https://schema.org/InStock');
  expect(product.aggregateRating).toBeUndefined();

  // Sold out shows as such.
  await page.goto(`/product/${slugify(DEMO_SPECIAL.outOfStock)}`);
  [product] = ofType(await jsonLd(page), 'Product');
  expect(product.offers.availability).toBe('https://schema.org/OutOfStock');
});

test('/sitemap.xml is an index whose files list every product and category; robots.txt names it', async ({ request, baseURL }) => {
  const index = await request.get('/sitemap.xml');
  expect(index.status()).toBe(200);
  expect(index.headers()['content-type']).toContain('xml');
  const indexXml = await index.text();
  expect(indexXml).toContain('<sitemapindex');
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  const files = locs(indexXml);
  expect(files.length).toBeGreaterThan(0);

  const urls: string[] = [];
  for (const file of files) {
    expect(file.startsWith(`${baseURL}/`), file).toBe(true);
    const res = await request.get(file);
    expect(res.status(), file).toBe(200);
    const xml = await res.text();
    expect(xml, file).toContain('<urlset');
    urls.push(...locs(xml));
  }
  for (const slug of DEMO_PRODUCT_SLUGS) expect(urls).toContain(`${baseURL}/product/${slug}`);
  expect(urls.filter((u) => u.includes('/product/')), 'only published products').toHaveLength(DEMO_PRODUCT_SLUGS.length);
  const categoryPaths = DEMO_CATEGORIES.flatMap((c) => [slugify(c.name), ...(c.children ?? []).map((s) => `${slugify(c.name)}/${slugify(s.name)}`)]);
  for (const p of categoryPaths) expect(urls).toContain(`${baseURL}/product-category/${p}`);
  expect(urls).toContain(`${baseURL}/product-tag/cotton`);

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect((await robots.text()).split('\n')).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('unknown categories, tags and products, drafts and private products are 404 pages', async ({ page, shop }) => {
  for (const url of ['/product-category/no-such-category', '/product-category/clothing/no-such-sub', '/product-tag/no-such-tag', '/product/no-such-product']) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }

  // Unpublished products, written straight into this server's database as an owner would save them.
  const db = createDb(`sqlite:${path.join(shop.server.dataDir, 'e2e.sqlite')}`);
  const id = randomUUID().slice(0, 6);
  let hidden: { id: number; slug: string }[];
  try {
    hidden = [
      await createProduct(db, { name: `Draft Lamp ${id}`, status: 'draft', regular_price: 4500, categories: [['Home & Living', 'Plants']] }),
      await createProduct(db, { name: `Private Vase ${id}`, status: 'private', regular_price: 3500, categories: [['Home & Living', 'Plants']] }),
    ];
  } finally {
    await db.destroy();
  }
  for (const p of hidden) {
    const response = await page.goto(`/product/${p.slug}`);
    expect(response?.status(), p.slug).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect((await page.request.get(`/api/products/${p.slug}`)).status()).toBe(404);
    expect((await page.request.get(`/api/products/${p.id}/quick-view`)).status()).toBe(404);
  }
  await page.goto('/product-category/home-living/plants');
  await expect(page.getByRole('main')).not.toContainText(`Draft Lamp ${id}`);
  await expect(page.getByRole('main')).not.toContainText(`Private Vase ${id}`);
});

test('nonsense query values still show the shop (200), ignored or clamped', async ({ page }) => {
  for (const query of ['?min_price=abc&page=-1&orderby=drop%20table', '?max_price=-5&per_page=abc&min_price=1e400', '?orderby[]=x&page=1.5']) {
    const response = await page.goto(`/shop${query}`);
    expect(response?.status(), query).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
    expect((await readCards(page)).length, query).toBeGreaterThan(0);
  }
  // A page past the end shows the last page.
  const response = await page.goto('/shop?page=999999');
  expect(response?.status()).toBe(200);
  const last = Math.ceil(DEMO_PRODUCTS.length / PER_PAGE);
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(resultCount(DEMO_PRODUCTS.length, last));
  expect(await readCards(page)).toHaveLength(DEMO_PRODUCTS.length - (last - 1) * PER_PAGE);

  expect((await page.goto('/product-category/clothing?orderby=drop%20table&min_price=abc'))?.status()).toBe(200);
});
