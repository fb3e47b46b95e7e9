/**
 * The validation the browser runs before sending: the server's own rules (rules.ts), so a
 * shopper sees the same tips before and after a round trip.
 */
import type { FormDefinition, InvalidField } from '../definition.ts';
import type { PostedValues } from './form-state.ts';
import type { UploadedFile } from './form-behaviour.ts';

export function validateInBrowser(def: FormDefinition, unitTag: string, values: PostedValues, files: Record<string, UploadedFile[]>): InvalidField[] {
  // Until the shared rules are wired in: required fields only.
  const out: InvalidField[] = [];
  for (const tag of def.tags) {
    if (!tag.required || !tag.name) continue;
    const v = tag.type === 'file' ? (files[tag.name] ?? []) : values[tag.name];
    const empty = v === undefined || (Array.isArray(v) ? v.length === 0 : v.trim() === '');
    if (empty)
      out.push({
        field: tag.name,
        into: `span.wpcf7-form-control-wrap[data-name="${tag.name}"]`,
        message: def.messages.invalid_required ?? 'Please fill out this field.',
        idref: tag.options.id ?? null,
        error_id: `${unitTag}-ve-${tag.name}`,
      });
  }
  return out;
}
