import { HttpError } from '../../lib/http-error.ts';
import { toMinor } from '../../lib/money.ts';
import { t } from '../../i18n/t-admin.ts';
import { percentToBp, PRICE_MODES, SALE_MODES, type PriceChange, type SaleMode } from './price-change.ts';

/*
 * The bulk-edit form as a command: each field left at "— No change —" (or empty) is null or
 * an empty list, the rest checked and in the catalog's units (money in minor units of the
 * shop's currency, percentages in hundredths). Every mistake is collected and refused
 * together, each at its field.
 */

export const BULK_STATUSES = ['publish', 'draft', 'pending', 'private'] as const;
/** The select value meaning "leave as it is" (an empty value means "none" for the classes). */
export const KEEP = '__keep';
/** The largest selection one bulk edit takes. */
export const BULK_EDIT_MAX = 5000;

export interface BulkEditCommand {
  ids: number[];
  price: PriceChange | null;
  sale: PriceChange | null;
  stock_quantity: number | null;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  shipping_class: string | null;
  tax_class: string | null;
  tags_add: string[];
  tags_remove: string[];
  categories_add: number[];
  categories_remove: number[];
  status: (typeof BULK_STATUSES)[number] | null;
}

interface Posted {
  get(name: string): FormDataEntryValue | null;
  getAll(name: string): FormDataEntryValue[];
}

/** The posted form as a command, or a 400 naming each bad field. */
export function parseBulkEdit(form: Posted, currency: string): BulkEditCommand {
  const fields: Record<string, string> = {};
  const text = (k: string) => {
    const x = form.get(k);
    return typeof x === 'string' ? x.trim() : '';
  };
  const idList = (k: string) =>
    form
      .getAll(k)
      .map(String)
      .filter((x) => /^\d{1,10}$/.test(x))
      .map(Number)
      .filter((n) => n > 0);
  const ids = [...new Set(idList('ids'))];
  if (!ids.length) fields.ids = t('productList.error.selectOne');
  if (ids.length > BULK_EDIT_MAX) fields.ids = t('bulkEdit.error.tooMany', { max: BULK_EDIT_MAX });

  const change = (prefix: 'price' | 'sale', modes: readonly string[]): PriceChange | null => {
    const mode = text(`${prefix}_mode`);
    if (!mode || mode === KEEP) return null;
    if (!modes.includes(mode)) {
      fields[`${prefix}_mode`] = t('bulkEdit.error.mode');
      return null;
    }
    if (mode === 'clear') return { mode: 'clear', amount: 0 };
    const value = text(`${prefix}_value`);
    if (mode.endsWith('percent')) {
      const bp = percentToBp(value);
      if (bp === null || bp <= 0) fields[`${prefix}_value`] = t('bulkEdit.error.percent');
      else if (mode !== 'increase_percent' && bp > 10000) fields[`${prefix}_value`] = t('bulkEdit.error.percentAbove');
      return { mode: mode as SaleMode, amount: bp ?? 0 };
    }
    const amount = value ? toMinor(value, currency) : null;
    if (amount === null) fields[`${prefix}_value`] = t('productList.notAmount');
    else if (amount < 0) fields[`${prefix}_value`] = t('productList.error.negative');
    else if (amount === 0 && mode !== 'set') fields[`${prefix}_value`] = t('bulkEdit.error.noAmount');
    return { mode: mode as SaleMode, amount: amount ?? 0 };
  };
  const number = (k: string, int: boolean) => {
    const s = text(k);
    if (!s) return null;
    const n = Number(s.replace(',', '.'));
    if (!Number.isFinite(n) || (int && !Number.isInteger(n))) fields[k] = t(int ? 'products.error.wholeNumber' : 'products.error.number');
    else if (n < 0 && !int) fields[k] = t('productList.error.negative');
    else if (Math.abs(n) > 1e9) fields[k] = t('products.error.number');
    return n;
  };
  const choice = (k: string) => {
    const s = form.get(k);
    return typeof s !== 'string' || s === KEEP ? null : s.trim();
  };
  const names = (k: string) => [
    ...new Set(
      text(k)
        .split(',')
        .map((s) => s.trim().slice(0, 200))
        .filter(Boolean),
    ),
  ];
  const status = choice('status');
  if (status !== null && status !== '' && !(BULK_STATUSES as readonly string[]).includes(status)) fields.status = t('quickEdit.error.status');

  const cmd: BulkEditCommand = {
    ids,
    price: change('price', PRICE_MODES),
    sale: change('sale', SALE_MODES),
    stock_quantity: number('stock_quantity', true),
    weight: number('weight', false),
    length: number('length', false),
    width: number('width', false),
    height: number('height', false),
    shipping_class: choice('shipping_class'),
    tax_class: choice('tax_class'),
    tags_add: names('tags_add'),
    tags_remove: names('tags_remove'),
    categories_add: [...new Set(idList('categories_add'))],
    categories_remove: [...new Set(idList('categories_remove'))],
    status: status ? (status as BulkEditCommand['status']) : null,
  };
  const first = Object.entries(fields)[0];
  if (first) throw new HttpError(400, 'invalid', t('quickEdit.checkFields'), fields);
  const { ids: _ids, ...asked } = cmd;
  if (!Object.values(asked).some((v) => (Array.isArray(v) ? v.length : v !== null))) throw new HttpError(400, 'invalid', t('bulkEdit.error.nothing'));
  return cmd;
}
