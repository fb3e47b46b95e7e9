import { autoplayFrom, propFields, type PropField } from './prop-fields.ts';
import type { BlockType } from './blocks.schema.ts';

/*
 * The backend editor's form for a block's settings, as plain inputs (no scripts needed):
 * a setting is posted as `p.<key>`, a group's as `p.<key>.<sub>`, a list's items as
 * `p.<key>.<i>.<sub>` (a list of categories `p.<key>.<i>`) with `….<i>._at` (its position)
 * and `….<i>._remove`; the form always offers one blank item more, which is how one is
 * added. A colour may be posted as `….none` (no colour). The tree is validated again when
 * saved, so what this reads is never trusted.
 */

export const formName = (path: readonly (string | number)[]) => `p.${path.join('.')}`;

const textOf = (form: FormData, name: string) => {
  const raw = form.get(name);
  return typeof raw === 'string' ? raw : '';
};

/** A scalar setting from the form: undefined when left blank (the default applies). */
function readScalar(f: PropField, name: string, form: FormData): unknown {
  const text = textOf(form, name);
  switch (f.kind) {
    case 'boolean':
      return form.get(name) !== null;
    case 'number':
    case 'media':
    case 'form':
      return text.trim() === '' ? undefined : Number(text);
    case 'autoplay':
      return autoplayFrom(text);
    case 'colour':
      return form.get(`${name}.none`) !== null || text.trim() === '' ? undefined : text.trim();
    default:
      return text === '' ? undefined : text;
  }
}

/** Indices of a list's items present in the form. */
function itemIndices(name: string, form: FormData): number[] {
  const found = new Set<number>();
  for (const key of form.keys()) {
    if (!key.startsWith(`${name}.`)) continue;
    const i = Number(key.slice(name.length + 1).split('.')[0]);
    if (Number.isInteger(i) && i >= 0 && i < 1000) found.add(i);
  }
  return [...found].sort((a, b) => a - b);
}

function readList(f: PropField, name: string, form: FormData): unknown[] | undefined {
  const items = f.items!;
  const rows = itemIndices(name, form).map((i) => {
    const at = Number(textOf(form, `${name}.${i}._at`));
    const value = items === 'category' ? textOf(form, `${name}.${i}`).trim() || undefined : readGroup(items, `${name}.${i}`, form);
    return { i, at: Number.isFinite(at) && textOf(form, `${name}.${i}._at`).trim() !== '' ? at : i + 1, removed: form.get(`${name}.${i}._remove`) !== null, value };
  });
  const kept = rows
    .filter((r) => !r.removed && r.value !== undefined)
    .sort((a, b) => a.at - b.at || a.i - b.i)
    .map((r) => r.value);
  return kept.length || f.required ? kept : undefined;
}

/** A group of settings; undefined when nothing in it was filled in (an optional link left blank). */
function readGroup(fields: PropField[], prefix: string, form: FormData): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  let filled = false;
  for (const f of fields) {
    const v = read(f, `${prefix}.${f.key}`, form);
    if (v !== undefined && f.kind !== 'boolean') filled = true;
    if (v !== undefined) out[f.key] = v;
    else if (f.required && !f.fields && !f.items) out[f.key] = '';
  }
  return filled ? out : undefined;
}

function read(f: PropField, name: string, form: FormData): unknown {
  if (f.fields) return readGroup(f.fields, name, form);
  if (f.items) return readList(f, name, form);
  return readScalar(f, name, form);
}

/** A block's props from a posted form. */
export function propsFromForm(type: BlockType, form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of propFields(type)) {
    const v = read(f, formName([f.key]), form);
    if (v !== undefined) out[f.key] = v;
    else if (f.required && (f.kind === 'text' || f.kind === 'html' || f.kind === 'link')) out[f.key] = '';
  }
  return out;
}

/** A scalar prop's value as its input shows it (autoplay in seconds). */
export function inputValue(f: PropField, value: unknown): string {
  if (value === undefined || value === null || value === false) return f.kind === 'autoplay' ? '0' : '';
  if (f.kind === 'autoplay') return String(Number(value) / 1000);
  return String(value);
}
