import type { DB } from '../../../db/client.ts';
import type { Services } from '../../lib/services.server.ts';
import { NO_ORIGIN_MESSAGE } from '../settings/origin.server.ts';

/** URLs per sitemap file: the sitemaps.org limit. */
export const SITEMAP_URLS_PER_FILE = 50_000;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function publicProducts(db: DB) {
  return db
    .selectFrom('products')
    .where('status', '=', 'publish')
    .where('catalog_visibility', '!=', 'hidden');
}

/** The sitemap index: one file for categories and tags, then product files of 50,000 URLs each. */
export async function sitemapIndex(db: DB, origin: string): Promise<string> {
  const row = await publicProducts(db).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const files = Math.max(1, Math.ceil(Number(row?.n ?? 0) / SITEMAP_URLS_PER_FILE));
  const entries = ['taxonomies', ...Array.from({ length: files }, (_, i) => `products-${i + 1}`)];
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.map((e) => `  <sitemap><loc>${esc(`${origin}/sitemaps/${e}.xml`)}</loc></sitemap>`).join('\n')}
</sitemapindex>
`;
}

function urlset(urls: { loc: string; lastmod?: string }[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${esc(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`).join('\n')}
</urlset>
`;
}

/** One sitemap file by name ("taxonomies" or "products-N"); null for an unknown or empty one. */
export async function sitemapFile(db: DB, origin: string, name: string): Promise<string | null> {
  if (name === 'taxonomies') {
    const [cats, tags] = await Promise.all([
      db.selectFrom('categories').select('path').where('product_count', '>', 0).orderBy('path').execute(),
      db.selectFrom('tags').select('slug').orderBy('slug').execute(),
    ]);
    return urlset([
      { loc: `${origin}/` },
      { loc: `${origin}/shop` },
      ...cats.map((c) => ({ loc: `${origin}/product-category/${c.path}` })),
      ...tags.map((t) => ({ loc: `${origin}/product-tag/${t.slug}` })),
    ]);
  }
  const m = /^products-(\d{1,6})$/.exec(name);
  if (!m) return null;
  const page = Number(m[1]);
  if (page < 1) return null;
  const rows = await publicProducts(db)
    .select(['slug', 'updated_at'])
    .orderBy('id')
    .limit(SITEMAP_URLS_PER_FILE)
    .offset((page - 1) * SITEMAP_URLS_PER_FILE)
    .execute();
  if (rows.length === 0 && page > 1) return null;
  return urlset(rows.map((r) => ({ loc: `${origin}/product/${r.slug}`, lastmod: r.updated_at })));
}

/**
 * Sitemaps list absolute URLs only: without a trusted origin there is none to give, so the
 * answer is 503 (crawlers come back later) and the log says what to set.
 */
export function sitemapUnavailable(services: Pick<Services, 'log'>): Response {
  services.log.error(`configuration error: ${NO_ORIGIN_MESSAGE}; the sitemap cannot be served`);
  return new Response('The sitemap is not available until the shop knows its public address.', {
    status: 503,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '3600', 'cache-control': 'no-store' },
  });
}

/** robots.txt; the Sitemap line needs an absolute URL, so it is left out without a trusted origin. */
export function robotsTxt(origin: string | null): string {
  return `User-agent: *
Disallow: /admin
Disallow: /account
Disallow: /cart
Disallow: /checkout
Disallow: /api/
Disallow: /*?*orderby=
Disallow: /*?*min_price=
${origin ? `\nSitemap: ${origin}/sitemap.xml\n` : ''}`;
}
