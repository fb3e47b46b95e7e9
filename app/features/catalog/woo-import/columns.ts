/*
 * Maps the header row of WooCommerce's product export to field keys. Headers are matched
 * without regard to case or surrounding spaces; numbered groups (attributes, downloads) and
 * "Meta: key" columns are recognised by pattern, and the unit in "Weight (lbs)" is kept so
 * values can be converted to the units the shop stores (kg and cm).
 */

export const FIELDS = {
  id: 'ID',
  type: 'Type',
  sku: 'SKU',
  gtin: 'GTIN, UPC, EAN, or ISBN',
  name: 'Name',
  published: 'Published',
  featured: 'Is featured?',
  catalog_visibility: 'Visibility in catalog',
  short_description: 'Short description',
  description: 'Description',
  sale_from: 'Date sale price starts',
  sale_to: 'Date sale price ends',
  tax_status: 'Tax status',
  tax_class: 'Tax class',
  stock_status: 'In stock?',
  stock: 'Stock',
  low_stock_amount: 'Low stock amount',
  backorders: 'Backorders allowed?',
  sold_individually: 'Sold individually?',
  weight: 'Weight',
  length: 'Length',
  width: 'Width',
  height: 'Height',
  reviews_allowed: 'Allow customer reviews?',
  purchase_note: 'Purchase note',
  sale_price: 'Sale price',
  regular_price: 'Regular price',
  categories: 'Categories',
  tags: 'Tags',
  shipping_class: 'Shipping class',
  images: 'Images',
  download_limit: 'Download limit',
  download_expiry: 'Download expiry days',
  parent: 'Parent',
  grouped: 'Grouped products',
  upsell: 'Upsells',
  crosssell: 'Cross-sells',
  external_url: 'External URL',
  button_text: 'Button text',
  position: 'Position',
  brands: 'Brands',
} as const;

export type Field = keyof typeof FIELDS;

/** Columns without which no row can be imported. */
export const REQUIRED: Field[] = ['type', 'name'];

const BY_HEADER = new Map(Object.entries(FIELDS).map(([k, v]) => [v.toLowerCase(), k as Field]));
const SIZED = new Set<Field>(['weight', 'length', 'width', 'height']);
const ATTRIBUTE = /^attribute (\d+) (name|value\(s\)|visible|global|default)$/i;
const DOWNLOAD = /^download (\d+) (id|name|url)$/i;
const META = /^meta:\s*(.+)$/i;
const UNIT = /^(.+?)\s*\(([^()]+)\)$/;

export type AttributePart = 'name' | 'values' | 'visible' | 'global' | 'default';
export type DownloadPart = 'id' | 'name' | 'url';

export type Column =
  | { kind: 'field'; field: Field; unit?: string }
  | { kind: 'attribute'; n: number; part: AttributePart }
  | { kind: 'download'; n: number; part: DownloadPart }
  | { kind: 'meta'; key: string }
  | { kind: 'unknown'; header: string };

export function mapHeader(raw: string): Column {
  const header = raw.replace(/^\uFEFF/, '').trim().replace(/\s+/g, ' ');
  const lower = header.toLowerCase();
  const field = BY_HEADER.get(lower);
  if (field) return { kind: 'field', field };
  const sized = UNIT.exec(header);
  if (sized) {
    const f = BY_HEADER.get(sized[1].toLowerCase());
    if (f && SIZED.has(f)) return { kind: 'field', field: f, unit: sized[2].trim().toLowerCase() };
  }
  let m = ATTRIBUTE.exec(header);
  if (m) {
    const part = m[2].toLowerCase();
    return { kind: 'attribute', n: Number(m[1]), part: part === 'value(s)' ? 'values' : (part as AttributePart) };
  }
  m = DOWNLOAD.exec(header);
  if (m) return { kind: 'download', n: Number(m[1]), part: m[2].toLowerCase() as DownloadPart };
  m = META.exec(header);
  if (m) return { kind: 'meta', key: m[1].trim() };
  return { kind: 'unknown', header };
}

export interface RawAttribute {
  name: string;
  values: string;
  visible: string;
  global: string;
  default: string;
}

/** One CSV record with its cells sorted by meaning. Absent columns are undefined. */
export interface RawRow {
  row: number;
  fields: Partial<Record<Field, string>>;
  units: Partial<Record<Field, string>>;
  attributes: RawAttribute[];
  downloads: { name: string; url: string }[];
  meta: Record<string, string>;
}

export interface Header {
  columns: Column[];
  missing: Field[];
  unknown: string[];
  duplicates: string[];
}

export function readHeader(cells: string[]): Header {
  const columns = cells.map(mapHeader);
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const [i, c] of columns.entries()) {
    if (c.kind === 'unknown') continue;
    const key = JSON.stringify(c.kind === 'field' ? { f: c.field } : c);
    if (seen.has(key)) duplicates.push(cells[i].trim());
    seen.add(key);
  }
  const present = new Set(columns.flatMap((c) => (c.kind === 'field' ? [c.field] : [])));
  return {
    columns,
    missing: REQUIRED.filter((f) => !present.has(f)),
    unknown: columns.flatMap((c) => (c.kind === 'unknown' && c.header ? [c.header] : [])),
    duplicates,
  };
}

/** Sorts a record's cells by column; missing trailing cells read as empty. */
export function toRawRow(header: Header, cells: string[], row: number): RawRow {
  const out: RawRow = { row, fields: {}, units: {}, attributes: [], downloads: [], meta: {} };
  const attrs = new Map<number, RawAttribute>();
  const downloads = new Map<number, { name: string; url: string }>();
  header.columns.forEach((c, i) => {
    const value = cells[i] ?? '';
    if (c.kind === 'field') {
      out.fields[c.field] = value;
      if (c.unit) out.units[c.field] = c.unit;
    } else if (c.kind === 'attribute') {
      const a = attrs.get(c.n) ?? { name: '', values: '', visible: '', global: '', default: '' };
      a[c.part] = value;
      attrs.set(c.n, a);
    } else if (c.kind === 'download') {
      const d = downloads.get(c.n) ?? { name: '', url: '' };
      if (c.part !== 'id') d[c.part] = value;
      downloads.set(c.n, d);
    } else if (c.kind === 'meta') {
      out.meta[c.key] = value;
    }
  });
  out.attributes = [...attrs.entries()].sort((a, b) => a[0] - b[0]).map(([, a]) => a).filter((a) => a.name.trim());
  out.downloads = [...downloads.entries()].sort((a, b) => a[0] - b[0]).map(([, d]) => d).filter((d) => d.url.trim());
  return out;
}
