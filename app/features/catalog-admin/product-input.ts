/*
 * The catalog's input from the product editor's values: money in minor units through the
 * shop's currency, numbers and dates checked, swatches read from their text. What does not
 * parse is collected per field and thrown together as FieldErrors.
 */

import { t } from '../../i18n/t-admin.ts';
import { attributeKey, FieldErrors, splitOptions, type EditorValues } from './product-form.ts';

/**
 * The catalog's input for these values: money parsed with `toMinor` (the shop's currency),
 * empty texts as null. Fields that do not parse are collected and thrown together.
 */
export function valuesToInput(v: EditorValues, toMinor: (s: string) => number | null): Record<string, unknown> {
  const fields: Record<string, string> = {};
  const money = (key: string, s: string) => {
    if (!s.trim()) return null;
    const n = toMinor(s);
    if (n === null) fields[key] = t('productList.notAmount');
    else if (n < 0) fields[key] = t('productList.error.negative');
    return n;
  };
  const num = (key: string, s: string, int = false, signed = false) => {
    if (!s.trim()) return null;
    const n = Number(s);
    if (!Number.isFinite(n) || (int && !Number.isInteger(n))) {
      fields[key] = t(int ? 'products.error.wholeNumber' : 'products.error.number');
      return null;
    }
    if (n < 0 && !signed && key !== 'stock_quantity' && !key.endsWith('stock_quantity')) fields[key] = t('productList.error.negative');
    return n;
  };
  const date = (key: string, s: string) => {
    if (!s.trim()) return null;
    const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : /Z|[+-]\d\d:\d\d$/.test(s) ? s : `${s}Z`);
    if (Number.isNaN(d.getTime())) {
      fields[key] = t('products.error.date');
      return null;
    }
    return /^\d{4}-\d{2}-\d{2}$/.test(s) ? s : d.toISOString();
  };
  const variationAttrs = v.attributes.filter((a) => a.variation);
  const input: Record<string, unknown> = {
    type: v.type,
    name: v.name,
    slug: v.slug.trim() || undefined,
    status: v.status,
    publish_at: v.status === 'future' ? date('publish_at', v.publish_at) : null,
    version: v.version || undefined,
    catalog_visibility: v.catalog_visibility,
    featured: v.featured,
    short_description: v.short_description,
    description: v.description,
    sku: v.sku.trim() || null,
    regular_price: money('regular_price', v.regular_price),
    sale_price: money('sale_price', v.sale_price),
    sale_from: date('sale_from', v.sale_from),
    sale_to: date('sale_to', v.sale_to),
    manage_stock: v.manage_stock,
    stock_quantity: num('stock_quantity', v.stock_quantity, true),
    stock_status: v.stock_status,
    backorders: v.backorders,
    low_stock_amount: num('low_stock_amount', v.low_stock_amount, true),
    sold_individually: v.sold_individually,
    weight: num('weight', v.weight),
    length: num('length', v.length),
    width: num('width', v.width),
    height: num('height', v.height),
    shipping_class: v.shipping_class,
    tax_status: v.tax_status,
    tax_class: v.tax_class,
    external_url: v.type === 'external' ? v.external_url.trim() || null : null,
    button_text: v.type === 'external' ? v.button_text.trim() || null : null,
    reviews_allowed: v.reviews_allowed,
    virtual: v.virtual,
    downloadable: v.downloadable,
    purchase_note: v.purchase_note,
    menu_order: num('menu_order', v.menu_order, true, true) ?? 0,
    categories: v.categories,
    tags: v.tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    images: v.images.map((i) => i.id),
    attributes: v.attributes.map((a, i) => ({
      name: a.name,
      options: splitOptions(a.options),
      visible: a.visible,
      variation: a.variation,
      is_global: a.is_global,
      display: a.display,
      swatches: parseSwatches(a.swatches, a.display, `attributes.${i}.swatches`, fields),
    })),
    variations:
      v.type === 'variable'
        ? v.variations.map((x, i) => ({
            attributes: Object.fromEntries(variationAttrs.map((a) => [attributeKey(a.name), x.attributes[attributeKey(a.name)] ?? ''])),
            status: x.enabled ? 'publish' : 'private',
            sku: x.sku.trim() || null,
            regular_price: money(`variations.${i}.regular_price`, x.regular_price),
            sale_price: money(`variations.${i}.sale_price`, x.sale_price),
            manage_stock: x.manage_stock,
            stock_quantity: num(`variations.${i}.stock_quantity`, x.stock_quantity, true),
            stock_status: x.stock_status,
            image: /^\d+$/.test(x.image) ? Number(x.image) : null,
            menu_order: i,
            description: x.description,
            sale_from: date(`variations.${i}.sale_from`, x.sale_from),
            sale_to: date(`variations.${i}.sale_to`, x.sale_to),
            weight: num(`variations.${i}.weight`, x.weight),
            length: num(`variations.${i}.length`, x.length),
            width: num(`variations.${i}.width`, x.width),
            height: num(`variations.${i}.height`, x.height),
            min_qty: num(`variations.${i}.min_qty`, x.min_qty, true),
            max_qty: num(`variations.${i}.max_qty`, x.max_qty, true),
            backorders: x.backorders,
            shipping_class: x.shipping_class,
            tax_class: x.tax_class,
            virtual: x.virtual,
            downloadable: x.downloadable,
          }))
        : [],
    // Every kind is given, so a link unticked in the form is removed; only a grouped product keeps children.
    links: { upsell: v.links.upsell.map((l) => l.id), crosssell: v.links.crosssell.map((l) => l.id), grouped: v.type === 'grouped' ? v.links.grouped.map((l) => l.id) : [] },
    variation_ids: v.type === 'variable' ? v.variations.map((x) => x.id) : [],
  };
  if (Object.keys(fields).length) throw new FieldErrors(fields);
  return input;
}

/** Swatches typed in the editor, as the catalog stores them (image swatches are media ids). */
function parseSwatches(text: string, display: string, key: string, fields: Record<string, string>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const part of text.split('|').map((p) => p.trim()).filter(Boolean)) {
    const at = part.lastIndexOf(':');
    const value = at > 0 ? part.slice(0, at).trim() : '';
    const swatch = at > 0 ? part.slice(at + 1).trim() : '';
    if (!value || !swatch) {
      fields[key] = t(display === 'color' ? 'products.error.swatchColour' : display === 'image' ? 'products.error.swatchPicture' : 'products.error.swatchLabel');
      continue;
    }
    if (display === 'image') {
      if (!/^\d{1,10}$/.test(swatch)) fields[key] = t('products.error.swatchId', { value });
      else out[value] = Number(swatch);
    } else out[value] = swatch;
  }
  return out;
}
