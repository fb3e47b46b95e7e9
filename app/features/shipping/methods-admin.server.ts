import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  METHOD_LABELS,
  METHOD_TYPES,
  methodFormSchema,
  newMethodSchema,
  readMethodSettings,
  shippingClassSchema,
  type MethodType,
} from './shipping.schema.ts';

/* Shipping methods of a zone (null = rest of the world) and shipping classes, for the admin. */

const inZone = (zoneId: number | null) => (eb: ExpressionBuilder<Database, 'shipping_methods'>) =>
  zoneId === null ? eb('zone_id', 'is', null) : eb('zone_id', '=', zoneId);

export async function listMethods(db: DB, zoneId: number | null) {
  const rows = await db
    .selectFrom('shipping_methods')
    .select(['id', 'zone_id', 'type', 'title', 'enabled', 'position', 'settings'])
    .where(inZone(zoneId))
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    zoneId: r.zone_id,
    type: r.type,
    title: r.title,
    enabled: r.enabled === 1,
    settings: readMethodSettings(r.type, r.settings),
  }));
}
export type MethodView = Awaited<ReturnType<typeof listMethods>>[number];

/** Methods of every zone at once (for the zones list), by zone id; rest of the world under null. */
export async function methodsByZone(db: DB): Promise<Map<number | null, { id: number; title: string; type: string; enabled: boolean }[]>> {
  const rows = await db
    .selectFrom('shipping_methods')
    .select(['id', 'zone_id', 'type', 'title', 'enabled'])
    .orderBy('position')
    .orderBy('id')
    .execute();
  const out = new Map<number | null, { id: number; title: string; type: string; enabled: boolean }[]>();
  for (const r of rows) {
    const list = out.get(r.zone_id) ?? [];
    list.push({ id: r.id, title: r.title, type: r.type, enabled: r.enabled === 1 });
    out.set(r.zone_id, list);
  }
  return out;
}

/** Adds a method with default settings, enabled, at the end of the zone's list. */
export async function addMethod(db: DB, zoneId: number | null, input: unknown): Promise<number> {
  const { type } = parseInput(newMethodSchema, input);
  const last = await db
    .selectFrom('shipping_methods')
    .select((eb) => eb.fn.max('position').as('max'))
    .where(inZone(zoneId))
    .executeTakeFirst();
  const row = await db
    .insertInto('shipping_methods')
    .values({
      zone_id: zoneId,
      type,
      title: METHOD_LABELS[type],
      enabled: 1,
      position: Number(last?.max ?? 0) + 1,
      settings: JSON.stringify(readMethodSettings(type, '{}')),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function methodOf(db: DB, zoneId: number | null, methodId: number) {
  const m = await db
    .selectFrom('shipping_methods')
    .select(['id', 'type'])
    .where('id', '=', methodId)
    .where(inZone(zoneId))
    .executeTakeFirst();
  if (!m || !METHOD_TYPES.includes(m.type)) throw new HttpError(404, 'not_found', 'No such shipping method in this zone.');
  return m as { id: number; type: MethodType };
}

/**
 * Saves a method's title, enabled flag and settings from its form. Money is typed in the
 * store currency; `classCost.<slug>` fields are the flat rate's class costs.
 */
export async function saveMethod(db: DB, zoneId: number | null, methodId: number, form: Record<string, string>, currency: string) {
  const m = await methodOf(db, zoneId, methodId);
  const classCosts: Record<string, string> = {};
  for (const [k, v] of Object.entries(form)) if (k.startsWith('classCost.') && v.trim() !== '') classCosts[k.slice(10)] = v;
  const parsed = parseInput(methodFormSchema(m.type, currency), { ...form, classCosts });
  const { title, enabled, ...settings } = parsed as { title: string; enabled: boolean } & Record<string, unknown>;
  await db
    .updateTable('shipping_methods')
    .set({ title, enabled: enabled ? 1 : 0, settings: JSON.stringify(settings) })
    .where('id', '=', m.id)
    .execute();
}

export async function setMethodEnabled(db: DB, zoneId: number | null, methodId: number, enabled: boolean) {
  const m = await methodOf(db, zoneId, methodId);
  await db.updateTable('shipping_methods').set({ enabled: enabled ? 1 : 0 }).where('id', '=', m.id).execute();
}

export async function deleteMethod(db: DB, zoneId: number | null, methodId: number) {
  const m = await methodOf(db, zoneId, methodId);
  await db.deleteFrom('shipping_methods').where('id', '=', m.id).execute();
}

export async function listShippingClasses(db: DB) {
  return db.selectFrom('shipping_classes').select(['id', 'name', 'slug']).orderBy('name').execute();
}

/** Adds a class; the slug defaults to the name in lower case with dashes. */
export async function addShippingClass(db: DB, input: unknown): Promise<void> {
  const form = parseInput(shippingClassSchema, input);
  const slug =
    form.slug ||
    form.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  if (!slug) throw new HttpError(400, 'invalid', 'Enter a slug of letters or digits.', { slug: 'Enter a slug of letters or digits' });
  const taken = await db.selectFrom('shipping_classes').select('id').where('slug', '=', slug).executeTakeFirst();
  if (taken) throw new HttpError(409, 'conflict', `A shipping class "${slug}" exists already.`, { slug: 'Already in use' });
  await db.insertInto('shipping_classes').values({ name: form.name, slug }).execute();
}
