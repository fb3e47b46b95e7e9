/**
 * The form-tag template parser: Contact Form 7's syntax (`[text* your-name placeholder "Name"]`,
 * `[acceptance a] I agree [/acceptance]`, `[[text]]` for a literal tag) plus the markup in
 * TEMPLATE_ELEMENTS, into the typed tree of definition.ts. Everything else is text. Pure and
 * browser-safe: the admin's live preview runs it on every keystroke. What one tag's body holds
 * (its name, options and values) is read by tag-reader.ts.
 */
import { TAG_TYPES, TEMPLATE_ELEMENTS, type FormTag, type ParseIssue, type TagType, type TemplateElement, type TemplateNode } from './definition.ts';
import { buildTag } from './tag-reader.ts';

export interface ParseResult {
  template: TemplateNode[];
  tags: FormTag[];
  issues: ParseIssue[];
}

/** Tags that may enclose content up to `[/type]`. */
const ENCLOSING: ReadonlySet<TagType> = new Set(['acceptance', 'textarea']);

const ELEMENT_SET: ReadonlySet<string> = new Set(TEMPLATE_ELEMENTS);
const VOID_ELEMENTS: ReadonlySet<string> = new Set(['br']);
const TYPE_SET: ReadonlySet<string> = new Set(TAG_TYPES);

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
    const tag = buildTag(type, m[2] === '*', body, start + m[0].length, line, issue);
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
