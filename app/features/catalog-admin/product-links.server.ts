import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { contains } from '../../lib/list-query.ts';
import { EMPTY_LINKS, LINK_KINDS, type EditorLinks, type LinkedProduct, type LinkKind } from './product-form.ts';

/*
 * The editor's product pickers (upsells, cross-sells, a grouped product's children): the
 * search behind their combobox and the names of the products a form names by id.
 */

/** Most matches a picker search answers. */
export const LOOKUP_LIMIT = 10;

/**
 * Products whose name contains `q` or whose SKU is `q` (case-insensitive), trashed ones
 * left out; for a grouped product's children (`kind` "grouped") grouped products too, as
 * one cannot hold another. Exact SKU and name-prefix matches come first.
 */
export async function lookupProducts(db: DB, q: string, opts: { kind?: LinkKind; exclude?: number[] } = {}): Promise<LinkedProduct[]> {
  const text = q.trim().toLowerCase().slice(0, 200);
  if (!text) return [];
  let query = db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'type'])
    .where('status', '!=', 'trash' as never)
    .where((eb) => eb.or([contains(sql`name`, text), eb(eb.fn('lower', ['sku']), '=', text)]));
  if (opts.kind === 'grouped') query = query.where('type', '!=', 'grouped');
  const exclude = (opts.exclude ?? []).filter((n) => Number.isSafeInteger(n) && n > 0).slice(0, 500);
  if (exclude.length) query = query.where('id', 'not in', exclude);
  const rows = await query.orderBy('name').orderBy('id').limit(200).execute();
  const score = (r: { name: string; sku: string | null }) => (r.sku?.toLowerCase() === text ? 0 : r.name.toLowerCase().startsWith(text) ? 1 : 2);
  return rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => score(a.r) - score(b.r) || a.i - b.i)
    .slice(0, LOOKUP_LIMIT)
    .map(({ r }) => ({ id: r.id, name: r.name, sku: r.sku ?? '' }));
}

/** Names and SKUs of products given by id, in the order given; unknown ids left out. */
export async function linkedProducts(db: DB, ids: number[]): Promise<LinkedProduct[]> {
  const unique = [...new Set(ids)].slice(0, 500);
  if (!unique.length) return [];
  const rows = await db.selectFrom('products').select(['id', 'name', 'sku']).where('id', 'in', unique).execute();
  return unique.flatMap((id) => rows.filter((r) => r.id === id).map((r) => ({ id: r.id, name: r.name, sku: r.sku ?? '' })));
}

/** A stored product's links by kind, in their order. */
export async function loadLinks(db: DB, productId: number): Promise<EditorLinks> {
  const rows = await db
    .selectFrom('product_links as l')
    .innerJoin('products as p', 'p.id', 'l.linked_id')
    .select(['l.kind', 'p.id', 'p.name', 'p.sku'])
    .where('l.product_id', '=', productId)
    .orderBy('l.kind')
    .orderBy('l.position')
    .execute();
  const links = EMPTY_LINKS();
  for (const r of rows) links[r.kind].push({ id: r.id, name: r.name, sku: r.sku ?? '' });
  return links;
}

/** The form's links (ids only) with the names the page shows; an unknown id is kept (the save refuses it). */
export async function nameLinks(db: DB, links: EditorLinks): Promise<EditorLinks> {
  const named = await linkedProducts(db, LINK_KINDS.flatMap((k) => links[k].map((l) => l.id)));
  const out = EMPTY_LINKS();
  for (const k of LINK_KINDS) out[k] = links[k].map((l) => named.find((n) => n.id === l.id) ?? { id: l.id, name: `#${l.id}`, sku: '' });
  return out;
}
