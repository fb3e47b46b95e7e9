import type { DB } from '../../../db/client.ts';
import type { StockActor } from '../stock/stock-log.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { t } from '../../i18n/t-admin.ts';
import { FieldErrors, type EditorValues } from './product-form.ts';
import { editorOptions, loadEditorValues, saveEditorValues } from './product-editor.server.ts';

/*
 * The product list's quick edit (/admin/products/:id/quick, and inline in the list): the
 * fields WooCommerce's quick edit has — name, slug, SKU, prices, stock, categories, tags,
 * status, catalogue visibility, shipping class. It is the editor's save over the stored
 * product with only these fields replaced, so it validates, checks slug and SKU, refuses a
 * stale version and logs stock exactly as the editor does. A field the form does not send
 * keeps its stored value (a variable product's form has no prices, for one).
 */

/** What the quick-edit form shows of a product. */
export interface QuickValues {
  id: number;
  version: string;
  type: string;
  name: string;
  slug: string;
  sku: string;
  regular_price: string;
  sale_price: string;
  manage_stock: boolean;
  stock_quantity: string;
  stock_status: string;
  categories: number[];
  tags: string;
  status: string;
  catalog_visibility: string;
  shipping_class: string;
}

/** The statuses quick edit offers: a scheduled product keeps "Scheduled"; the trash has its own buttons. */
export const QUICK_STATUSES = ['publish', 'draft', 'pending', 'private'] as const;
export const VISIBILITIES = ['visible', 'catalog', 'search', 'hidden'] as const;
const STOCK_STATUSES = ['instock', 'outofstock', 'onbackorder'];

/** Whether a type carries a price and stock of its own (a variable product's prices are its variations'). */
export const ownPrice = (type: string) => type === 'simple' || type === 'external';
export const ownStock = (type: string) => type === 'simple' || type === 'variable';

const pick = (v: EditorValues): QuickValues => ({
  id: v.id!,
  version: v.version,
  type: v.type,
  name: v.name,
  slug: v.slug,
  sku: v.sku,
  regular_price: v.regular_price,
  sale_price: v.sale_price,
  manage_stock: v.manage_stock,
  stock_quantity: v.stock_quantity,
  stock_status: v.stock_status,
  categories: v.categories,
  tags: v.tags,
  status: v.status,
  catalog_visibility: v.catalog_visibility,
  shipping_class: v.shipping_class,
});

/** The quick-edit form's values and choices for one product, or null when there is none (or it is in the trash). */
export async function loadQuickEdit(db: DB, productId: number, currency: string) {
  const v = await loadEditorValues(db, productId, currency);
  if (!v || v.status === 'trash') return null;
  const { categories, shippingClasses } = await editorOptions(db);
  return { values: pick(v), categories, shippingClasses };
}

/** A posted form as text getters (FormData and URLSearchParams alike). */
interface Posted {
  has(name: string): boolean;
  get(name: string): FormDataEntryValue | null;
  getAll(name: string): FormDataEntryValue[];
}

/**
 * Saves a quick edit over product `productId`: the posted `version` must be the stored one
 * (409 conflict otherwise, as in the editor). Errors name their field (400, or 409 for a
 * slug or SKU already used). Answers the product's name and new version.
 */
export async function saveQuickEdit(db: DB, productId: number, form: Posted, currency: string, actor: StockActor): Promise<{ name: string; version: string }> {
  const stored = await loadEditorValues(db, productId, currency);
  if (!stored || stored.status === 'trash') throw new HttpError(404, 'not_found', t('productList.error.noProduct'));
  const text = (k: string) => {
    const x = form.get(k);
    return typeof x === 'string' ? x : '';
  };
  const version = text('version');
  if (!version) throw new HttpError(400, 'invalid', `version: ${t('quickEdit.error.version')}`, { version: t('quickEdit.error.version') });
  const v: EditorValues = { ...stored, version };
  const fields: Record<string, string> = {};
  const set = <K extends keyof EditorValues>(k: K & string, apply: (s: string) => EditorValues[K]) => {
    if (form.has(k)) v[k] = apply(text(k));
  };
  set('name', (s) => s.trim());
  if (form.has('name') && !v.name) fields.name = t('quickEdit.error.name');
  set('slug', (s) => s.trim());
  set('sku', (s) => s.trim());
  if (ownPrice(stored.type)) {
    set('regular_price', (s) => s);
    set('sale_price', (s) => s);
  }
  if (ownStock(stored.type)) {
    // A box posts "1" after its hidden "0" when ticked; quick edit's older form sends only a quantity.
    if (form.has('manage_stock')) v.manage_stock = form.getAll('manage_stock').includes('1');
    set('stock_quantity', (s) => s.trim());
    if (v.manage_stock && !v.stock_quantity) fields.stock_quantity = t('quickEdit.error.quantity');
  }
  if (form.has('stock_status')) {
    if (!STOCK_STATUSES.includes(text('stock_status'))) fields.stock_status = t('productList.error.chooseStock');
    else v.stock_status = text('stock_status');
  }
  if (form.has('categories')) {
    v.categories = [
      ...new Set(
        form
          .getAll('categories')
          .map((c) => String(c))
          .filter((c) => /^\d{1,10}$/.test(c))
          .map(Number),
      ),
    ];
  }
  set('tags', (s) => s);
  if (form.has('status')) {
    const s = text('status');
    const allowed: readonly string[] = stored.status === 'future' ? [...QUICK_STATUSES, 'future'] : QUICK_STATUSES;
    if (!allowed.includes(s)) fields.status = t('quickEdit.error.status');
    else v.status = s;
  }
  if (form.has('catalog_visibility')) {
    const s = text('catalog_visibility');
    if (!(VISIBILITIES as readonly string[]).includes(s)) fields.catalog_visibility = t('quickEdit.error.visibility');
    else v.catalog_visibility = s;
  }
  set('shipping_class', (s) => s);
  if (Object.keys(fields).length) throw invalid(fields);
  try {
    const saved = await saveEditorValues(db, v, currency, actor, { source: 'quick_edit' });
    return { name: v.name, version: saved.version };
  } catch (err) {
    if (err instanceof FieldErrors) throw invalid(err.fields);
    if (err instanceof HttpError && err.fields) throw new HttpError(err.status, err.code, err.message, renameFields(err.fields));
    throw err;
  }
}

/** The catalog's schema names nested paths; quick edit's fields are flat. */
function renameFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, m]) => [k.split('.')[0]!, m]));
}

function invalid(fields: Record<string, string>): HttpError {
  const named = renameFields(fields);
  const [key, message] = Object.entries(named)[0]!;
  return new HttpError(400, 'invalid', `${key}: ${message}.`, named);
}
