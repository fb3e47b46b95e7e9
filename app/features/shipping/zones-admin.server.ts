import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput } from '../../lib/validate.ts';
import { CONTINENTS, isContinent } from './continents.ts';
import { countryName, isCountry } from './countries.ts';
import { splitList } from './postcodes.ts';
import { zoneFormSchema } from './shipping.schema.ts';
import { stateName, statesOf } from './states.server.ts';

/* Shipping zones for the admin: list, read, save with their locations, delete, reorder. */

type LocationType = 'country' | 'state' | 'postcode' | 'continent';
export interface ZoneLocationView {
  type: LocationType;
  code: string;
  label: string;
}

export function locationLabel(type: string, code: string): string {
  if (type === 'country') return countryName(code) ?? code;
  if (type === 'continent') return CONTINENTS.find((c) => c.code === code)?.name ?? code;
  if (type === 'state') {
    const [cc = '', sc = ''] = code.split(':');
    return `${stateName(cc, sc) ?? sc}, ${countryName(cc) ?? cc}`;
  }
  return code;
}

export async function zoneLocations(db: DB, zoneIds: number[]): Promise<Map<number, ZoneLocationView[]>> {
  const out = new Map<number, ZoneLocationView[]>();
  if (zoneIds.length === 0) return out;
  const rows = await db
    .selectFrom('shipping_zone_locations')
    .select(['zone_id', 'type', 'code'])
    .where('zone_id', 'in', zoneIds)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.zone_id) ?? [];
    list.push({ type: r.type, code: r.code, label: locationLabel(r.type, r.code) });
    out.set(r.zone_id, list);
  }
  return out;
}

export async function getZone(db: DB, id: number) {
  const zone = await db.selectFrom('shipping_zones').select(['id', 'name', 'position']).where('id', '=', id).executeTakeFirst();
  if (!zone) throw new HttpError(404, 'not_found', 'No such shipping zone.');
  return { ...zone, locations: (await zoneLocations(db, [id])).get(id) ?? [] };
}

/** Checks the form's regions, states and postcodes; a 400 names the bad entry. */
function zoneLocationsFromForm(input: unknown): { name: string; locations: { type: LocationType; code: string }[] } {
  const form = parseInput(zoneFormSchema, input);
  const locations: { type: LocationType; code: string }[] = [];
  for (const region of new Set(form.regions)) {
    const [type, code = ''] = region.split(':') as ['country' | 'continent', string];
    if (type === 'country' ? !isCountry(code) : !isContinent(code)) {
      throw new HttpError(400, 'invalid', `Unknown region "${code}".`, { regions: `Unknown region "${code}"` });
    }
    locations.push({ type, code });
  }
  for (const raw of new Set(splitList(form.states.toUpperCase(), /[,;\n\r]+/))) {
    const [cc = '', sc = ''] = raw.split(':').map((s) => s.trim());
    if (!statesOf(cc).some((s) => s.code.toUpperCase() === sc)) {
      const message = `Unknown state "${raw}": write the country code, a colon and the state code, e.g. US:CA`;
      throw new HttpError(400, 'invalid', message, { states: message });
    }
    locations.push({ type: 'state', code: `${cc}:${sc}` });
  }
  for (const pattern of new Set(splitList(form.postcodes.toUpperCase(), /[\n\r]+/))) {
    const parts = pattern.split('...');
    if (pattern.length > 40 || parts.length > 2 || parts.some((p) => !p.trim())) {
      const message = `"${pattern.slice(0, 40)}" is not a postcode, a pattern such as 902* or a range such as 90000...90999`;
      throw new HttpError(400, 'invalid', message, { postcodes: message });
    }
    locations.push({ type: 'postcode', code: pattern });
  }
  return { name: form.name, locations };
}

/** Creates (id null) or updates a zone and replaces its locations, in one transaction. */
export async function saveZone(db: DB, id: number | null, input: unknown): Promise<number> {
  const { name, locations } = zoneLocationsFromForm(input);
  return db.transaction().execute(async (trx) => {
    let zoneId = id;
    if (zoneId === null) {
      const last = await trx.selectFrom('shipping_zones').select((eb) => eb.fn.max('position').as('max')).executeTakeFirst();
      const row = await trx
        .insertInto('shipping_zones')
        .values({ name, position: Number(last?.max ?? 0) + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      zoneId = row.id;
    } else {
      const res = await trx.updateTable('shipping_zones').set({ name }).where('id', '=', zoneId).executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) throw new HttpError(404, 'not_found', 'No such shipping zone.');
      await trx.deleteFrom('shipping_zone_locations').where('zone_id', '=', zoneId).execute();
    }
    if (locations.length > 0) {
      const zid = zoneId;
      await trx
        .insertInto('shipping_zone_locations')
        .values(locations.map((l) => ({ zone_id: zid, ...l })))
        .execute();
    }
    return zoneId;
  });
}

export async function deleteZone(db: DB, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Explicit deletes: SQLite enforces ON DELETE CASCADE only with foreign_keys on.
    await trx.deleteFrom('shipping_methods').where('zone_id', '=', id).execute();
    await trx.deleteFrom('shipping_zone_locations').where('zone_id', '=', id).execute();
    await trx.deleteFrom('shipping_zones').where('id', '=', id).execute();
  });
}

/** Moves a zone one place up or down in matching order, renumbering positions 1..n. */
export async function moveZone(db: DB, id: number, direction: 'up' | 'down'): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const zones = await trx.selectFrom('shipping_zones').select('id').orderBy('position').orderBy('id').execute();
    const ids = zones.map((z) => z.id);
    const i = ids.indexOf(id);
    const j = direction === 'up' ? i - 1 : i + 1;
    if (i < 0 || j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
    for (const [k, zid] of ids.entries()) {
      await trx.updateTable('shipping_zones').set({ position: k + 1 }).where('id', '=', zid).execute();
    }
  });
}

/** Zones in matching order with their locations; methods are listed by methods-admin. */
export async function listZones(db: DB) {
  const zones = await db.selectFrom('shipping_zones').select(['id', 'name', 'position']).orderBy('position').orderBy('id').execute();
  const locations = await zoneLocations(
    db,
    zones.map((z) => z.id),
  );
  return zones.map((z) => ({ ...z, locations: locations.get(z.id) ?? [] }));
}
