/**
 * The browser behaviour of Contact Form 7's script (spec §4, §5), on a rendered form element:
 * acceptance gating, URL prefix, exclusive checkboxes, free-text options, values for the
 * shared validation rules.
 */
import { FREE_TEXT_PREFIX, type PostedValues, type PublicForm } from './form-state.ts';

/** True while a required acceptance box is unchecked or an inverted one checked (spec §4). */
export function acceptanceBlocks(form: HTMLFormElement, def: PublicForm): boolean {
  if (def.settings.acceptanceAsValidation) return false;
  for (const control of form.querySelectorAll<HTMLElement>('.wpcf7-acceptance')) {
    if (control.classList.contains('optional')) continue;
    const box = control.querySelector<HTMLInputElement>('input[type="checkbox"]');
    if (!box) continue;
    const invert = control.classList.contains('invert');
    if (invert ? box.checked : !box.checked) return true;
  }
  return false;
}

/** A URL field gets `http://` when it has a dot and no scheme (spec §5). */
export function prefixUrl(value: string): string {
  let v = value.trim();
  if (!v || /^[a-z][a-z0-9.+-]*:/i.test(v) || !v.includes('.')) return value;
  v = v.replace(/^\/+/, '');
  return `http://${v}`;
}

/** In an exclusive group, checking one box unchecks the others (spec §5). */
export function applyExclusive(box: HTMLInputElement): void {
  if (box.type !== 'checkbox' || !box.checked || !box.closest('.wpcf7-exclusive-checkbox')) return;
  const group = box.closest('.wpcf7-exclusive-checkbox')!;
  for (const other of group.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) if (other !== box) other.checked = false;
}

/** Per field with a free-text option: is its last choice (the one with the text) checked? */
export function freeTextState(form: HTMLFormElement): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const item of form.querySelectorAll<HTMLElement>('.has-free-text')) {
    const wrap = item.closest<HTMLElement>('.wpcf7-form-control-wrap');
    const box = item.querySelector<HTMLInputElement>('input[type="checkbox"], input[type="radio"]');
    if (wrap?.dataset.name && box) out[wrap.dataset.name] = box.checked;
  }
  return out;
}

/** Current length of every field a counter counts. */
export function countState(form: HTMLFormElement): Record<string, number> {
  const out: Record<string, number> = {};
  for (const counter of form.querySelectorAll<HTMLElement>('.wpcf7-character-count')) {
    const name = counter.dataset.targetName;
    const field = name ? form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${CSS.escape(name)}"]`) : null;
    if (name && field) out[name] = field.value.length;
  }
  return out;
}

export interface UploadedFile {
  name: string;
  size: number;
  type: string;
}

/** The form's values by field name, as the validation rules read them. */
export function collectValues(form: HTMLFormElement, def: PublicForm): { values: PostedValues; files: Record<string, UploadedFile[]> } {
  const data = new FormData(form);
  const values: PostedValues = {};
  const files: Record<string, UploadedFile[]> = {};
  for (const tag of def.tags) {
    if (!tag.name || tag.type === 'count' || tag.type === 'submit' || tag.type === 'response') continue;
    if (tag.type === 'file') {
      files[tag.name] = data
        .getAll(tag.name)
        .filter((f): f is File => typeof f !== 'string' && f.size > 0)
        .map((f) => ({ name: f.name, size: f.size, type: f.type }));
      continue;
    }
    const many = (tag.type === 'checkbox' && !tag.options.exclusive) || (tag.type === 'select' && tag.options.multiple);
    if (many) values[tag.name] = data.getAll(`${tag.name}[]`).map(String);
    else {
      const v = data.get(tag.name);
      values[tag.name] = typeof v === 'string' ? v : '';
    }
    const free = data.get(`${FREE_TEXT_PREFIX}${tag.name}`);
    if (typeof free === 'string') values[`${FREE_TEXT_PREFIX}${tag.name}`] = free;
  }
  return { values, files };
}
