import { slugify } from '../catalog-write.server.ts';
import type { ProductRow, VariationRow, WooRow } from './rows.ts';
import { refText, type Ref } from './values.ts';

/*
 * Puts the rows of a whole file in writing order: each variation under its parent wherever
 * the two appear (WooCommerce exports by ID, so a variation can precede its parent), the
 * parent's attributes completed with what its variations use, duplicates refused.
 */

export interface Skip {
  row: number;
  reason: string;
}

export interface Plan {
  products: ProductRow[];
  children: Map<ProductRow, VariationRow[]>;
  /** Variations whose parent is not in the file: it must already be in the shop. */
  orphans: VariationRow[];
  skipped: Skip[];
  bySku: Map<string, WooRow>;
  byId: Map<number, WooRow>;
}

/** SKUs and IDs of rows that could not be read, so their variations are refused with the reason. */
export type FailedRefs = Map<string, number>;

export const refKey = (r: Ref): string => ('id' in r ? `id:${r.id}` : `sku:${r.sku}`);

export function planImport(rows: WooRow[], failed: FailedRefs): Plan {
  const out: Plan = { products: [], children: new Map(), orphans: [], skipped: [], bySku: new Map(), byId: new Map() };
  const kept: WooRow[] = [];
  for (const r of rows) {
    const twin = (r.sku && out.bySku.get(r.sku)) || (r.wooId && out.byId.get(r.wooId));
    if (twin) {
      out.skipped.push({ row: r.row, reason: `${r.sku && out.bySku.has(r.sku) ? `SKU "${r.sku}"` : `ID ${r.wooId}`} is already on row ${twin.row}` });
      failed.set(r.sku ? `sku:${r.sku}` : `id:${r.wooId}`, r.row);
      continue;
    }
    if (r.sku) out.bySku.set(r.sku, r);
    if (r.wooId) out.byId.set(r.wooId, r);
    kept.push(r);
  }
  for (const r of kept) {
    if (r.kind === 'product') {
      out.products.push(r);
      continue;
    }
    if (!r.parent) {
      out.skipped.push({ row: r.row, reason: 'Parent is empty: a variation needs its parent\'s SKU or "id:NN"' });
      continue;
    }
    const parent = 'id' in r.parent ? out.byId.get(r.parent.id) : out.bySku.get(r.parent.sku);
    const failedRow = failed.get(refKey(r.parent));
    if (!parent && failedRow) out.skipped.push({ row: r.row, reason: `Its parent ${refText(r.parent)} (row ${failedRow}) was not imported` });
    else if (!parent) out.orphans.push(r);
    else if (parent.kind === 'variation') out.skipped.push({ row: r.row, reason: `Parent ${refText(r.parent)} (row ${parent.row}) is a variation, not a product` });
    else if (parent.product.type !== 'variable') out.skipped.push({ row: r.row, reason: `Parent ${refText(r.parent)} (row ${parent.row}) is a ${parent.product.type} product, not a variable one` });
    else out.children.set(parent, [...(out.children.get(parent) ?? []), r]);
  }
  for (const [parent, kids] of out.children) completeAttributes(parent, kids);
  return out;
}

const same = (a: string, b: string) => a === b || slugify(a) === slugify(b);

/** Flags the parent's attributes its variations choose from and adds options only they name. */
function completeAttributes(parent: ProductRow, kids: VariationRow[]): void {
  const attrs = parent.product.attributes;
  for (const kid of kids) {
    for (const [name, value] of Object.entries(kid.choice)) {
      let attr = attrs.find((a) => a.name.toLowerCase() === name.toLowerCase() || same(a.slug || a.name, name));
      if (!attr) {
        attr = { name, options: [], visible: 1, variation: 1, is_global: 0, display: 'select', swatches: {} };
        attrs.push(attr);
      }
      attr.variation = 1;
      if (value && !attr.options.some((o) => same(o, value))) attr.options.push(value);
    }
  }
}
