import type { DB } from '../../../../db/client.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { setProductLinks } from '../catalog-write.server.ts';
import type { Plan } from './plan.ts';
import type { LinkKind, ProductRow } from './rows.ts';
import { refText, type Ref } from './values.ts';

/*
 * Grouped children, upsells and cross-sells, written once every row is in: a reference may
 * name a product further down the file. They go through the catalog's own setProductLinks,
 * so its rules (no self links, no grouped product inside another) hold here too.
 */

export interface LinkContext {
  db: DB;
  plan: Plan;
  /** Product id written for each imported row. */
  written: Map<ProductRow, { id: number; created: boolean }>;
  /** WooCommerce ID → product id, from earlier imports. */
  wooProducts: Map<number, number>;
  warn: (row: number, message: string) => void;
}

async function resolve(c: LinkContext, ref: Ref): Promise<number | null> {
  const inFile = 'id' in ref ? c.plan.byId.get(ref.id) : c.plan.bySku.get(ref.sku);
  if (inFile?.kind === 'product') return c.written.get(inFile)?.id ?? null;
  if (inFile) return null;
  if ('id' in ref) return c.wooProducts.get(ref.id) ?? null;
  return (await c.db.selectFrom('products').select('id').where('sku', '=', ref.sku).executeTakeFirst())?.id ?? null;
}

export async function writeLinks(c: LinkContext): Promise<void> {
  for (const [row, { id, created }] of c.written) {
    const kinds = Object.entries(row.links) as [LinkKind, Ref[]][];
    if (!kinds.length) continue;
    // Nothing to link and nothing to clear: skip the write (and its recompute) for most rows.
    if (kinds.every(([, refs]) => !refs.length)) {
      if (created || !(await c.db.selectFrom('product_links').select('product_id').where('product_id', '=', id).executeTakeFirst())) continue;
    }
    const links: Partial<Record<LinkKind, number[]>> = {};
    for (const [kind, refs] of kinds) {
      if (kind === 'grouped' && row.product.type !== 'grouped') {
        if (refs.length) c.warn(row.row, `Grouped products is only used by grouped products; ignored for a ${row.product.type} one`);
        continue;
      }
      const ids: number[] = [];
      for (const ref of refs) {
        const target = await resolve(c, ref);
        if (target === null) c.warn(row.row, `${LABEL[kind]}: no product ${refText(ref)} in this file or the shop; left out`);
        else if (target === id) c.warn(row.row, `${LABEL[kind]}: a product cannot list itself; left out`);
        else ids.push(target);
      }
      links[kind] = ids;
    }
    try {
      await setProductLinks(c.db, id, links);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      c.warn(row.row, `links not saved: ${err.message}`);
    }
  }
}

const LABEL: Record<LinkKind, string> = { grouped: 'Grouped products', upsell: 'Upsells', crosssell: 'Cross-sells' };
