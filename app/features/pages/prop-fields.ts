import type { z } from 'zod';
import { blockProps, colourSchema, hrefSchema, type BlockType } from './blocks.schema.ts';

/*
 * A block's settings as form fields, read from the block schema: each prop becomes a field
 * of its kind (a link, a colour, a category, a picture, a number with its unit and range…),
 * nested objects a group of fields and lists a list of items, so neither editor ever shows
 * raw JSON. Both editors draw these: the visual builder as Puck fields (builder/puck-config),
 * the backend editor as plain form inputs (prop-form.ts reads them back). A field that only
 * applies when another has some value says so in `when`.
 */

export type FieldKind = 'text' | 'html' | 'number' | 'boolean' | 'enum' | 'media' | 'autoplay' | 'colour' | 'link' | 'category' | 'form' | 'group' | 'list';
export type Unit = 'px' | 'seconds' | 'twelfths' | 'strength' | 'products' | 'categories' | 'slides' | 'columns';

/** A field shown only while `key` (a sibling prop) is one of `in`, is set, or is above a number. */
export interface FieldCondition {
  key: string;
  in?: string[];
  set?: true;
  above?: number;
}

export interface PropField {
  key: string;
  kind: FieldKind;
  options?: string[];
  required: boolean;
  /** Numbers: their range and unit; whole numbers step by 1. */
  min?: number;
  max?: number;
  int?: boolean;
  unit?: Unit;
  /** A nested object (a link, a picture, columns per breakpoint): its own fields. */
  fields?: PropField[];
  /** A list: each item's fields, or `category` for a list of category paths. */
  items?: PropField[] | 'category';
  /** Most items a list holds. */
  maxItems?: number;
  when?: FieldCondition;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  entries?: Record<string, string>;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  checks?: { _zod: { def: { check: string; maximum?: number } } }[];
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

export const MEDIA_KEYS = new Set(['mediaId', 'bgMediaId', 'posterMediaId']);
const CATEGORY_KEYS = new Set(['category', 'imageCategory', 'paths']);

/** Units of number props, by `type.key` or key (the autoplay interval is edited in seconds). */
const UNITS: Record<string, Unit> = {
  'spacer.large': 'px',
  'spacer.small': 'px',
  'column.large': 'twelfths',
  'column.medium': 'twelfths',
  'column.small': 'twelfths',
  'columns.large': 'columns',
  'columns.medium': 'columns',
  'columns.small': 'columns',
  'category-tiles.limit': 'categories',
  limit: 'products',
  width: 'px',
  height: 'px',
  parallax: 'strength',
  perView: 'slides',
  autoplay: 'seconds',
};

/** Settings that apply only with another's value (the others are always shown). */
const CONDITIONS: Partial<Record<BlockType, Record<string, FieldCondition>>> = {
  section: { lazyBg: { key: 'bgMediaId', set: true }, parallax: { key: 'bgMediaId', set: true }, mobileParallax: { key: 'parallax', above: 0 }, anchorTitle: { key: 'anchor', set: true } },
  lightbox: {
    images: { key: 'kind', in: ['image', 'gallery'] },
    video: { key: 'kind', in: ['video'] },
    contentBlock: { key: 'kind', in: ['inline'] },
    side: { key: 'kind', in: ['off-canvas'] },
  },
  'product-grid': { category: { key: 'source', in: ['category'] } },
};

/** Whether a field applies to props holding `props` (its condition met, or none). */
export function applies(f: PropField, props: Record<string, unknown>): boolean {
  const c = f.when;
  if (!c) return true;
  const v = props[c.key];
  if (c.in) return typeof v === 'string' && c.in.includes(v);
  if (c.above !== undefined) return Number(v) > c.above;
  return v !== undefined && v !== null && v !== '' && v !== false;
}

/** The autoplay interval as its field holds it: seconds, 0 for none. */
export const autoplaySeconds = (value: unknown): number => (typeof value === 'number' ? value / 1000 : 0);
/** The autoplay prop from seconds (blank or 0: none). */
export function autoplayFrom(value: unknown): number | false | string {
  const text = String(value ?? '').trim();
  if (text === '' || text === 'false' || Number(text) === 0) return false;
  const n = Number(text);
  return Number.isFinite(n) ? Math.round(n * 1000) : text; // refused, with its path, when saved
}

const isSchema = (a: z.ZodType, b: z.ZodType) => a === b;

function fieldOf(key: string, schema: z.ZodType, path: string): PropField {
  let s = schema;
  let required = true;
  for (let d = defOf(s); d.type === 'optional' || d.type === 'default'; d = defOf(s)) {
    required = false;
    s = d.innerType!;
  }
  const d = defOf(s);
  if (MEDIA_KEYS.has(key)) return { key, kind: 'media', required };
  if (key === 'autoplay' && d.type === 'union') return { key, kind: 'autoplay', required, min: 0, max: 60, unit: 'seconds' };
  if (key === 'html') return { key, kind: 'html', required };
  if (key === 'formId') return { key, kind: 'form', required };
  if (isSchema(s, hrefSchema) || key === 'href') return { key, kind: 'link', required };
  if (isSchema(s, colourSchema)) return { key, kind: 'colour', required };
  if (CATEGORY_KEYS.has(key) && d.type === 'string') return { key, kind: 'category', required };
  if (d.type === 'string') return { key, kind: 'text', required };
  if (d.type === 'number') {
    const n = s as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
    const unit = UNITS[path] ?? UNITS[key];
    return { key, kind: 'number', required, int: n.isInt, ...(n.minValue !== null ? { min: n.minValue } : {}), ...(n.maxValue !== null ? { max: n.maxValue } : {}), ...(unit ? { unit } : {}) };
  }
  if (d.type === 'boolean') return { key, kind: 'boolean', required };
  if (d.type === 'enum') return { key, kind: 'enum', options: Object.values(d.entries ?? {}), required };
  if (d.type === 'object' && d.shape) return { key, kind: 'group', required, fields: shapeFields(d.shape, key) };
  if (d.type === 'array' && d.element) {
    const maxItems = d.checks?.map((c) => c._zod.def).find((c) => c.check === 'max_length')?.maximum;
    const item = fieldOf('item', d.element, key);
    const list = { key, kind: 'list' as const, required, ...(maxItems ? { maxItems } : {}) };
    if (CATEGORY_KEYS.has(key) && item.kind === 'text') return { ...list, items: 'category' };
    if (item.fields) return { ...list, items: item.fields };
  }
  throw new Error(`the prop "${path}" has no form field`);
}

const shapeFields = (shape: Record<string, z.ZodType>, prefix: string) => Object.entries(shape).map(([key, schema]) => fieldOf(key, schema, `${prefix}.${key}`));

const cache = new Map<BlockType, PropField[]>();

/** A block type's props as form fields, each with the condition it is shown under. */
export function propFields(type: BlockType): PropField[] {
  let fields = cache.get(type);
  if (!fields) {
    const when = CONDITIONS[type] ?? {};
    fields = shapeFields((blockProps[type] as unknown as { shape: Record<string, z.ZodType> }).shape, type).map((f) => (when[f.key] ? { ...f, when: when[f.key] } : f));
    cache.set(type, fields);
  }
  return fields;
}
