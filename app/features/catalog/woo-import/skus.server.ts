import type { DB } from '../../../../db/client.ts';
import { HttpError } from '../../../lib/http-error.ts';
import { StagedMap } from './staged.ts';

/*
 * Every SKU in the shop and what holds it, read once per import: SKUs are shop-wide (as
 * in WooCommerce), and looking each one up in two tables per row was a third of an
 * import's queries. The unique indexes stay the last word if someone edits meanwhile.
 */

export type SkuOwner = { kind: 'product' | 'variation'; id: number };
const key = (o: SkuOwner) => `${o.kind}:${o.id}`;

export class SkuIndex {
  private bySku = new StagedMap<string, SkuOwner>();
  private byOwner = new StagedMap<string, string>();

  async load(db: DB): Promise<void> {
    for (const kind of ['product', 'variation'] as const) {
      const rows = await db.selectFrom(kind === 'product' ? 'products' : 'product_variations').select(['id', 'sku']).where('sku', 'is not', null).execute();
      this.bySku.load(rows.map((r) => [r.sku!, { kind, id: r.id }]));
      this.byOwner.load(rows.map((r) => [key({ kind, id: r.id }), r.sku!]));
    }
  }

  owner(sku: string | null | undefined): SkuOwner | undefined {
    return sku ? this.bySku.get(sku) : undefined;
  }

  skuOf(owner: SkuOwner): string | undefined {
    return this.byOwner.get(key(owner));
  }

  /** Refuses a SKU held by anything but `self` (which may not exist yet). */
  check(sku: string | null | undefined, self: Partial<SkuOwner> & { kind: SkuOwner['kind'] }): void {
    const holder = this.owner(sku);
    if (holder && !(holder.kind === self.kind && holder.id === self.id)) {
      throw new HttpError(409, 'sku_taken', `SKU "${sku}" is already used by another ${holder.kind}.`);
    }
  }

  /** Records that `owner` now holds `sku` (or none), releasing its previous one. */
  assign(owner: SkuOwner, sku: string | null | undefined): void {
    const previous = this.byOwner.get(key(owner));
    if (previous && previous !== sku) this.bySku.set(previous, undefined);
    this.byOwner.set(key(owner), sku ?? undefined);
    if (sku) this.bySku.set(sku, owner);
  }

  commit(): void {
    this.bySku.commit();
    this.byOwner.commit();
  }

  rollback(): void {
    this.bySku.rollback();
    this.byOwner.rollback();
  }
}
