import { expect, type Page } from '@playwright/test';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from '../../db/seed/demo-data.ts';
import type { DemoProduct } from '../../db/seed/demo-kit.ts';

/*
 * What the catalog journeys expect of the demo shop, worked out from the demo data itself
 * (db/seed/demo-data.ts) rather than from the shop's answers, and how they read a listing.
 */

export const CLOTHING = DEMO_CATEGORIES.find((c) => c.name === 'Clothing')!;
export const PER_PAGE = 12;

interface Priced {
  regular_price?: number | null;
  sale_price?: number | null;
  sale_from?: string | null;
  sale_to?: string | null;
}

const today = () => new Date().toISOString().slice(0, 10);

/** The price a shopper pays today, in pounds: the sale price while its dates allow. */
function current(p: Priced): number | null {
  const onSale = p.sale_price != null && (!p.sale_from || p.sale_from <= today()) && (!p.sale_to || p.sale_to >= today());
  const minor = onSale ? p.sale_price! : p.regular_price;
  return minor == null ? null : minor / 100;
}

/** Lowest and highest price of a demo product in pounds (variations and grouped children included). */
export function demoPriceRange(p: DemoProduct): [number, number] {
  let prices: (number | null)[];
  if (p.type === 'variable') prices = (p.variations ?? []).map((v) => current(v as Priced));
  else if (p.type === 'grouped') prices = (p.children ?? []).flatMap((n) => demoPriceRange(DEMO_PRODUCTS.find((c) => c.name === n)!));
  else prices = [current(p as Priced)];
  const known = prices.filter((n): n is number => n !== null);
  return [Math.min(...known), Math.max(...known)];
}

/** Demo products under a top-level category (or all), as the listing shows them. */
export function demoProducts(topCategory?: string): DemoProduct[] {
  return DEMO_PRODUCTS.filter((p) => !topCategory || p.category[0] === topCategory);
}

/** Names of the demo products whose price range meets [min, max] pounds (max counts up to its last penny). */
export function demoNamesInRange(products: DemoProduct[], min: number, max: number): string[] {
  return products
    .filter((p) => {
      const [lo, hi] = demoPriceRange(p);
      return hi >= min && lo < max + 1;
    })
    .map((p) => p.name)
    .sort();
}

export interface Card {
  name: string;
  /** Lowest and highest price shown, in pounds (the sale price when reduced). */
  lo: number;
  hi: number;
}

/**
 * The product boxes of the listing in order, with the name and the price a shopper reads:
 * a reduced price counts at its sale amount, a range at both ends.
 */
export async function readCards(page: Page): Promise<Card[]> {
  return page.locator('.product-grid > li').evaluateAll((items) =>
    items.map((li) => {
      const price = li.querySelector('.price');
      const shown = price?.querySelector('ins') ?? price;
      const amounts = [...(shown?.textContent ?? '').matchAll(/£([\d,]+\.\d{2})/g)].map((m) => Number(m[1].replace(/,/g, '')));
      return {
        name: li.querySelector('h3')?.textContent?.trim() ?? '',
        lo: Math.min(...amounts),
        hi: Math.max(...amounts),
      };
    }),
  );
}

/** The "Showing …" line for a listing of `total` products on page `page`. */
export function resultCount(total: number, page = 1): string {
  if (total === 1) return 'Showing the single result';
  if (total <= PER_PAGE) return `Showing all ${total} results`;
  const from = (page - 1) * PER_PAGE + 1;
  return `Showing ${from}–${Math.min(total, page * PER_PAGE)} of ${total} results`;
}

export const scrollToBottom = (page: Page) => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

/** Scrolls to the end of /shop once: page 2 arrives and the address follows it. */
export async function scrollToPage2(page: Page): Promise<Card[]> {
  await scrollToBottom(page);
  await expect(page.locator('.product-grid > li')).toHaveCount(2 * PER_PAGE);
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  const cards = await readCards(page);
  expect(new Set(cards.map((c) => c.name)).size, 'page 2 brings new products').toBe(2 * PER_PAGE);
  return cards;
}

/** Scrolls until the whole listing is there, so a full-page screenshot shows a settled page. */
export async function loadAll(page: Page, total: number): Promise<void> {
  const cards = page.locator('.product-grid > li');
  // One count per round: a page already on its way (prefetched ahead of the end) may land
  // between two reads, and waiting for a change after the last page would wait forever.
  for (let before = await cards.count(); before < total; before = await cards.count()) {
    // As a shopper would: scroll to the end again if the next page has not come yet.
    await expect(async () => {
      await scrollToBottom(page);
      await expect(cards).not.toHaveCount(before, { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
