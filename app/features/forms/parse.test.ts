import { describe, expect, it } from 'vitest';
import { formTagSchema, templateNodeSchema, TAG_TYPES } from './definition.ts';
import { parseTemplate } from './parse.ts';
import { DEFAULT_FILE_LIMIT, DEFAULT_MAXLENGTH, parseSize } from './tag-reader.ts';
import { DEMO_CONTACT_TEMPLATE } from './demo-form.ts';

const one = (src: string) => {
  const r = parseTemplate(src);
  expect(r.tags).toHaveLength(1);
  return r.tags[0]!;
};
const errors = (src: string) => parseTemplate(src).issues.filter((i) => i.severity === 'error');

describe('parseTemplate: tags', () => {
  it.each(TAG_TYPES.filter((t) => t !== 'submit' && t !== 'response'))('reads [%s name]', (type) => {
    const extra = type === 'quiz' ? ' "1+1?|2"' : '';
    const tag = one(`[${type} f-1${extra}]`);
    expect(tag.type).toBe(type);
    expect(tag.name).toBe('f-1');
    expect(tag.required).toBe(false);
    expect(tag.line).toBe(1);
    expect(formTagSchema.parse(tag)).toEqual(tag);
  });

  it('reads submit and response without names', () => {
    const r = parseTemplate('[submit "Send"]\n[response]');
    expect(r.tags.map((t) => [t.type, t.name, t.values])).toEqual([
      ['submit', '', [{ label: 'Send', value: 'Send' }]],
      ['response', '', []],
    ]);
    expect(r.issues).toEqual([]);
  });

  it('* makes a field required; not on tags that cannot be', () => {
    expect(one('[email* e]').required).toBe(true);
    const r = parseTemplate('[acceptance* a]');
    expect(r.tags[0]!.required).toBe(false);
    expect(r.issues[0]).toMatchObject({ severity: 'warning', line: 1 });
  });

  it('gives text-like fields maxlength 400 unless told, and not others', () => {
    for (const t of ['text', 'email', 'url', 'tel', 'textarea']) expect(one(`[${t} x]`).options.maxlength).toBe(DEFAULT_MAXLENGTH);
    expect(one('[text x maxlength:20]').options.maxlength).toBe(20);
    expect(one('[number x]').options.maxlength).toBeUndefined();
  });

  it('reads every option', () => {
    const t = one('[text* your-name id:n1 class:a class:b placeholder autocomplete:given-name minlength:2 maxlength:50 size:30 "Your name"]');
    expect(t.options).toMatchObject({ id: 'n1', class: ['a', 'b'], placeholder: true, autocomplete: 'given-name', minlength: 2, maxlength: 50, size: 30 });
    expect(t.values).toEqual([{ label: 'Your name', value: 'Your name' }]);
    expect(one('[text x watermark "w"]').options.placeholder).toBe(true);
    expect(one('[number n min:1 max:10 step:0.5]').options).toMatchObject({ min: '1', max: '10', step: '0.5' });
    expect(one('[range n min:-5 max:5]').options).toMatchObject({ min: '-5', max: '5' });
    expect(one('[date d min:2026-01-01 max:2026-12-31]').options).toMatchObject({ min: '2026-01-01', max: '2026-12-31' });
    expect(one('[textarea m cols:40 rows:5]').options).toMatchObject({ cols: 40, rows: 5 });
    expect(one('[textarea m 40x10/300]').options).toMatchObject({ cols: 40, rows: 10, maxlength: 300 });
    expect(one('[text m 40/100]').options).toMatchObject({ size: 40, maxlength: 100 });
    expect(one('[select s multiple include_blank first_as_label "a"]').options).toMatchObject({ multiple: true, include_blank: true, first_as_label: true });
    expect(one('[checkbox c exclusive label_first use_label_element free_text default:1_3 "a" "b" "c"]').options).toMatchObject({
      exclusive: true,
      label_first: true,
      use_label_element: true,
      free_text: true,
      default: ['1', '3'],
    });
    expect(one('[radio r default:2 "a" "b"]').options.default).toEqual(['2']);
    expect(one('[text t default:user_email]').options.default).toEqual(['user_email']);
    expect(one('[acceptance a optional invert]').options).toMatchObject({ optional: true, invert: true });
    expect(one('[count m down]').options.down).toBe(true);
  });

  it('reads file limits and types', () => {
    expect(one('[file f limit:2mb filetypes:jpg|.PNG|pdf]').options).toMatchObject({ limit: 2 * 1024 * 1024, filetypes: ['jpg', 'png', 'pdf'] });
    expect(one('[file f limit:500kb]').options.limit).toBe(512000);
    expect(one('[file f limit:1024]').options.limit).toBe(1024);
    expect(one('[file f filetypes:image/*]').options.filetypes).toEqual(['jpg', 'jpeg', 'png', 'gif', 'webp']);
    const d = one('[file f]');
    expect(d.options.limit).toBe(DEFAULT_FILE_LIMIT);
    expect(d.options.filetypes.length).toBeGreaterThan(0);
    expect(parseSize('3gb')).toBe(3 * 1024 ** 3);
    expect(parseSize('x')).toBeUndefined();
  });

  it('splits pipes at the first | and keeps labels', () => {
    const t = one('[select to "Sales|sales@example.com" "Help|help|desk" "Plain"]');
    expect(t.values).toEqual([
      { label: 'Sales', value: 'sales@example.com' },
      { label: 'Help', value: 'help|desk' },
      { label: 'Plain', value: 'Plain' },
    ]);
    expect(one('[quiz q "2+2?|4"]').values).toEqual([{ label: '2+2?', value: '4' }]);
  });

  it('reads single quotes and escapes inside quotes', () => {
    expect(one(`[submit 'It\\'s "fine"']`).values[0]!.label).toBe(`It's "fine"`);
    expect(one('[text t "a \\"b\\" ] c \\\\ d"]').values[0]!.label).toBe('a "b" ] c \\ d');
  });

  it('reads enclosed content of acceptance and textarea', () => {
    const t = one('[acceptance ok] I accept the <b>terms</b> [/acceptance]');
    expect(t.content).toBe('I accept the <b>terms</b>');
    expect(one('[textarea m]Default text[/textarea]').content).toBe('Default text');
    // Without a closing tag, what follows stays text.
    const r = parseTemplate('[acceptance ok] I agree');
    expect(r.tags[0]!.content).toBeUndefined();
    expect(r.template[1]).toEqual({ kind: 'text', text: ' I agree' });
  });

  it('[[tag]] is literal text; unknown [tags] stay text', () => {
    const r = parseTemplate('Write [[text name]] or [hello] here');
    expect(r.tags).toEqual([]);
    expect(r.template).toEqual([{ kind: 'text', text: 'Write [text name] or [hello] here' }]);
  });

  it('keeps allowed markup as elements with id, class and for only', () => {
    const r = parseTemplate('<p class="row" onclick="x()"><label for="n" style="c">Name</label><br/>[text n]</p>');
    expect(r.template).toEqual([
      {
        kind: 'element',
        tag: 'p',
        attrs: { class: 'row' },
        children: [{ kind: 'element', tag: 'label', attrs: { for: 'n' }, children: [{ kind: 'text', text: 'Name' }] }, { kind: 'element', tag: 'br', attrs: {}, children: [] }, { kind: 'tag', tag: r.tags[0] }],
      },
    ]);
    for (const node of r.template) templateNodeSchema.parse(node);
  });

  it('leaves other markup as text', () => {
    const r = parseTemplate('<script>alert(1)</script><img src=x onerror=alert(1)>');
    expect(r.template).toEqual([{ kind: 'text', text: '<script>alert(1)</script><img src=x onerror=alert(1)>' }]);
    expect(r.issues).toEqual([]);
  });

  it('warns about unclosed and stray markup', () => {
    const r = parseTemplate('<div>\n<p>a\n</div>\n</span>');
    expect(r.issues.map((i) => [i.line, i.severity])).toEqual([
      [2, 'warning'],
      [4, 'warning'],
    ]);
  });

  it('parses the demo form cleanly', () => {
    const r = parseTemplate(DEMO_CONTACT_TEMPLATE);
    expect(r.issues).toEqual([]);
    expect(r.tags.map((t) => t.type)).toEqual(['text', 'email', 'text', 'select', 'checkbox', 'textarea', 'count', 'url', 'file', 'quiz', 'acceptance', 'submit', 'response']);
  });
});

describe('parseTemplate: errors with line and column', () => {
  it('reports a missing name', () => {
    expect(errors('line 1\n  [text]')).toEqual([{ line: 2, column: 7, message: '[text] needs a field name', severity: 'error' }]);
  });

  it('reports an invalid name', () => {
    expect(errors('[text 1abc]')[0]).toMatchObject({ line: 1, column: 7 });
  });

  it('reports an unclosed tag', () => {
    expect(errors('a\nb [email e "x"')[0]).toMatchObject({ line: 2, column: 3, message: expect.stringContaining('not closed') });
  });

  it('reports bad option values', () => {
    expect(errors('[text t maxlength:abc]')[0]).toMatchObject({ column: 9 });
    expect(errors('[text t minlength:-1]')).toHaveLength(1);
    expect(errors('[number n min:x]')).toHaveLength(1);
    expect(errors('[date d min:2026/01/01]')).toHaveLength(1);
    expect(errors('[number n step:0]')).toHaveLength(1);
    expect(errors('[file f limit:lots]')).toHaveLength(1);
    expect(errors('[file f filetypes:foo/bar]')).toHaveLength(1);
    expect(errors('[file f filetypes:php|phtml|exe|svg]')).toHaveLength(4);
    expect(one('[file f filetypes:php|png]').options.filetypes).toEqual(['png']);
    expect(errors('[checkbox c default:a "x"]')).toHaveLength(1);
    expect(errors('[text t id:"bad id"]').length + errors('[text t id:9x]').length).toBeGreaterThan(0);
    expect(errors('[text t minlength:10 maxlength:5]')).toHaveLength(1);
    expect(errors('[number n min:10 max:5]')).toHaveLength(1);
  });

  it('reports duplicate names and quizzes without answers', () => {
    expect(errors('[text a]\n[email a]')[0]).toMatchObject({ line: 2, message: expect.stringContaining('twice') });
    expect(errors('[quiz q "no answer"]')).toHaveLength(1);
    expect(errors('[quiz q]')).toHaveLength(1);
  });

  it('warns about unknown options and counters of unknown fields', () => {
    const r = parseTemplate('[text t akismet:author]\n[count nope]');
    expect(r.tags[0]!.options.other).toEqual(['akismet:author']);
    expect(r.issues.map((i) => [i.line, i.severity])).toEqual([
      [1, 'warning'],
      [2, 'warning'],
    ]);
  });

  it('counts lines across CRLF', () => {
    expect(errors('a\r\nb\r\n[text]')[0]!.line).toBe(3);
  });
});
