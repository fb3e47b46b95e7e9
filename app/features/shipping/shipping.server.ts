import { cached } from '../../lib/store-cache.server.ts';
import type { DB } from '../../../db/client.ts';
import type { Location, PricedLine } from '../cart/contracts.ts';
import type { ShippingRate } from '../cart/cart.schema.ts';
import { continentOf } from './continents.ts';
import { anyPostcodeMatches } from './postcodes.ts';
import { flatRateCost, freeShippingAvailable, type PackageContents } from './rates.ts';
import { readMethodSettings, REST_OF_WORLD } from './shipping.schema.ts';

interface ZoneLocation {
  type: string;
  code: string;
}

/**
 * Whether a zone's locations take in the destination: one of its regions (country, state or
 * continent) and, if it lists postcodes, one of those. A zone of postcodes only takes them in
 * any country; a zone with no locations takes in nothing.
 */
export function zoneMatches(locations: readonly ZoneLocation[], destination: Location): boolean {
  if (locations.length === 0) return false; // a draft, not "everywhere"
  const country = destination.country.trim().toUpperCase();
  const state = `${country}:${destination.state.trim().toUpperCase()}`;
  const continent = continentOf(country);
  const regions = locations.filter((l) => l.type !== 'postcode');
  const postcodes = locations.filter((l) => l.type === 'postcode').map((l) => l.code);
  const regionOk =
    regions.length === 0 ||
    regions.some((l) => {
      const code = l.code.toUpperCase();
      if (l.type === 'country') return code === country;
      if (l.type === 'state') return code === state;
      if (l.type === 'continent') return code === continent;
      return false;
    });
  return regionOk && (postcodes.length === 0 || anyPostcodeMatches(postcodes, destination.postcode));
}

/**
 * The zone for a destination: zones in `position` order, the first whose locations match,
 * else the "rest of the world" (id null).
 */
export async function matchZone(db: DB, destination: Location): Promise<{ id: number | null; name: string }> {
  for (const [id, zone] of await cached(db, 'shipping.zones', () => loadZones(db))) {
    if (zoneMatches(zone.locations, destination)) return { id, name: zone.name };
  }
  return { id: null, name: REST_OF_WORLD };
}

async function loadZones(db: DB) {
  const rows = await db
    .selectFrom('shipping_zones as z')
    .leftJoin('shipping_zone_locations as l', 'l.zone_id', 'z.id')
    .select(['z.id', 'z.name', 'z.position', 'l.type', 'l.code'])
    .orderBy('z.position')
    .orderBy('z.id')
    .execute();
  const zones = new Map<number, { name: string; locations: ZoneLocation[] }>();
  for (const r of rows) {
    let zone = zones.get(r.id);
    if (!zone) zones.set(r.id, (zone = { name: r.name, locations: [] }));
    if (r.type && r.code !== null) zone.locations.push({ type: r.type, code: r.code });
  }
  return zones;
}

/** Enabled methods of a zone (null = rest of the world), in position order. */
function enabledMethods(db: DB, zoneId: number | null) {
  return cached(db, `shipping.methods:${zoneId}`, () => loadMethods(db, zoneId));
}

async function loadMethods(db: DB, zoneId: number | null) {
  let q = db.selectFrom('shipping_methods').select(['id', 'type', 'title', 'settings']).where('enabled', '=', 1);
  q = zoneId === null ? q.where('zone_id', 'is', null) : q.where('zone_id', '=', zoneId);
  return q.orderBy('position').orderBy('id').execute();
}

/** The rates one method offers for a package: none when its conditions are not met. */
function methodRate(m: { id: number; type: string; title: string; settings: string }, p: PackageContents): ShippingRate | null {
  const id = `${m.type}:${m.id}`;
  switch (m.type) {
    case 'flat_rate':
      return { id, title: m.title, cost: flatRateCost(readMethodSettings('flat_rate', m.settings), p.lines), tax: 0 };
    case 'free_shipping':
      return freeShippingAvailable(readMethodSettings('free_shipping', m.settings), p) ? { id, title: m.title, cost: 0, tax: 0 } : null;
    case 'local_pickup':
      return { id, title: m.title, cost: readMethodSettings('local_pickup', m.settings).cost, tax: 0 };
    default:
      return null; // a type this version does not know
  }
}

/**
 * Rates for the cart's one package: the enabled methods of the destination's zone. Virtual
 * lines need no shipping, so a cart without a shippable line has no package. `tax` is 0
 * here: the cart computes it with the tax rules.
 */
export async function calculateShipping(
  db: DB,
  input: { destination: Location; lines: PricedLine[]; contentsCost: number; contentsCostBeforeDiscount: number; freeShippingCoupon: boolean },
): Promise<{ packages: { id: number; name: string; rates: ShippingRate[] }[] }> {
  const lines = input.lines.filter((l) => !l.virtual && l.quantity > 0);
  if (lines.length === 0) return { packages: [] };
  const zone = await matchZone(db, input.destination);
  const contents: PackageContents = {
    lines,
    contentsCost: input.contentsCost,
    contentsCostBeforeDiscount: input.contentsCostBeforeDiscount,
    freeShippingCoupon: input.freeShippingCoupon,
  };
  const rates: ShippingRate[] = [];
  for (const m of await enabledMethods(db, zone.id)) {
    const rate = methodRate(m, contents);
    if (rate) rates.push(rate);
  }
  return { packages: [{ id: 0, name: 'Shipping', rates }] };
}
