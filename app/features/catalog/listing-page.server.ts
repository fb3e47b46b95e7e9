import { redirect, type AppLoadContext } from 'react-router';
import { getSettings } from '../settings/settings.server.ts';
import { publicSettings, type PublicSettings } from '../settings/public-settings.ts';
import { categoryByPath, categoryRedirect, tagBySlug, tagRedirect, type CategoryNode } from './categories.server.ts';
import { filterParams, parseListingQuery, type ListingQuery } from './listing.schema.ts';
import { listProducts, type Listing } from './listing.server.ts';
import type { Crumb } from '../../ui/breadcrumbs.tsx';
import { trustedOrigin } from '../settings/origin.server.ts';
import { t } from '../../i18n/t.ts';

export type ListingKind = 'shop' | 'category' | 'tag';

export interface ListingPageData {
  kind: ListingKind;
  title: string;
  description: string;
  /** A category's picture (its alt text as written in the back office). */
  image: CategoryNode['image'];
  basePath: string;
  crumbs: Crumb[];
  subcategories: CategoryNode[];
  listing: Listing;
  query: ListingQuery;
  /** `GET /api/products` query for this listing without the page number. */
  apiQuery: string;
  settings: PublicSettings;
  /** Trusted origin for absolute links; empty when none is configured (links are then paths). */
  origin: string;
}

const notFound = () => new Response('Not Found', { status: 404 });

/** Everything a shop, category or tag page shows; throws a 404 response for unknown ones. */
export async function loadListingPage(
  context: AppLoadContext,
  request: Request,
  kind: ListingKind,
  key?: string,
): Promise<ListingPageData> {
  const { db } = context.services;
  const url = new URL(request.url);
  const query = parseListingQuery(url.searchParams);
  const settings = await getSettings(db);
  const api = new URLSearchParams();
  let title = t('shop.title');
  let description = '';
  let image: CategoryNode['image'] = null;
  let basePath = '/shop';
  let crumbs: Crumb[] = [{ name: t('shop.title') }];
  let subcategories: CategoryNode[] = [];
  let scope = {};

  if (kind === 'category') {
    const found = await categoryByPath(db, key ?? '');
    if (!found) {
      // An address the category had before its slug or parent changed leads to where it is now.
      const moved = await categoryRedirect(db, key ?? '');
      if (moved) throw redirect(`/product-category/${moved}${url.search}`, 301);
      throw notFound();
    }
    title = found.category.name;
    description = found.category.description;
    image = found.category.image;
    basePath = `/product-category/${found.category.path}`;
    crumbs = [...found.ancestors.map((a) => ({ name: a.name, href: `/product-category/${a.path}` })), { name: found.category.name }];
    subcategories = found.category.children;
    if (query.s) {
      // A search within the category (the header box's select): the results, named as such.
      title = t('shop.searchInTitle', { query: query.s, category: found.category.name });
      crumbs = [...crumbs.slice(0, -1), { name: found.category.name, href: basePath }, { name: t('shop.searchTitle', { query: query.s }) }];
    }
    scope = { categoryIds: found.descendantIds, categoryId: found.category.id };
    api.set('category', found.category.path);
  } else if (kind === 'tag') {
    const tag = await tagBySlug(db, key ?? '');
    if (!tag) {
      // A tag merged into another: its old address leads to the tag it went into.
      const moved = await tagRedirect(db, key ?? '');
      if (moved) throw redirect(`/product-tag/${moved}${url.search}`, 301);
      throw notFound();
    }
    title = t('shop.tagTitle', { name: tag.name });
    description = tag.description;
    basePath = `/product-tag/${tag.slug}`;
    crumbs = [{ name: t('shop.title'), href: '/shop' }, { name: tag.name }];
    scope = { tagId: tag.id };
    api.set('tag', tag.slug);
  } else if (query.s) {
    title = t('shop.searchTitle', { query: query.s });
    crumbs = [{ name: t('shop.title'), href: '/shop' }, { name: title }];
  }
  const listing = await listProducts(db, query, scope, settings.currency, query.per_page ?? settings.productsPerPage);
  api.set('per_page', String(listing.perPage));
  for (const k of ['orderby', 'min_price', 'max_price', 's'] as const) {
    if (query[k] !== undefined) api.set(k, String(query[k]));
  }
  for (const [k, v] of Object.entries(filterParams(query.filters))) api.set(k, v);
  return { kind, title, description, image, basePath, crumbs, subcategories, listing, query, apiQuery: api.toString(), settings: publicSettings(settings), origin: (await trustedOrigin(context.services, context.requestOrigin)) ?? '' };
}
