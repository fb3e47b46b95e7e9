import type { DB } from '../../../db/client.ts';
import { SEARCH } from '../../config/constants.ts';
import { t } from '../../i18n/t.ts';
import { imageSources } from '../../lib/image.ts';
import { formatPrice } from '../../lib/money.ts';
import { cached, STORE_CACHE_MAX_AGE_MS } from '../../lib/store-cache.server.ts';
import { readStoreVersion } from '../../lib/store-version.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import { matchesAll, nameTerms, parseQuery, searchLanguage, searchProductIds, type NameTerms } from './search.server.ts';
import type { Suggestion } from './suggestion.ts';

interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  path: string;
  product_count: number;
  /** The name's words and their stems in the shop's language, worked out once per store version. */
  terms: NameTerms;
}

const categories = (db: DB) =>
  cached(db, 'search:categories', async () => {
    const [rows, language] = await Promise.all([db.selectFrom('categories').select(['id', 'name', 'slug', 'path', 'product_count']).orderBy('path').execute(), searchLanguage(db)]);
    return rows.map((r): CategoryRow => ({ ...r, terms: nameTerms(r.name, language) }));
  });

/** A category by slug (or by path "clothing/hoodies"), with its descendants' ids. */
async function findCategory(db: DB, slug: string): Promise<{ row: CategoryRow; ids: number[]; all: CategoryRow[] } | null> {
  const clean = slug.trim().toLowerCase();
  const all = await categories(db);
  const row = all.find((c) => c.path === clean) ?? all.find((c) => c.slug === clean);
  if (!row) return null;
  const inside = all.filter((c) => c.path === row.path || c.path.startsWith(`${row.path}/`));
  return { row, ids: inside.map((c) => c.id), all: inside };
}

/**
 * Answers kept per store version, query and category, in their own bounded map (least
 * recently used out) rather than the store cache: shoppers type endless distinct queries,
 * which must not push the catalog's cached values out. Nothing older than the store
 * cache's limit (prices change with the clock).
 */
const ANSWERS_MAX = 5000;
const answers = new WeakMap<object, Map<string, { born: number; value: Promise<Suggestion[]> }>>();

async function remembered(db: DB, key: string, load: () => Promise<Suggestion[]>): Promise<Suggestion[]> {
  if (db.isTransaction) return load();
  const full = `${await readStoreVersion(db)}\u0000${key}`;
  let map = answers.get(db);
  if (!map) answers.set(db, (map = new Map()));
  const now = Date.now();
  const hit = map.get(full);
  if (hit && now - hit.born <= STORE_CACHE_MAX_AGE_MS) {
    map.delete(full);
    map.set(full, hit);
    return hit.value;
  }
  const value = load();
  map.delete(full);
  map.set(full, { born: now, value });
  value.catch(() => map.delete(full));
  // The oldest first: answers of an older version or age go as new ones come.
  for (const k of map.keys()) {
    if (map.size <= ANSWERS_MAX) break;
    map.delete(k);
  }
  return value;
}

/**
 * Suggestions for the live search box: at most 10 products, then matching categories.
 * Under 3 characters, or within an unknown category, the list is empty; with no hit it is
 * the single "No products found" row (id -1). Kept per query, category and store version.
 */
export async function suggest(db: DB, rawQuery: string, categorySlug = ''): Promise<Suggestion[]> {
  const query = parseQuery(rawQuery);
  if ([...query.text].length < SEARCH.minChars) return [];
  const key = `${categorySlug.slice(0, SEARCH.maxChars)}\u0000${query.text}`;
  return remembered(db, key, async () => {
    const scope = categorySlug ? await findCategory(db, categorySlug) : null;
    if (categorySlug && !scope) return [];
    const settings = await getSettings(db);
    const ids = await searchProductIds(db, query, { categoryIds: scope?.ids, hideOutOfStock: settings.searchHideOutOfStock }, SEARCH.suggestProducts);
    const out: Suggestion[] = [];
    if (ids.length) {
      const rows = await db
        .selectFrom('products')
        .leftJoin('media', 'media.id', 'products.image_id')
        .select(['products.id', 'products.name', 'products.slug', 'products.min_price', 'products.max_price', 'media.path', 'media.widths'])
        .where('products.id', 'in', ids)
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of ids) {
        const r = byId.get(id);
        if (!r) continue;
        const img = imageSources(r.path, r.widths, 100)?.src;
        const price =
          r.min_price === null ? undefined : r.max_price !== null && r.max_price !== r.min_price ? `${formatPrice(r.min_price, settings)} – ${formatPrice(r.max_price, settings)}` : formatPrice(r.min_price, settings);
        out.push({ value: r.name, id: r.id, url: `/product/${r.slug}`, ...(img ? { img } : {}), ...(price ? { price } : {}), type: 'product' });
      }
    }
    if (query.words.length) {
      const [pool, language] = await Promise.all([scope ? scope.all : categories(db), searchLanguage(db)]);
      const asked = nameTerms(query.words.join(' '), language);
      const matching = pool.filter((c) => c.product_count > 0 && matchesAll(asked, c.terms)).sort((a, b) => b.product_count - a.product_count || a.id - b.id);
      for (const c of matching.slice(0, SEARCH.suggestCategories)) out.push({ value: c.name, id: c.id, url: `/product-category/${c.path}`, type: 'category' });
    }
    return out.length ? out : [{ value: t('search.noProducts'), id: -1, url: '', type: 'product' }];
  });
}
