import type { z } from 'zod';
import { blockProps, type BlockType } from './blocks.schema.ts';

/*
 * The backend editor's form for a block's props, read from the block schema: each prop
 * becomes an input of its kind; nested values (links, lists) are edited as JSON. The
 * posted form turns back into props here; the tree is validated again when saved.
 */

export type FieldKind = 'text' | 'html' | 'number' | 'boolean' | 'enum' | 'media' | 'autoplay' | 'json';
export interface PropField {
  key: string;
  kind: FieldKind;
  options?: string[];
  required: boolean;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  entries?: Record<string, string>;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

const MEDIA_KEYS = new Set(['mediaId', 'bgMediaId', 'posterMediaId']);

export function propFields(type: BlockType): PropField[] {
  const shape = (blockProps[type] as unknown as { shape: Record<string, z.ZodType> }).shape;
  return Object.entries(shape).map(([key, schema]) => {
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
    return { key, kind: 'json', required };
  });
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
