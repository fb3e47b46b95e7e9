import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { DB } from '../../../db/client.ts';
import { inTransaction } from '../catalog/catalog-write.server.ts';
import { createEditorProduct, missingCombinations, MAX_GENERATED, updateProduct, type SavedProduct } from '../catalog/product-update.server.ts';
import type { StockActor } from '../stock/stock-log.server.ts';
import { taxClasses } from '../tax/tax-admin.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { checkPixels, generateVariants, insertMedia, megapixels } from '../../lib/images.server.ts';
import type { MediaStore } from '../../lib/media-store.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import { currencyInfo, toMinor } from '../../lib/money.ts';
import { minorToDecimal } from '../shipping/shipping.schema.ts';
import { attributeKey, emptyValues, FieldErrors, splitOptions, swatchesToText, type EditorImage, type EditorValues, type EditorVariation } from './product-form.ts';
import { valuesToInput } from './product-input.ts';
import { categoryOptions } from './products-admin.server.ts';
import { loadLinks } from './product-links.server.ts';
import { globalAttributeForEditor } from './attributes-admin.server.ts';
import { t } from '../../i18n/t-admin.ts';

/* The product editor's server side: its values from the database, its in-form steps, saving and image uploads. */

const text = (n: number | null | undefined) => (n == null ? '' : String(n));

/** The editor's values of a stored product (money as decimals of the shop's currency), or null. */
export async function loadEditorValues(db: DB, productId: number, currency: string): Promise<EditorValues | null> {
  const p = await db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();
  if (!p) return null;
  const { exponent } = currencyInfo(currency);
  const money = (n: number | null) => (n == null ? '' : minorToDecimal(n, exponent));
  const [images, cats, tags, attrs, vars, links] = await Promise.all([
    db.selectFrom('product_images as pi').innerJoin('media as m', 'm.id', 'pi.media_id').select(['m.id', 'm.alt', 'm.path', 'm.widths']).where('pi.product_id', '=', productId).orderBy('pi.position').execute(),
    db.selectFrom('product_categories').select('category_id').where('product_id', '=', productId).execute(),
    db.selectFrom('product_tags as pt').innerJoin('tags as t', 't.id', 'pt.tag_id').select('t.name').where('pt.product_id', '=', productId).orderBy('t.name').execute(),
    db.selectFrom('product_attributes').selectAll().where('product_id', '=', productId).orderBy('position').execute(),
    db.selectFrom('product_variations').selectAll().where('product_id', '=', productId).orderBy('menu_order').orderBy('id').execute(),
    loadLinks(db, productId),
  ]);
  const meta = JSON.parse(p.meta || '{}') as { publish_at?: string };
  return {
    ...emptyValues(),
    id: p.id,
    version: p.updated_at,
    type: p.type,
    name: p.name,
    slug: p.slug,
    status: p.status,
    publish_at: p.status === 'future' ? (meta.publish_at ?? p.created_at).slice(0, 16) : '',
    catalog_visibility: p.catalog_visibility,
    featured: !!p.featured,
    short_description: p.short_description,
    description: p.description,
    regular_price: money(p.regular_price),
    sale_price: money(p.sale_price),
    sale_from: p.sale_from?.slice(0, 10) ?? '',
    sale_to: p.sale_to?.slice(0, 10) ?? '',
    sku: p.sku ?? '',
    manage_stock: !!p.manage_stock,
    stock_quantity: text(p.stock_quantity),
    stock_status: p.stock_status,
    backorders: p.backorders,
    low_stock_amount: text(p.low_stock_amount),
    sold_individually: !!p.sold_individually,
    weight: text(p.weight),
    length: text(p.length),
    width: text(p.width),
    height: text(p.height),
    shipping_class: p.shipping_class,
    tax_status: p.tax_status,
    tax_class: p.tax_class,
    external_url: p.external_url ?? '',
    button_text: p.button_text ?? '',
    reviews_allowed: !!p.reviews_allowed,
    categories: cats.map((c) => c.category_id),
    tags: tags.map((t) => t.name).join(', '),
    images: images.map((i) => ({ id: i.id, alt: i.alt, path: i.path, widths: i.widths })),
    attributes: attrs.map((a) => ({
      name: a.name,
      options: (JSON.parse(a.options) as string[]).join(' | '),
      visible: !!a.visible,
      variation: !!a.variation,
      display: a.display,
      swatches: swatchesToText(JSON.parse(a.swatches || '{}') as Record<string, string | number>),
      is_global: !!a.is_global,
    })),
    variations: vars.map((v) => ({
      id: v.id,
      attributes: JSON.parse(v.attributes) as Record<string, string>,
      enabled: v.status === 'publish',
      sku: v.sku ?? '',
      regular_price: money(v.regular_price),
      sale_price: money(v.sale_price),
      manage_stock: !!v.manage_stock,
      stock_quantity: text(v.stock_quantity),
      stock_status: v.stock_status,
      image: v.image_id ? String(v.image_id) : '',
      description: v.description,
      sale_from: v.sale_from?.slice(0, 10) ?? '',
      sale_to: v.sale_to?.slice(0, 10) ?? '',
      weight: text(v.weight),
      length: text(v.length),
      width: text(v.width),
      height: text(v.height),
      min_qty: text(v.min_qty),
      max_qty: text(v.max_qty),
      backorders: v.backorders,
      shipping_class: v.shipping_class,
      tax_class: v.tax_class,
      virtual: !!v.virtual,
      downloadable: !!v.downloadable,
    })),
    virtual: !!p.virtual,
    downloadable: !!p.downloadable,
    purchase_note: p.purchase_note,
    menu_order: p.menu_order ? String(p.menu_order) : '',
    links,
  };
}

/** Choices the editor offers: categories (tree order), tax classes, the shipping classes of /admin/shipping-classes. */
export async function editorOptions(db: DB) {
  const [categories, classes, shipping, globals] = await Promise.all([
    categoryOptions(db),
    taxClasses(db),
    db.selectFrom('shipping_classes').select(['name', 'slug']).orderBy('name').execute(),
    db.selectFrom('attributes').select(['id', 'name']).orderBy('name').limit(500).execute(),
  ]);
  return { categories, taxClasses: classes, shippingClasses: shipping, globalAttributes: globals };
}

/**
 * The shipping classes named by the form must exist (the editor offers them in a select). A
 * class the product or a kept variation already has is let through even when it is not one
 * of them any more (an import's), so saving the rest of the product never loses it.
 */
async function checkShippingClasses(db: DB, v: EditorValues): Promise<void> {
  const named = [v.shipping_class, ...v.variations.map((x) => x.shipping_class)].filter(Boolean);
  if (!named.length) return;
  const known = new Set((await db.selectFrom('shipping_classes').select('slug').where('slug', 'in', named).execute()).map((r) => r.slug));
  const stored = new Set<string>();
  if (v.id !== null) {
    const p = await db.selectFrom('products').select('shipping_class').where('id', '=', v.id).executeTakeFirst();
    if (p) stored.add(p.shipping_class);
    for (const r of await db.selectFrom('product_variations').select('shipping_class').where('product_id', '=', v.id).execute()) stored.add(r.shipping_class);
  }
  const fields: Record<string, string> = {};
  const bad = (slug: string) => !!slug && !known.has(slug) && !stored.has(slug);
  if (bad(v.shipping_class)) fields.shipping_class = t('products.shippingClass.unknownError');
  v.variations.forEach((x, i) => {
    if (bad(x.shipping_class)) fields[`variations.${i}.shipping_class`] = t('products.shippingClass.unknownError');
  });
  if (Object.keys(fields).length) throw new FieldErrors(fields);
}

/** Media rows for ids, in the order given (unknown ids left out): images added to a gallery before it is saved. */
export async function mediaForIds(db: DB, ids: number[]): Promise<EditorImage[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('media').select(['id', 'alt', 'path', 'widths']).where('id', 'in', ids).execute();
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

const blankVariation = (attributes: Record<string, string>): EditorVariation => ({
  id: null,
  attributes,
  enabled: true,
  sku: '',
  regular_price: '',
  sale_price: '',
  manage_stock: false,
  stock_quantity: '',
  stock_status: 'instock',
  image: '',
  description: '',
  sale_from: '',
  sale_to: '',
  weight: '',
  length: '',
  width: '',
  height: '',
  min_qty: '',
  max_qty: '',
  backorders: 'no',
  shipping_class: '',
  tax_class: 'parent',
  virtual: false,
  downloadable: false,
});

/** "Generate variations": one new variation per combination of options not covered yet. */
export function generateVariations(v: EditorValues): { values: EditorValues; added: number } {
  const attrs = v.attributes.filter((a) => a.variation).map((a) => ({ slug: attributeKey(a.name), options: splitOptions(a.options) }));
  if (!attrs.length || attrs.some((a) => !a.options.length)) {
    throw new FieldErrors({ attributes: t('products.error.noVariationAttribute') });
  }
  const missing = missingCombinations(attrs, v.variations.map((x) => x.attributes));
  if (missing.length > MAX_GENERATED) throw new FieldErrors({ attributes: t('products.error.tooMany', { count: missing.length, max: MAX_GENERATED }) });
  return { values: { ...v, type: 'variable', variations: [...v.variations, ...missing.map(blankVariation)] }, added: missing.length };
}

/** "Add variation": one with every attribute on "any", to be narrowed in the form. */
export const addVariation = (v: EditorValues): EditorValues => ({ ...v, type: 'variable', variations: [...v.variations, blankVariation({})] });

/** "Add a shop-wide attribute": its terms, display and swatches as a new attribute row of the form. */
export async function addGlobalAttribute(db: DB, v: EditorValues, attributeId: number | null): Promise<{ values: EditorValues; name: string }> {
  const found = attributeId === null ? null : await globalAttributeForEditor(db, attributeId);
  if (!found) throw new FieldErrors({ global_attribute: t('products.error.chooseAttribute') });
  if (v.attributes.some((a) => attributeKey(a.name) === found.slug)) throw new FieldErrors({ global_attribute: t('products.attr.globalTaken') });
  const { slug: _s, ...row } = found;
  return { values: { ...v, attributes: [...v.attributes, { ...row, visible: true, variation: v.type === 'variable' }] }, name: found.name };
}

/** Bulk edit of variations: sets one field on every variation. */
export function bulkEditVariations(v: EditorValues, field: string, value: string): EditorValues {
  const allowed = ['regular_price', 'sale_price', 'stock_quantity', 'stock_status'] as const;
  const f = allowed.find((a) => a === field);
  if (!f) throw new FieldErrors({ bulk_field: t('products.error.chooseField') });
  return { ...v, variations: v.variations.map((x) => ({ ...x, [f]: value, ...(f === 'stock_quantity' && value.trim() ? { manage_stock: true } : {}) })) };
}

/**
 * Saves the editor's values: a new product or over the stored one (with the version check).
 * `autosave`: a stored draft's background save, kept a draft whatever the form's status says;
 * refused (409 not_draft) for anything else, so a published product's live content is only
 * ever changed by Save. `source`: where the stock log says the change was made (the list's
 * quick edit saves through here too).
 */
export async function saveEditorValues(db: DB, v: EditorValues, currency: string, actor: StockActor, opts: { autosave?: boolean; source?: 'editor' | 'quick_edit' } = {}): Promise<SavedProduct> {
  if (opts.autosave && v.id === null) throw new HttpError(409, 'not_draft', t('products.autosave.notDraft'));
  const input = valuesToInput(opts.autosave ? { ...v, status: 'draft', publish_at: '' } : v, (s) => toMinor(s, currency));
  await checkShippingClasses(db, v);
  return inTransaction(db, async (trx) => {
    const saved = v.id === null ? await createEditorProduct(trx, input, actor) : await updateProduct(trx, v.id, input, actor, { onlyDraft: opts.autosave, source: opts.source });
    // The gallery's alt texts live on the media rows: written with the product, or not at all.
    for (const img of v.images) await trx.updateTable('media').set({ alt: img.alt.slice(0, 500) }).where('id', '=', img.id).execute();
    return saved;
  });
}

/** Largest picture accepted, and how many at once. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const IMAGE_MAX_FILES = 10;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif', 'tiff']);

/**
 * Stores uploaded pictures as the shop's WebP variants (metadata, EXIF included, is not
 * copied to them) after checking each by its content: sharp must decode it, SVG (which may
 * carry scripts) is refused, as is anything over the size limit or, read from the header
 * before any decoding, over the store's pixel limit. All or none: the first bad file
 * refuses the upload before anything is stored.
 */
export async function storeUploadedImages(db: DB, media: MediaStore, files: File[], alt: string, { unsaved = true }: { unsaved?: boolean } = {}): Promise<EditorImage[]> {
  if (!files.length) throw new HttpError(400, 'invalid', `images: ${t('products.error.choosePicture')}.`, { images: t('products.error.choosePicture') });
  if (files.length > IMAGE_MAX_FILES) throw new HttpError(400, 'invalid', `images: ${t('products.error.tooManyPictures', { max: IMAGE_MAX_FILES })}`, { images: t('products.error.tooManyPicturesField', { max: IMAGE_MAX_FILES }) });
  const maxPixels = megapixels((await getSettings(db)).imageMaxMegapixels);
  const buffers: Buffer[] = [];
  for (const f of files) {
    if (f.size > IMAGE_MAX_BYTES) throw new HttpError(413, 'too_large', `images: “${f.name}” is larger than ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`, { images: `“${f.name}” is too large` });
    const buffer = Buffer.from(await f.arrayBuffer());
    let format: string | undefined;
    try {
      const meta = await sharp(buffer, { failOn: 'error' }).metadata();
      format = meta.format;
      checkPixels(meta, maxPixels, `“${f.name}”`);
      // Decoding the pixels, not only the header, catches truncated and corrupt files.
      await sharp(buffer, { failOn: 'error', limitInputPixels: maxPixels }).resize(8).raw().toBuffer();
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw new HttpError(415, 'unsupported_image', `images: “${f.name}” is not a picture we can read (use JPEG, PNG, WebP, AVIF or GIF).`, { images: `“${f.name}” is not a readable picture` });
    }
    if (!format || !ACCEPTED.has(format)) throw new HttpError(415, 'unsupported_image', `images: “${f.name}” is ${format === 'svg' ? 'an SVG drawing, which is not accepted' : 'not an accepted picture format'}.`, { images: `“${f.name}” is not accepted` });
    buffers.push(buffer);
  }
  const out: EditorImage[] = [];
  const month = new Date().toISOString().slice(0, 7);
  for (const [i, buffer] of buffers.entries()) {
    const stem = attributeKey(files[i]!.name.replace(/\.[^.]*$/, '')).replace(/[^a-z0-9-]/g, '').slice(0, 40) || 'image';
    const path = `uploads/${month}/${stem}-${randomBytes(4).toString('hex')}`;
    const made = await generateVariants(buffer, media, path, { maxPixels });
    const id = await insertMedia(db, { ...made, path, alt, unsaved });
    out.push({ id, alt, path, widths: JSON.stringify(made.widths) });
  }
  return out;
}
