import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput, rowIdText } from '../../lib/validate.ts';
import { SHIPPING_CLASS_LIMITS } from '../../config/constants.ts';

/*
 * Shipping classes in the back office (/admin/shipping-classes; adding one is
 * methods-admin.server.ts's addShippingClass). Products and variations name their class by
 * slug, and flat rates keep an amount per class slug (`classCosts`), so a new slug is written
 * to all three and a deletion clears them, each in one transaction; the store-version
 * triggers on those tables move every cache (carts price shipping from them).
 */

export interface AdminShippingClass {
  id: number;
  name: string;
  slug: string;
  /** Products and variations naming it. */
  uses: number;
}

const usesOf = async (db: DB, slug: string) => {
  const count = (table: 'products' | 'product_variations') =>
    db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('shipping_class', '=', slug).executeTakeFirstOrThrow().then((r) => Number(r.n));
  const [products, variations] = await Promise.all([count('products'), count('product_variations')]);
  return products + variations;
};

/** Flat rates with an amount for this class slug. */
async function methodsWithClass(db: DB, slug: string) {
  const rows = await db.selectFrom('shipping_methods').select(['id', 'settings']).where('type', '=', 'flat_rate').execute();
  return rows.flatMap((r) => {
    const settings = JSON.parse(r.settings || '{}') as { classCosts?: Record<string, number> };
    return settings.classCosts && slug in settings.classCosts ? [{ id: r.id, settings: settings as Record<string, unknown> & { classCosts: Record<string, number> } }] : [];
  });
}

export async function listShippingClassesAdmin(db: DB): Promise<AdminShippingClass[]> {
  const rows = await db.selectFrom('shipping_classes').select(['id', 'name', 'slug']).orderBy('name').orderBy('id').execute();
  return Promise.all(rows.map(async (r) => ({ ...r, uses: await usesOf(db, r.slug) })));
}

/** What deleting a class would clear: shown before the confirmation. */
export async function shippingClassUsage(db: DB, id: number): Promise<(AdminShippingClass & { methods: number }) | null> {
  const row = await db.selectFrom('shipping_classes').select(['id', 'name', 'slug']).where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  return { ...row, uses: await usesOf(db, row.slug), methods: (await methodsWithClass(db, row.slug)).length };
}

const slugText = z
  .string()
  .trim()
  .toLowerCase()
  .max(SHIPPING_CLASS_LIMITS.slugMax)
  .regex(/^[a-z0-9-]*$/, 'Use lower-case letters, digits and dashes')
  .default('');
const renameSchema = z.object({ id: rowIdText, name: z.string().trim().min(1, 'Enter a class name').max(SHIPPING_CLASS_LIMITS.nameMax), slug: slugText });

const fromName = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** A new name and slug; products, variations and flat rates naming the old slug follow it. */
export async function renameShippingClass(db: DB, input: unknown): Promise<{ name: string; moved: number }> {
  const c = parseInput(renameSchema, input);
  const slug = c.slug || fromName(c.name);
  if (!slug) throw new HttpError(400, 'invalid', 'slug: Enter a slug of letters or digits.', { slug: 'Enter a slug of letters or digits' });
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('shipping_classes').select(['id', 'slug']).where('id', '=', c.id).executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found', 'This shipping class no longer exists.');
    if (slug !== row.slug) {
      const taken = await trx.selectFrom('shipping_classes').select('id').where('slug', '=', slug).where('id', '!=', c.id).executeTakeFirst();
      if (taken) throw new HttpError(409, 'conflict', `slug: A shipping class "${slug}" exists already.`, { slug: 'Already in use' });
    }
    await trx.updateTable('shipping_classes').set({ name: c.name, slug }).where('id', '=', c.id).execute();
    if (slug === row.slug) return { name: c.name, moved: 0 };
    const a = await trx.updateTable('products').set({ shipping_class: slug }).where('shipping_class', '=', row.slug).executeTakeFirst();
    const b = await trx.updateTable('product_variations').set({ shipping_class: slug }).where('shipping_class', '=', row.slug).executeTakeFirst();
    for (const m of await methodsWithClass(trx, row.slug)) {
      const { [row.slug]: amount, ...rest } = m.settings.classCosts;
      await trx.updateTable('shipping_methods').set({ settings: JSON.stringify({ ...m.settings, classCosts: { ...rest, [slug]: amount } }) }).where('id', '=', m.id).execute();
    }
    return { name: c.name, moved: Number(a.numUpdatedRows) + Number(b.numUpdatedRows) };
  });
}

const deleteSchema = z.object({ id: rowIdText, confirm: z.literal('1', { error: 'Tick the box to confirm' }) });

/** Deletes a class: the products and variations naming it have none afterwards, and flat rates drop its amount. */
export async function deleteShippingClass(db: DB, input: unknown): Promise<{ name: string; cleared: number }> {
  const d = parseInput(deleteSchema, input);
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('shipping_classes').select(['id', 'name', 'slug']).where('id', '=', d.id).executeTakeFirst();
    if (!row) throw new HttpError(404, 'not_found', 'This shipping class no longer exists.');
    const a = await trx.updateTable('products').set({ shipping_class: '' }).where('shipping_class', '=', row.slug).executeTakeFirst();
    const b = await trx.updateTable('product_variations').set({ shipping_class: '' }).where('shipping_class', '=', row.slug).executeTakeFirst();
    for (const m of await methodsWithClass(trx, row.slug)) {
      const { [row.slug]: _gone, ...rest } = m.settings.classCosts;
      await trx.updateTable('shipping_methods').set({ settings: JSON.stringify({ ...m.settings, classCosts: rest }) }).where('id', '=', m.id).execute();
    }
    await trx.deleteFrom('shipping_classes').where('id', '=', row.id).execute();
    return { name: row.name, cleared: Number(a.numUpdatedRows) + Number(b.numUpdatedRows) };
  });
}
