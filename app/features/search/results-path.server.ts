import type { DB } from '../../../db/client.ts';
import { SEARCH } from '../../config/constants.ts';

/** Where `/search?q=&category=` shows its results: the shop (or category) listing with `s`. */
export async function searchResultsPath(db: DB, params: URLSearchParams): Promise<string> {
  const q = (params.get('q') ?? '').slice(0, SEARCH.maxChars).trim();
  const category = (params.get('category') ?? '').trim().toLowerCase().slice(0, SEARCH.maxChars);
  let base = '/shop';
  if (category) {
    const row = await db
      .selectFrom('categories')
      .select('path')
      .where((eb) => eb.or([eb('path', '=', category), eb('slug', '=', category)]))
      .orderBy('path')
      .executeTakeFirst();
    if (row) base = `/product-category/${row.path}`;
  }
  const out = new URLSearchParams();
  if (q) out.set('s', q);
  for (const k of ['orderby', 'min_price', 'max_price']) {
    const v = params.get(k);
    if (v) out.set(k, v.slice(0, 50));
  }
  const qs = out.toString();
  return qs ? `${base}?${qs}` : base;
}

/**
 * The redirect for a search link in the reference theme's shape (`?s=&product_cat=`) or
 * ours (`?q=&category=`): 302 to the results listing, `noindex`.
 */
export async function searchRedirect(db: DB, params: URLSearchParams): Promise<Response> {
  const mapped = new URLSearchParams(params);
  if (params.has('s')) mapped.set('q', params.get('s') ?? '');
  if (params.has('product_cat') && !params.has('category')) mapped.set('category', params.get('product_cat') ?? '');
  return new Response(null, { status: 302, headers: { location: await searchResultsPath(db, mapped), 'x-robots-tag': 'noindex' } });
}
