import type { DB } from '../client.ts';
import { nowIso } from '../../app/lib/time.ts';

/** Demo products by shipping class. */
export const DEMO_SHIPPING_CLASSES = {
  bulky: ['Everyday Zip Hoodie', 'Fleece Pullover Hoodie', 'Heritage College Hoodie'],
  letterbox: ['Limited Edition Enamel Pin', 'Merino Socks 3-Pack'],
} as const;

/** Demo coupons, for tests and for trying the shop. */
export const DEMO_COUPONS = { percent: 'welcome10', freeShipping: 'freeship' } as const;

/**
 * Shipping zones, tax rates and coupons of the demo shop (prices in GBP). Taxes are defined
 * but switched off in the default settings, as in a new shop; the admin's Tax page turns them on.
 */
export async function seedDemoCommerce(db: DB): Promise<void> {
  const zone = async (name: string, position: number, locations: { type: 'country' | 'state' | 'continent' | 'postcode'; code: string }[]) => {
    const { id } = await db.insertInto('shipping_zones').values({ name, position }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('shipping_zone_locations').values(locations.map((l) => ({ zone_id: id, ...l }))).execute();
    return id;
  };
  const method = (zone_id: number | null, type: 'flat_rate' | 'free_shipping' | 'local_pickup', title: string, position: number, settings: object) =>
    db.insertInto('shipping_methods').values({ zone_id, type, title, position, settings: JSON.stringify(settings) }).execute();

  const uk = await zone('United Kingdom', 0, [{ type: 'country', code: 'GB' }]);
  await method(uk, 'flat_rate', 'Standard delivery', 0, { cost: 395, costType: 'per_order' });
  await method(uk, 'free_shipping', 'Free delivery', 1, { requires: 'either', minAmount: 5000, ignoreDiscounts: false });
  await method(uk, 'local_pickup', 'Collect from the shop', 2, { cost: 0 });
  const us = await zone('United States', 1, [{ type: 'country', code: 'US' }]);
  await method(us, 'flat_rate', 'International tracked', 0, { cost: 995, costType: 'per_order' });
  await method(us, 'free_shipping', 'Free shipping (coupon)', 1, { requires: 'coupon', minAmount: 0, ignoreDiscounts: false });
  const europe = await zone('Europe', 2, [{ type: 'continent', code: 'EU' }]);
  await method(europe, 'flat_rate', 'European delivery', 0, { cost: 695, costType: 'per_order' });
  await method(null, 'flat_rate', 'Worldwide delivery', 0, { cost: 1495, costType: 'per_order' });

  // Shipping classes (/admin/shipping-classes) on the products they fit; no flat rate charges
  // for them yet, so the demo's shipping prices stay as above until the owner sets amounts.
  await db.insertInto('shipping_classes').values([{ name: 'Bulky parcel', slug: 'bulky' }, { name: 'Letterbox', slug: 'letterbox' }]).execute();
  for (const [slug, names] of Object.entries(DEMO_SHIPPING_CLASSES)) await db.updateTable('products').set({ shipping_class: slug }).where('name', 'in', [...names]).execute();

  await db.insertInto('tax_rates').values([
    { country: 'GB', state: '', rate: 200000, name: 'VAT', priority: 1, shipping: 1 as const, tax_class: '', position: 0 },
    { country: 'GB', state: '', rate: 50000, name: 'VAT', priority: 1, shipping: 1 as const, tax_class: 'reduced-rate', position: 1 },
    { country: 'GB', state: '', rate: 0, name: 'VAT', priority: 1, shipping: 1 as const, tax_class: 'zero-rate', position: 2 },
    { country: 'US', state: 'CA', rate: 72500, name: 'CA sales tax', priority: 1, shipping: 0 as const, tax_class: '', position: 3 },
    { country: 'DE', state: '', rate: 190000, name: 'MwSt.', priority: 1, shipping: 1 as const, tax_class: '', position: 4 },
  ].map((r) => ({ ...r, postcodes: '', cities: '', compound: 0 as const }))).execute();

  const now = nowIso();
  await db.insertInto('coupons').values([
    { code: DEMO_COUPONS.percent, description: '10 % off your order', discount_type: 'percent', amount: 1000, free_shipping: 0, created_at: now, updated_at: now },
    { code: DEMO_COUPONS.freeShipping, description: 'Free shipping', discount_type: 'fixed_cart', amount: 0, free_shipping: 1, created_at: now, updated_at: now },
  ]).execute();
}
