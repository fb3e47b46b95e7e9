import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import type { AttributeDisplay } from '../../../db/schema.ts';
import { inTransaction, slugify } from '../catalog/catalog-write.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { t } from '../../i18n/t-admin.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput, rowIdText } from '../../lib/validate.ts';
import { DISPLAYS } from './product-form.ts';

/*
 * Shop-wide attributes (/admin/attributes): a name, how the shop shows it and its terms in
 * order, each with a swatch. The editor copies one into a product (is_global = 1, the same
 * slug); a change of display, a term's swatch or the terms' order is written to those copies
 * in the same transaction, so product pages follow at once (the store-version triggers on
 * product_attributes move the caches' version). A term's name is its identity in products'
 * variations, so terms are added and removed, not renamed.
 */

export { DISPLAYS };
// The same rule as the catalog's: swatches end up in style attributes.
const COLOUR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|hsl)a?\([\d\s.,%/]+\))$/i;

export interface AdminAttribute {
  id: number;
  name: string;
  slug: string;
  display: AttributeDisplay;
  terms: number;
}
export interface AdminTerm {
  id: number;
  name: string;
  slug: string;
  swatch: string;
}

export async function listAttributes(db: DB): Promise<AdminAttribute[]> {
  const rows = await db
    .selectFrom('attributes as a')
    .select(['a.id', 'a.name', 'a.slug', 'a.display', (eb) => eb.selectFrom('attribute_terms as t').select((e) => e.fn.countAll<number | string>().as('c')).whereRef('t.attribute_id', '=', 'a.id').as('terms')])
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({ ...r, terms: Number(r.terms ?? 0) }));
}

export async function getAttribute(db: DB, id: number): Promise<{ attribute: AdminAttribute; terms: AdminTerm[] } | null> {
  const a = await db.selectFrom('attributes').select(['id', 'name', 'slug', 'display']).where('id', '=', id).executeTakeFirst();
  if (!a) return null;
  const terms = await db.selectFrom('attribute_terms').select(['id', 'name', 'slug', 'swatch']).where('attribute_id', '=', id).orderBy('position').orderBy('id').execute();
  return { attribute: { ...a, terms: terms.length }, terms };
}

const name = z.string().trim().min(1, { error: () => t('attributes.error.name') }).max(100);
const display = z.enum(DISPLAYS).catch('select');

export async function addAttribute(db: DB, input: unknown): Promise<{ id: number; name: string }> {
  const v = parseInput(z.object({ name, display }), input);
  return inTransaction(db, async (trx) => {
    const slug = slugify(v.name, 'attribute');
    const taken = await trx.selectFrom('attributes').select('id').where('slug', '=', slug).executeTakeFirst();
    if (taken) throw new HttpError(409, 'exists', `name: ${t('attributes.error.exists')}`, { name: t('attributes.error.existsField') });
    const row = await trx.insertInto('attributes').values({ name: v.name, slug, display: v.display, created_at: nowIso() }).returning('id').executeTakeFirstOrThrow();
    return { id: row.id, name: v.name };
  });
}

/** Name and display; the display is written to the products' copies too (the address, its slug, stays). */
export async function updateAttribute(db: DB, input: unknown): Promise<{ name: string }> {
  const v = parseInput(z.object({ id: rowIdText, name, display }), input);
  return inTransaction(db, async (trx) => {
    const done = await trx.updateTable('attributes').set({ name: v.name, display: v.display }).where('id', '=', v.id).executeTakeFirst();
    if (!Number(done.numUpdatedRows)) throw new HttpError(404, 'not_found', t('attributes.error.gone'));
    await syncProducts(trx, v.id);
    return { name: v.name };
  });
}

/** Deletes attributes and their terms; products keep their copies (now their own). */
export async function deleteAttributes(db: DB, input: unknown): Promise<{ count: number }> {
  const { ids } = parseInput(z.object({ ids: z.array(rowIdText).min(1, t('attributes.error.chooseOne')).max(500) }), input);
  return inTransaction(db, async (trx) => {
    const rows = await trx.selectFrom('attributes').select(['id', 'slug']).where('id', 'in', ids).execute();
    if (rows.length !== new Set(ids).size) throw new HttpError(404, 'not_found', t('attributes.error.someGone'));
    await trx.deleteFrom('attribute_terms').where('attribute_id', 'in', ids).execute();
    await trx.deleteFrom('attributes').where('id', 'in', ids).execute();
    await trx.updateTable('product_attributes').set({ is_global: 0 }).where('is_global', '=', 1).where('slug', 'in', rows.map((r) => r.slug)).execute();
    return { count: rows.length };
  });
}

function checkSwatch(display: AttributeDisplay, swatch: string): void {
  if (!swatch) return;
  if (display === 'color' && !COLOUR.test(swatch)) throw new HttpError(400, 'invalid', `swatch: ${t('attributes.error.colour')}`, { swatch: t('attributes.error.colourField') });
  if (display === 'image' && !/^\d{1,10}$/.test(swatch)) throw new HttpError(400, 'invalid', `swatch: ${t('attributes.error.picture')}`, { swatch: t('attributes.error.pictureField') });
}

async function attributeOf(trx: DB, id: number) {
  const a = await trx.selectFrom('attributes').select(['id', 'display']).where('id', '=', id).executeTakeFirst();
  if (!a) throw new HttpError(404, 'not_found', t('attributes.error.gone'));
  return a;
}

export async function addTerm(db: DB, input: unknown): Promise<{ name: string }> {
  const v = parseInput(z.object({ attribute_id: rowIdText, name: z.string().trim().min(1, t('attributes.error.termName')).max(200), swatch: z.string().trim().max(200).default('') }), input);
  return inTransaction(db, async (trx) => {
    const a = await attributeOf(trx, v.attribute_id);
    checkSwatch(a.display, v.swatch);
    const slug = slugify(v.name, 'term');
    const taken = await trx.selectFrom('attribute_terms').select('id').where('attribute_id', '=', a.id).where('slug', '=', slug).executeTakeFirst();
    if (taken) throw new HttpError(409, 'exists', `name: ${t('attributes.error.termExists')}`, { name: t('attributes.error.termExistsField') });
    const last = await trx.selectFrom('attribute_terms').select((eb) => eb.fn.max('position').as('p')).where('attribute_id', '=', a.id).executeTakeFirst();
    await trx.insertInto('attribute_terms').values({ attribute_id: a.id, name: v.name, slug, swatch: v.swatch, position: Number(last?.p ?? -1) + 1 }).execute();
    await syncProducts(trx, a.id);
    return { name: v.name };
  });
}

export async function setTermSwatch(db: DB, input: unknown): Promise<{ name: string }> {
  const v = parseInput(z.object({ attribute_id: rowIdText, term: rowIdText, swatch: z.string().trim().max(200).default('') }), input);
  return inTransaction(db, async (trx) => {
    const a = await attributeOf(trx, v.attribute_id);
    checkSwatch(a.display, v.swatch);
    const term = await trx.selectFrom('attribute_terms').select('name').where('id', '=', v.term).where('attribute_id', '=', a.id).executeTakeFirst();
    if (!term) throw new HttpError(404, 'not_found', t('attributes.error.termGone'));
    await trx.updateTable('attribute_terms').set({ swatch: v.swatch }).where('id', '=', v.term).execute();
    await syncProducts(trx, a.id);
    return term;
  });
}

export async function deleteTerms(db: DB, input: unknown): Promise<{ count: number }> {
  const v = parseInput(z.object({ attribute_id: rowIdText, ids: z.array(rowIdText).min(1, t('attributes.error.chooseOne')).max(500) }), input);
  return inTransaction(db, async (trx) => {
    const done = await trx.deleteFrom('attribute_terms').where('attribute_id', '=', v.attribute_id).where('id', 'in', v.ids).executeTakeFirst();
    if (Number(done.numDeletedRows) !== new Set(v.ids).size) throw new HttpError(404, 'not_found', t('attributes.error.someTermsGone'));
    return { count: Number(done.numDeletedRows) };
  });
}

/** Moves a term one place up or down (the order the shop and the editor offer them in). */
export async function moveTerm(db: DB, input: unknown): Promise<{ name: string }> {
  const v = parseInput(z.object({ attribute_id: rowIdText, term: rowIdText, dir: z.enum(['up', 'down']) }), input);
  return inTransaction(db, async (trx) => {
    const terms = await trx.selectFrom('attribute_terms').select(['id', 'name']).where('attribute_id', '=', v.attribute_id).orderBy('position').orderBy('id').execute();
    const at = terms.findIndex((t) => t.id === v.term);
    if (at < 0) throw new HttpError(404, 'not_found', t('attributes.error.termGone'));
    const to = v.dir === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= terms.length) return { name: terms[at]!.name };
    [terms[at], terms[to]] = [terms[to]!, terms[at]!];
    for (const [i, t] of terms.entries()) await trx.updateTable('attribute_terms').set({ position: i }).where('id', '=', t.id).execute();
    await syncProducts(trx, v.attribute_id);
    return { name: terms[to]!.name };
  });
}

/**
 * Writes an attribute's display, its terms' swatches and their order to the products' copies
 * (is_global, same slug): a product's own options keep their place after the terms it uses.
 */
async function syncProducts(trx: DB, attributeId: number): Promise<void> {
  const found = await getAttribute(trx, attributeId);
  if (!found) return;
  const { attribute, terms } = found;
  const copies = await trx.selectFrom('product_attributes').select(['id', 'options', 'swatches', 'display']).where('slug', '=', attribute.slug).where('is_global', '=', 1).execute();
  for (const c of copies) {
    const options = JSON.parse(c.options) as string[];
    const ordered = [...terms.map((t) => t.name).filter((n) => options.includes(n)), ...options.filter((o) => !terms.some((t) => t.name === o))];
    const swatches = JSON.parse(c.swatches || '{}') as Record<string, string | number>;
    for (const t of terms) {
      if (!options.includes(t.name)) continue;
      if (t.swatch) swatches[t.name] = attribute.display === 'image' ? Number(t.swatch) : t.swatch;
      else delete swatches[t.name];
    }
    const next = { options: JSON.stringify(ordered), swatches: JSON.stringify(swatches), display: attribute.display };
    if (next.options !== c.options || next.swatches !== c.swatches || next.display !== c.display) await trx.updateTable('product_attributes').set(next).where('id', '=', c.id).execute();
  }
}

/** The editor's attribute row for a shop-wide attribute: every term, its swatches, marked shop-wide. */
export async function globalAttributeForEditor(db: DB, id: number) {
  const found = await getAttribute(db, id);
  if (!found) return null;
  const { attribute, terms } = found;
  return {
    name: attribute.name,
    slug: attribute.slug,
    options: terms.map((t) => t.name).join(' | '),
    display: attribute.display as string,
    swatches: terms
      .filter((t) => t.swatch)
      .map((t) => `${t.name}: ${t.swatch}`)
      .join(' | '),
    is_global: true,
  };
}
