import type { DB } from '../../../db/client.ts';
import { MEDIA_KEYS } from '../pages/prop-fields.ts';
import type { MediaUse } from './types.ts';

export type { MediaUse } from './types.ts';

/*
 * Where each picture of the media library is used: product galleries and main pictures,
 * variations, categories, block pages (their draft and their published blocks) and attribute
 * swatches. The library shows it and refuses to delete a used picture; the cleanup of unsaved
 * uploads keeps a used one.
 */

const SWATCH_ID = /^\d{1,10}$/;

/** Media ids under a picture key (mediaId, bgMediaId, posterMediaId) anywhere in a block tree's JSON. */
export function blockMediaIds(json: string | null): Set<number> {
  const found = new Set<number>();
  if (!json) return found;
  let tree: unknown;
  try {
    tree = JSON.parse(json);
  } catch {
    return found;
  }
  const stack: unknown[] = [tree];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (MEDIA_KEYS.has(k) && typeof child === 'number') found.add(child);
        else if (child && typeof child === 'object') stack.push(child);
      }
    }
  }
  return found;
}

function swatchIds(json: string): number[] {
  try {
    const map = JSON.parse(json) as unknown;
    if (!map || typeof map !== 'object') return [];
    return Object.values(map as Record<string, unknown>)
      .map((v) => String(v))
      .filter((v) => SWATCH_ID.test(v))
      .map(Number);
  } catch {
    return [];
  }
}

/** Each id's uses (an empty list: unused). */
export async function mediaUsage(db: DB, ids: readonly number[]): Promise<Map<number, MediaUse[]>> {
  const out = new Map<number, MediaUse[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const list = [...ids];
  const add = (id: number, use: MediaUse) => {
    const uses = out.get(id);
    if (uses && !uses.some((u) => u.kind === use.kind && u.href === use.href)) uses.push(use);
  };
  const product = (id: number, name: string): MediaUse => ({ kind: 'product', name, href: `/admin/products/${id}` });

  const gallery = await db
    .selectFrom('product_images')
    .innerJoin('products', 'products.id', 'product_images.product_id')
    .select(['product_images.media_id as mediaId', 'products.id', 'products.name'])
    .where('product_images.media_id', 'in', list)
    .execute();
  for (const r of gallery) add(r.mediaId, product(r.id, r.name));
  const main = await db.selectFrom('products').select(['image_id as mediaId', 'id', 'name']).where('image_id', 'in', list).execute();
  for (const r of main) add(r.mediaId!, product(r.id, r.name));
  const variations = await db
    .selectFrom('product_variations')
    .innerJoin('products', 'products.id', 'product_variations.product_id')
    .select(['product_variations.image_id as mediaId', 'product_variations.id as variationId', 'products.id', 'products.name'])
    .where('product_variations.image_id', 'in', list)
    .execute();
  for (const r of variations) add(r.mediaId!, { kind: 'variation', name: `${r.name} #${r.variationId}`, href: `/admin/products/${r.id}` });
  const categories = await db.selectFrom('categories').select(['image_id as mediaId', 'id', 'name']).where('image_id', 'in', list).execute();
  for (const r of categories) add(r.mediaId!, { kind: 'category', name: r.name, href: `/admin/categories/${r.id}` });

  const wanted = new Set(list);
  // Block trees are JSON: read and walked here (a shop has tens of pages, not thousands).
  const pages = await db.selectFrom('pages').select(['id', 'title', 'blocks', 'published_blocks']).execute();
  for (const p of pages) {
    for (const id of new Set([...blockMediaIds(p.blocks), ...blockMediaIds(p.published_blocks)])) {
      if (wanted.has(id)) add(id, { kind: 'page', name: p.title, href: `/admin/pages/${p.id}` });
    }
  }
  const terms = await db
    .selectFrom('attribute_terms')
    .innerJoin('attributes', 'attributes.id', 'attribute_terms.attribute_id')
    .select(['attribute_terms.swatch', 'attributes.id', 'attributes.name', 'attribute_terms.name as term'])
    .where('attribute_terms.swatch', 'in', list.map(String))
    .execute();
  for (const r of terms) add(Number(r.swatch), { kind: 'attribute', name: `${r.name}: ${r.term}`, href: `/admin/attributes/${r.id}` });
  const swatches = await db
    .selectFrom('product_attributes')
    .innerJoin('products', 'products.id', 'product_attributes.product_id')
    .select(['product_attributes.swatches', 'products.id', 'products.name'])
    .where('product_attributes.swatches', 'not in', ['', '{}'])
    .execute();
  for (const r of swatches) for (const id of swatchIds(r.swatches)) if (wanted.has(id)) add(id, product(r.id, r.name));
  return out;
}
