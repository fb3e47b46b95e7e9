/**
 * One form tag's inside: `[text* your-name 40/100 placeholder "Name"]` read into a FormTag, its
 * name, options and quoted values, with what Contact Form 7 would fill in when the template gives
 * nothing. parse.ts finds the tags in a template and hands each body here. Pure and browser-safe.
 */
import type { Choice, FormTag, TagOptions, TagType } from './definition.ts';

/** How the tag reader reports a problem at an offset of the template. */
export type Report = (offset: number, message: string, severity?: 'error' | 'warning') => void;

/** Largest value `maxlength` takes when the template gives none, for text-like fields. */
export const DEFAULT_MAXLENGTH = 400;
/** Largest upload when a file tag gives no `limit:` (Contact Form 7's default, 1 MB). */
export const DEFAULT_FILE_LIMIT = 1024 * 1024;
/** Extensions a file tag accepts when it gives no `filetypes:`. */
export const DEFAULT_FILETYPES = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'txt'];

/** Tags whose value is text and that get the default maxlength. */
export const TEXT_LIKE: ReadonlySet<TagType> = new Set(['text', 'email', 'url', 'tel', 'textarea']);
const NAMELESS: ReadonlySet<TagType> = new Set(['submit', 'response']);
const NEVER_REQUIRED: ReadonlySet<TagType> = new Set(['submit', 'response', 'count', 'hidden', 'quiz', 'acceptance']);
const CHOICE_TAGS: ReadonlySet<TagType> = new Set(['select', 'checkbox', 'radio']);

/** Extensions a file tag may accept: those whose content the server can recognise (uploads.server.ts). */
export const ACCEPTABLE_FILETYPES = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'pdf', 'txt', 'csv', 'zip', 'docx', 'xlsx', 'pptx', 'odt', 'doc', 'xls', 'ppt', 'mp3', 'ogg', 'wav', 'm4a', 'mp4', 'mov', 'webm'];

/** MIME groups `filetypes:` may name, expanded to extensions. */
const MIME_GROUPS: Record<string, string[]> = {
  'image/*': ['jpg', 'jpeg', 'png', 'gif', 'webp'],
  'audio/*': ['mp3', 'ogg', 'wav', 'm4a'],
  'video/*': ['mp4', 'webm', 'mov'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
};

const NAME_RE = /^[A-Za-z][-A-Za-z0-9_:.]*$/;
const DATE_RE = /^[0-9]{4,}-[0-9]{2}-[0-9]{2}$/;
const NUMBER_RE = /^-?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;

/** Default options, as the zod schema would fill them. */
export function defaultOptions(): TagOptions {
  return {
    class: [],
    placeholder: false,
    filetypes: [],
    multiple: false,
    include_blank: false,
    first_as_label: false,
    exclusive: false,
    label_first: false,
    use_label_element: false,
    free_text: false,
    default: [],
    optional: false,
    invert: false,
    down: false,
    other: [],
  };
}

/** `2mb` → 2097152, `500kb` → 512000, `1024` → 1024; undefined when malformed. */
export function parseSize(text: string): number | undefined {
  const m = /^([0-9]+)(kb|mb|gb|b)?$/i.exec(text.trim());
  if (!m) return undefined;
  const unit = (m[2] ?? 'b').toLowerCase();
  const n = Number(m[1]) * (unit === 'gb' ? 1024 ** 3 : unit === 'mb' ? 1024 ** 2 : unit === 'kb' ? 1024 : 1);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Splits a quoted value at its first pipe: `"Sales|sales@example.com"`. */
export function splitPipe(raw: string): Choice {
  const i = raw.indexOf('|');
  return i < 0 ? { label: raw, value: raw } : { label: raw.slice(0, i), value: raw.slice(i + 1) };
}

/** Builds the tag `[type* body]` whose body starts at `bodyOffset` of the template, reporting what is wrong with it. */
export function buildTag(type: TagType, star: boolean, body: string, bodyOffset: number, line: number, issue: Report): FormTag {
  const options = defaultOptions();
  const values: Choice[] = [];
  let name = '';
  let required = star;
  if (star && NEVER_REQUIRED.has(type)) {
    issue(bodyOffset - 1, `[${type}*] cannot be required; the * is ignored`, 'warning');
    required = false;
  }
  // Tokens: bare options first, then quoted values (CF7 ignores options after a value; we warn).
  const tokens: { text: string; quoted: boolean; offset: number }[] = [];
  let k = 0;
  while (k < body.length) {
    const c = body[k]!;
    if (/\s/.test(c)) {
      k++;
      continue;
    }
    if (c === '"' || c === "'") {
      let text = '';
      let p = k + 1;
      let closed = false;
      while (p < body.length) {
        const d = body[p]!;
        if (d === '\\' && p + 1 < body.length && (body[p + 1] === c || body[p + 1] === '\\')) {
          text += body[p + 1];
          p += 2;
          continue;
        }
        if (d === c) {
          closed = true;
          break;
        }
        text += d;
        p++;
      }
      if (!closed) issue(bodyOffset + k, 'A quoted value is not closed');
      tokens.push({ text, quoted: true, offset: bodyOffset + k });
      k = p + 1;
      continue;
    }
    let p = k;
    while (p < body.length && !/\s/.test(body[p]!) && body[p] !== '"' && body[p] !== "'") p++;
    tokens.push({ text: body.slice(k, p), quoted: false, offset: bodyOffset + k });
    k = p;
  }

  let sawValue = false;
  for (const tok of tokens) {
    if (tok.quoted) {
      sawValue = true;
      values.push(splitPipe(tok.text));
      continue;
    }
    if (sawValue) issue(tok.offset, `Option "${tok.text}" after a quoted value is ignored`, 'warning');
    else if (!name && !NAMELESS.has(type)) {
      if (!NAME_RE.test(tok.text)) issue(tok.offset, `"${tok.text}" is not a valid field name (a letter, then letters, digits, - _ : .)`);
      name = tok.text;
    } else readOption(type, tok.text, tok.offset, options, issue);
  }

  if (!NAMELESS.has(type) && !name) issue(bodyOffset - 1, `[${type}] needs a field name`);
  if (TEXT_LIKE.has(type) && options.maxlength === undefined) options.maxlength = DEFAULT_MAXLENGTH;
  if (options.minlength !== undefined && options.maxlength !== undefined && options.minlength > options.maxlength)
    issue(bodyOffset, `minlength ${options.minlength} is above maxlength ${options.maxlength}`);
  if (type === 'file') {
    if (options.limit === undefined) options.limit = DEFAULT_FILE_LIMIT;
    if (options.filetypes.length === 0) options.filetypes = [...DEFAULT_FILETYPES];
  }
  if (CHOICE_TAGS.has(type) && values.length === 0) issue(bodyOffset, `[${type} ${name}] has no options`, 'warning');
  if (type === 'quiz') {
    if (values.length === 0) issue(bodyOffset, `[quiz ${name}] needs at least one "question|answer"`);
    for (const v of values) if (v.label === v.value) issue(bodyOffset, `Quiz question "${v.label}" has no |answer`);
  }
  if ((type === 'number' || type === 'range') && options.min !== undefined && options.max !== undefined && Number(options.min) > Number(options.max))
    issue(bodyOffset, `min ${options.min} is above max ${options.max}`);
  if (type === 'date' && options.min && options.max && DATE_RE.test(options.min) && DATE_RE.test(options.max) && options.min > options.max)
    issue(bodyOffset, `min ${options.min} is after max ${options.max}`);
  return { type, required, name, options, values, line };
}

function readOption(type: TagType, text: string, offset: number, o: TagOptions, issue: Report) {
  const colon = text.indexOf(':');
  const key = colon < 0 ? text : text.slice(0, colon);
  const val = colon < 0 ? '' : text.slice(colon + 1);
  const int = (label: string, min = 0): number | undefined => {
    if (!/^[0-9]+$/.test(val) || Number(val) < min) {
      issue(offset, `${label} needs a whole number${min > 0 ? ` of at least ${min}` : ''}, not "${val}"`);
      return undefined;
    }
    return Number(val);
  };
  const numberOrDate = (label: string): string | undefined => {
    if (type === 'date') {
      if (!DATE_RE.test(val)) {
        issue(offset, `${label} needs a date as yyyy-mm-dd, not "${val}"`);
        return undefined;
      }
      return val;
    }
    if (!NUMBER_RE.test(val)) {
      issue(offset, `${label} needs a number, not "${val}"`);
      return undefined;
    }
    return val;
  };
  const flag = (): boolean => {
    if (colon >= 0) issue(offset, `${key} takes no value`, 'warning');
    return true;
  };
  switch (key) {
    case 'id':
      if (!/^[A-Za-z][-A-Za-z0-9_:.]*$/.test(val)) issue(offset, `id:${val} is not a valid id`);
      else o.id = val;
      return;
    case 'class':
      if (!/^[-A-Za-z0-9_]+$/.test(val)) issue(offset, `class:${val} is not a valid class name`);
      else o.class.push(val);
      return;
    case 'placeholder':
    case 'watermark':
      o.placeholder = flag();
      return;
    case 'autocomplete':
      if (!/^[a-z0-9- ]+$/i.test(val)) issue(offset, `autocomplete:${val} is not a valid token`);
      else o.autocomplete = val;
      return;
    case 'minlength': {
      const n = int('minlength');
      if (n !== undefined) o.minlength = n;
      return;
    }
    case 'maxlength': {
      const n = int('maxlength', 1);
      if (n !== undefined) o.maxlength = n;
      return;
    }
    case 'min':
    case 'max':
    case 'step': {
      const v = key === 'step' ? (NUMBER_RE.test(val) && Number(val) > 0 ? val : (issue(offset, `step needs a positive number, not "${val}"`), undefined)) : numberOrDate(key);
      if (v !== undefined) o[key] = v;
      return;
    }
    case 'size': {
      const n = int('size', 1);
      if (n !== undefined) o.size = n;
      return;
    }
    case 'cols':
    case 'rows': {
      const n = int(key, 1);
      if (n !== undefined) o[key] = n;
      return;
    }
    case 'limit': {
      const n = parseSize(val);
      if (n === undefined) issue(offset, `limit:${val} is not a size (like 2mb, 500kb or 1024)`);
      else o.limit = n;
      return;
    }
    case 'filetypes': {
      const addType = (e: string) => {
        if (!o.filetypes.includes(e)) o.filetypes.push(e);
      };
      for (const part of val.split('|')) {
        const p = part.trim().toLowerCase().replace(/^\./, '');
        if (!p) continue;
        if (p.includes('/')) {
          const group = MIME_GROUPS[p];
          if (group) for (const e of group) addType(e);
          else issue(offset, `filetypes: unknown type "${p}"`);
        } else if (ACCEPTABLE_FILETYPES.includes(p)) addType(p);
        else if (/^[a-z0-9]+$/.test(p)) issue(offset, `filetypes: .${p} files cannot be accepted (only ${ACCEPTABLE_FILETYPES.join(', ')})`);
        else issue(offset, `filetypes: "${p}" is not an extension`);
      }
      return;
    }
    case 'default': {
      // Choice tags take option numbers (`1_3`); text-like tags a source such as `user_email`.
      const parts = CHOICE_TAGS.has(type) ? val.split('_').filter(Boolean) : [val];
      if (CHOICE_TAGS.has(type) && parts.some((p) => !/^[0-9]+$/.test(p))) issue(offset, `default:${val} needs option numbers like 1 or 1_3`);
      else o.default.push(...parts);
      return;
    }
    case 'multiple':
    case 'include_blank':
    case 'first_as_label':
    case 'exclusive':
    case 'label_first':
    case 'use_label_element':
    case 'free_text':
    case 'optional':
    case 'invert':
    case 'down':
      o[key] = flag();
      return;
    default:
      break;
  }
  // Size shorthands: `40/100` (size/maxlength) for text-like tags, `40x10` or `40x10/400` for textarea.
  let m = /^([0-9]*)[xX]([0-9]*)(?:\/([0-9]+))?$/.exec(text);
  if (m && type === 'textarea') {
    if (m[1]) o.cols = Number(m[1]) || undefined;
    if (m[2]) o.rows = Number(m[2]) || undefined;
    if (m[3]) o.maxlength = Number(m[3]) || undefined;
    return;
  }
  m = /^([0-9]*)\/([0-9]+)$/.exec(text) ?? /^([0-9]+)()$/.exec(text);
  if (m && TEXT_LIKE.has(type)) {
    if (m[1]) o.size = Number(m[1]) || undefined;
    if (m[2]) o.maxlength = Number(m[2]) || undefined;
    return;
  }
  issue(offset, `Unknown option "${text}" is ignored`, 'warning');
  o.other.push(text);
}
