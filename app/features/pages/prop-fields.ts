import type { z } from 'zod';
import { blockProps, type BlockType } from './blocks.schema.ts';

/*
 * The backend editor's form for a block's props, read from the block schema: each prop
 * becomes an input of its kind; nested values (links, lists) are edited as JSON here and as
 * their own fields in the visual builder (`fields`, `items`). The posted form turns back into
 * props here; the tree is validated again when saved.
 */

export type FieldKind = 'text' | 'html' | 'number' | 'boolean' | 'enum' | 'media' | 'autoplay' | 'json';
export interface PropField {
  key: string;
  kind: FieldKind;
  options?: string[];
  required: boolean;
  /** A nested object (a link, columns per breakpoint): its own fields, for the visual builder. */
  fields?: PropField[];
  /** A list: each item's fields, or `text` for a list of plain strings (category paths). */
  items?: PropField[] | 'text';
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  entries?: Record<string, string>;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

export const MEDIA_KEYS = new Set(['mediaId', 'bgMediaId', 'posterMediaId']);

function fieldOf(key: string, schema: z.ZodType): PropField {
  let s = schema;
  let required = true;
  for (let d = defOf(s); d.type === 'optional' || d.type === 'default'; d = defOf(s)) {
    required = false;
    s = d.innerType!;
  }
  const d = defOf(s);
  if (MEDIA_KEYS.has(key)) return { key, kind: 'media', required };
  if (key === 'autoplay') return { key, kind: 'autoplay', required };
  if (key === 'html') return { key, kind: 'html', required };
  if (d.type === 'string') return { key, kind: 'text', required };
  if (d.type === 'number') return { key, kind: 'number', required };
  if (d.type === 'boolean') return { key, kind: 'boolean', required };
  if (d.type === 'enum') return { key, kind: 'enum', options: Object.values(d.entries ?? {}), required };
  if (d.type === 'object' && d.shape) return { key, kind: 'json', required, fields: shapeFields(d.shape) };
  if (d.type === 'array' && d.element) {
    const item = fieldOf('item', d.element);
    if (item.kind === 'text') return { key, kind: 'json', required, items: 'text' };
    if (item.fields) return { key, kind: 'json', required, items: item.fields };
  }
  return { key, kind: 'json', required };
}

const shapeFields = (shape: Record<string, z.ZodType>) => Object.entries(shape).map(([key, schema]) => fieldOf(key, schema));

/** A block type's props as form fields; lists and nested objects are `json` in the backend editor, structured in the builder. */
export function propFields(type: BlockType): PropField[] {
  return shapeFields((blockProps[type] as unknown as { shape: Record<string, z.ZodType> }).shape);
}

/** Props from a posted form (fields named `p.<key>`); JSON that does not parse is passed on as text (and refused when saved). */
export function propsFromForm(type: BlockType, form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of propFields(type)) {
    const raw = form.get(`p.${f.key}`);
    const text = typeof raw === 'string' ? raw : '';
    switch (f.kind) {
      case 'boolean':
        out[f.key] = raw !== null;
        break;
      case 'number':
      case 'media':
        if (text.trim() !== '') out[f.key] = Number(text);
        break;
      case 'autoplay':
        out[f.key] = text.trim() === '' || text.trim() === 'false' ? false : Number(text);
        break;
      case 'json':
        if (text.trim() === '') break;
        try {
          out[f.key] = JSON.parse(text);
        } catch {
          out[f.key] = text;
        }
        break;
      default:
        if (text !== '' || f.required) out[f.key] = text;
    }
  }
  return out;
}

/** A prop's value as the form shows it. */
export function fieldValue(f: PropField, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (f.kind === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}
