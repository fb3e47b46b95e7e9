import { z } from 'zod';
import { LIMITS } from '../config/constants.ts';
import { HttpError } from './http-error.ts';

/** A row id from a request: a whole number an `integer` column can hold (larger ones are refused, not a 500). */
export const rowId = z.number().int().positive().max(LIMITS.sqlIntMax, 'No such id');
/** A row id from a path segment, form field or query value, or null when the text is none (too big for the column, too). */
export function idFromText(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= LIMITS.sqlIntMax ? n : null;
}

/** The same from a form field or URL segment (text). */
export const rowIdText = z.coerce.number().pipe(rowId);

/** Parses input with a zod schema; a failure becomes a 400 naming each bad field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = Object.entries(fields)[0];
  const message = first ? (first[0] === '_' ? first[1] : `${first[0]}: ${first[1]}`) : 'Invalid input';
  throw new HttpError(400, 'invalid', message, fields);
}

/** FormData (or URLSearchParams) as a plain object of strings, for zod. */
export function formToObject(form: FormData | URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string') out[k] = v;
  return out;
}

/** How deep a JSON body may nest: more than any form of ours, far less than a stack. */
export const JSON_MAX_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether text holds a NUL character or an unpaired surrogate, which neither database stores as sent. */
export const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The first problem of a parsed JSON body: nested deeper than JSON_MAX_DEPTH, a prototype
 * key, or a string or key that cannot be stored (the field's dotted path). Walks without
 * recursion, so no body can exhaust the stack.
 */
export function bodyTextProblem(body: unknown): undefined | 'too_deep' | 'prototype' | { field: string } {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return { field: path || '_' };
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= JSON_MAX_DEPTH) return 'too_deep';
    for (const [key, child] of Object.entries(value)) {
      if (key === '__proto__') return 'prototype';
      if (key === 'constructor' && typeof child === 'object' && child !== null && 'prototype' in child) return 'prototype';
      const at = path ? `${path}.${key}` : key;
      if (unstorable(key)) return { field: at };
      stack.push({ value: child, path: at, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * A query value as the shared rules take it (docs/API.md, "Input rules"): text (the first
 * of repeated values), without NUL characters, cut to `max` characters; anything else is
 * absent.
 */
export function queryText(value: unknown, max: number): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return undefined;
  const text = first.includes('\u0000') ? first.replaceAll('\u0000', '') : first;
  return text.length > max ? text.slice(0, max) : text;
}

/** URL search parameters as a plain object, the first of repeated names winning (as `get` does). */
export function firstValues(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (!(k in out)) out[k] = v;
  return out;
}
