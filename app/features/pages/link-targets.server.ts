import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { contains } from '../../lib/list-query.ts';
import type { LinkTarget } from './link-targets.ts';

/*
 * What the block settings' pickers offer: pages, published products and categories whose
 * name (or address) contains the words typed, each with the address a link to it takes (a
 * category's path for the category pickers), and the contact forms for the form setting.
 * The backend editor lists them all (no scripts to search with); the visual builder asks
 * /admin/pages/links.json as one types.
 */

const MATCHES = 8;

export async function findLinkTargets(db: DB, q: string, kind: 'link' | 'category'): Promise<LinkTarget[]> {
  const text = q.trim().toLowerCase().slice(0, 100);
  if (!text) return [];
  const categories = db
    .selectFrom('categories')
    .select(['name', 'path'])
    .where((eb) => eb.or([contains(sql`name`, text), contains(sql`path`, text)]))
    .orderBy('name')
    .limit(MATCHES)
    .execute();
  if (kind === 'category') return (await categories).map((c) => ({ kind: 'category', label: c.name, value: c.path, detail: c.path }));
  const [pages, products, cats] = await Promise.all([
    db.selectFrom('pages').select(['title', 'slug']).where((eb) => eb.or([contains(sql`title`, text), contains(sql`slug`, text)])).orderBy('title').limit(MATCHES).execute(),
    db.selectFrom('products').select(['name', 'slug']).where('status', '=', 'publish').where(contains(sql`name`, text)).orderBy('name').limit(MATCHES).execute(),
    categories,
  ]);
  return [
    ...pages.map((p) => ({ kind: 'page' as const, label: p.title, value: p.slug === 'home' ? '/' : `/${p.slug}` })),
    ...products.map((p) => ({ kind: 'product' as const, label: p.name, value: `/product/${p.slug}` })),
    ...cats.map((c) => ({ kind: 'category' as const, label: c.name, value: `/product-category/${c.path}` })),
  ].map((m) => ({ ...m, detail: m.value }));
}

/** Every category (the backend editor's category choices), by path. */
export function allCategories(db: DB): Promise<{ name: string; path: string }[]> {
  return db.selectFrom('categories').select(['name', 'path']).orderBy('path').limit(2000).execute();
}

/** The contact forms a contact-form block may show. */
export function allForms(db: DB): Promise<{ id: number; title: string }[]> {
  return db.selectFrom('contact_forms').select(['id', 'title']).orderBy('title').orderBy('id').limit(500).execute();
}

/** Addresses a link may take, for the backend editor's suggestions: pages, categories, published products. */
export async function linkSuggestions(db: DB): Promise<LinkTarget[]> {
  const [pages, cats, products] = await Promise.all([
    db.selectFrom('pages').select(['title', 'slug']).orderBy('title').limit(500).execute(),
    allCategories(db),
    db.selectFrom('products').select(['name', 'slug']).where('status', '=', 'publish').orderBy('name').limit(500).execute(),
  ]);
  return [
    ...pages.map((p) => ({ kind: 'page' as const, label: p.title, value: p.slug === 'home' ? '/' : `/${p.slug}`, detail: '' })),
    ...products.map((p) => ({ kind: 'product' as const, label: p.name, value: `/product/${p.slug}`, detail: '' })),
    ...cats.map((c) => ({ kind: 'category' as const, label: c.name, value: `/product-category/${c.path}`, detail: '' })),
  ];
}
