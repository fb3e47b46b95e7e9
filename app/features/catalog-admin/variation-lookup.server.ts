import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { contains } from '../../lib/list-query.ts';
import { LOOKUP_LIMIT } from './product-links.server.ts';
import type { LinkedProduct } from './product-form.ts';
import { variationAttributes } from '../catalog/variation-name.ts';

/*
 * Variations for a picker that takes them as well as products (the coupon editor): found by
 * their product's name or SKU or their own SKU, and named as people read them,
 * "Zip Hoodie — Colour Blue, Size M".
 */

type Row = { id: number; sku: string | null; attributes: string; product_id: number; name: string };

/** "Colour Blue, Size M" from a variation's attribute values by slug and its product's attribute names; "any Size" for an open one. */
export function choiceText(attributes: string, names: Map<string, string>): string {
  return Object.entries(variationAttributes(attributes))
    .map(([slug, value]) => {
      const name = names.get(slug) ?? slug;
      return value ? `${name} ${value}` : `any ${name}`;
    })
    .join(', ');
}

async function named(db: DB, rows: Row[]): Promise<LinkedProduct[]> {
  if (!rows.length) return [];
  const attrs = await db
    .selectFrom('product_attributes')
    .select(['product_id', 'slug', 'name'])
    .where('product_id', 'in', [...new Set(rows.map((r) => r.product_id))])
    .execute();
  return rows.map((r) => {
    const names = new Map(attrs.filter((a) => a.product_id === r.product_id).map((a) => [a.slug, a.name]));
    const choice = choiceText(r.attributes, names);
    return { id: r.id, name: choice ? `${r.name} — ${choice}` : `${r.name} — #${r.id}`, sku: r.sku ?? '', variationOf: r.product_id };
  });
}

const base = (db: DB) => db.selectFrom('product_variations as v').innerJoin('products as p', 'p.id', 'v.product_id').select(['v.id', 'v.sku', 'v.attributes', 'v.product_id', 'p.name']);

/**
 * Variations whose product's name contains `q`, or whose own or product's SKU is `q`
 * (case-insensitive), of products not in the trash; exact SKUs first, then in product
 * name and variation order. `exclude` leaves out variation ids already chosen.
 */
export async function lookupVariations(db: DB, q: string, opts: { exclude?: number[] } = {}): Promise<LinkedProduct[]> {
  const text = q.trim().toLowerCase().slice(0, 200);
  if (!text) return [];
  let query = base(db)
    .where('p.status', '!=', 'trash' as never)
    .where((eb) => eb.or([contains(sql`p.name`, text), eb(eb.fn('lower', ['p.sku']), '=', text), eb(eb.fn('lower', ['v.sku']), '=', text)]));
  const exclude = (opts.exclude ?? []).filter((n) => Number.isSafeInteger(n) && n > 0).slice(0, 500);
  if (exclude.length) query = query.where('v.id', 'not in', exclude);
  const rows = await query.orderBy('p.name').orderBy('p.id').orderBy('v.menu_order').orderBy('v.id').limit(200).execute();
  const exact = (r: Row) => (r.sku?.toLowerCase() === text ? 0 : 1);
  const picked = rows
    .map((r, i) => ({ r, i }))
    .sort((a, b) => exact(a.r) - exact(b.r) || a.i - b.i)
    .slice(0, LOOKUP_LIMIT)
    .map(({ r }) => r);
  return named(db, picked);
}

/** Variations given by id, named, in the order given; unknown ids left out. */
export async function linkedVariations(db: DB, ids: number[]): Promise<LinkedProduct[]> {
  const unique = [...new Set(ids)].slice(0, 500);
  if (!unique.length) return [];
  const rows = await base(db).where('v.id', 'in', unique).execute();
  const found = await named(db, rows);
  return unique.flatMap((id) => found.filter((r) => r.id === id));
}
