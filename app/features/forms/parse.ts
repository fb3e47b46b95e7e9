/**
 * The form-tag template parser: Contact Form 7's syntax (`[text* your-name placeholder "Name"]`,
 * `[acceptance a] I agree [/acceptance]`, `[[text]]` for a literal tag) plus the markup in
 * TEMPLATE_ELEMENTS, into the typed tree of definition.ts. Everything else is text. Pure and
 * browser-safe: the admin's live preview runs it on every keystroke.
 */
import {
  TAG_TYPES,
  TEMPLATE_ELEMENTS,
  type Choice,
  type FormTag,
  type ParseIssue,
  type TagOptions,
  type TagType,
  type TemplateElement,
  type TemplateNode,
} from './definition.ts';

export interface ParseResult {
  template: TemplateNode[];
  tags: FormTag[];
  issues: ParseIssue[];
}

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
/** Tags that may enclose content up to `[/type]`. */
const ENCLOSING: ReadonlySet<TagType> = new Set(['acceptance', 'textarea']);

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

const ELEMENT_SET: ReadonlySet<string> = new Set(TEMPLATE_ELEMENTS);
const VOID_ELEMENTS: ReadonlySet<string> = new Set(['br']);
const TYPE_SET: ReadonlySet<string> = new Set(TAG_TYPES);

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

export function parseTemplate(source: string): ParseResult {
  const src = source.replace(/\r\n?/g, '\n');
  const issues: ParseIssue[] = [];
  const tags: FormTag[] = [];
  const lineStarts = [0];
  for (let i = 0; i < src.length; i++) if (src.charCodeAt(i) === 10) lineStarts.push(i + 1);
  const where = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo]! + 1 };
  };
  const issue = (offset: number, message: string, severity: 'error' | 'warning' = 'error') => issues.push({ ...where(offset), message, severity });

  const root: TemplateNode[] = [];
  type Attrs = { id?: string; class?: string; for?: string };
  const stack: { tag: TemplateElement; children: TemplateNode[]; offset: number; attrs: Attrs }[] = [];
  const current = () => (stack.length ? stack[stack.length - 1]!.children : root);
  const pushText = (text: string) => {
    if (!text) return;
    const list = current();
    const last = list[list.length - 1];
    if (last && last.kind === 'text') last.text += text;
    else list.push({ kind: 'text', text });
  };

  let i = 0;
  while (i < src.length) {
    const ch = src[i];
    if (ch === '[') {
      const done = tryTag(i);
      if (done > i) {
        i = done;
        continue;
      }
    } else if (ch === '<') {
      const done = tryMarkup(i);
      if (done > i) {
        i = done;
        continue;
      }
    }
    // Plain text up to the next bracket or angle bracket.
    let j = i + 1;
    while (j < src.length && src[j] !== '[' && src[j] !== '<') j++;
    pushText(src.slice(i, j));
    i = j;
  }
  while (stack.length) {
    const open = stack.pop()!;
    issue(open.offset, `<${open.tag}> is never closed`, 'warning');
    const list = current();
    list.push({ kind: 'element', tag: open.tag, attrs: open.attrs, children: open.children });
  }

  // Cross-tag checks: duplicate names, counters of unknown fields.
  const seen = new Map<string, FormTag>();
  for (const tag of tags) {
    if (!tag.name || tag.type === 'count') continue;
    if (seen.has(tag.name)) issues.push({ line: tag.line, column: 1, message: `The field name "${tag.name}" is used twice`, severity: 'error' });
    else seen.set(tag.name, tag);
  }
  for (const tag of tags) {
    if (tag.type !== 'count') continue;
    const target = seen.get(tag.name);
    if (!target) issues.push({ line: tag.line, column: 1, message: `[count ${tag.name}] counts no field of that name`, severity: 'warning' });
  }
  issues.sort((a, b) => a.line - b.line || a.column - b.column);
  return { template: root, tags, issues };

  /** Reads a form tag at `start`; returns the offset after it, or `start` when it is not one. */
  function tryTag(start: number): number {
    // `[[text foo]]` is the literal text `[text foo]`.
    if (src[start + 1] === '[') {
      const m = /^\[\[([a-z]+)(\*?)(?=[\s\]])/.exec(src.slice(start, start + 40));
      if (m && TYPE_SET.has(m[1]!)) {
        const close = findTagEnd(start + 1);
        if (close > 0 && src[close + 1] === ']') {
          pushText(src.slice(start + 1, close + 1));
          return close + 2;
        }
      }
      return start;
    }
    const m = /^\[([a-z]+)(\*?)(?=[\s\]])/.exec(src.slice(start, start + 40));
    if (!m || !TYPE_SET.has(m[1]!)) return start;
    const type = m[1] as TagType;
    const close = findTagEnd(start);
    if (close < 0) {
      issue(start, `[${type} is not closed with ]`);
      return start;
    }
    const body = src.slice(start + m[0].length, close);
    const line = where(start).line;
    const tag = buildTag(type, m[2] === '*', body, start + m[0].length, line);
    let end = close + 1;
    if (ENCLOSING.has(type)) {
      const closing = `[/${type}]`;
      const next = src.indexOf(closing, end);
      const nextOpen = src.indexOf('[', end);
      if (next >= 0 && (nextOpen < 0 || nextOpen === next)) {
        tag.content = src.slice(end, next).trim();
        end = next + closing.length;
      }
    }
    tags.push(tag);
    current().push({ kind: 'tag', tag });
    return end;
  }

  /** The offset of the `]` ending the tag opened at `start`, skipping quoted values; -1 if none. */
  function findTagEnd(start: number): number {
    let quote = '';
    for (let k = start + 1; k < src.length; k++) {
      const c = src[k];
      if (quote) {
        if (c === '\\') k++;
        else if (c === quote) quote = '';
      } else if (c === '"' || c === "'") quote = c;
      else if (c === ']') return k;
      else if (c === '[') return -1;
    }
    return -1;
  }

  function buildTag(type: TagType, star: boolean, body: string, bodyOffset: number, line: number): FormTag {
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
      } else readOption(type, tok.text, tok.offset, options);
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

  function readOption(type: TagType, text: string, offset: number, o: TagOptions) {
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

  /** Reads allowed markup at `start`; returns the offset after it, or `start` to leave it as text. */
  function tryMarkup(start: number): number {
    const m = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z-]+(?:\s*=\s*(?:"[^"<>]*"|'[^'<>]*'|[^\s"'<>=`]+))?)*)\s*(\/?)>/.exec(src.slice(start, start + 2000));
    if (!m) return start;
    const name = m[2]!.toLowerCase();
    if (!ELEMENT_SET.has(name)) return start;
    const element = name as TemplateElement;
    if (m[1]) {
      // Closing tag: closes the nearest open element of that name.
      const at = stack.map((s) => s.tag).lastIndexOf(element);
      if (at < 0) {
        issue(start, `</${name}> closes nothing that is open`, 'warning');
        return start;
      }
      while (stack.length > at) {
        const open = stack.pop()!;
        if (open.tag !== element) issue(open.offset, `<${open.tag}> is never closed`, 'warning');
        current().push({ kind: 'element', tag: open.tag, attrs: open.attrs, children: open.children });
      }
      return start + m[0].length;
    }
    const attrs: Attrs = {};
    const attrRe = /([a-zA-Z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>=`]+)))?/g;
    let a: RegExpExecArray | null;
    while ((a = attrRe.exec(m[3] ?? ''))) {
      const key = a[1]!.toLowerCase();
      const value = a[2] ?? a[3] ?? a[4] ?? '';
      if (key === 'id' || key === 'class' || key === 'for') attrs[key] = value;
    }
    if (VOID_ELEMENTS.has(element) || m[4]) {
      current().push({ kind: 'element', tag: element, attrs, children: [] });
    } else {
      const frame = { tag: element, children: [] as TemplateNode[], offset: start, attrs };
      stack.push(frame);
    }
    return start + m[0].length;
  }
}

/** Every input tag's name, in template order (no count/submit/response). */
export function fieldNames(tags: FormTag[]): string[] {
  return tags.filter((t) => t.type !== 'count' && t.type !== 'submit' && t.type !== 'response').map((t) => t.name);
}
