import { describe, expect, it } from 'vitest';
import type { FormDefinition } from './definition.ts';
import { parseTemplate } from './parse.ts';
import { checkRule, DEFAULT_MESSAGES, missingAcceptance, SWV_RULE_NAMES, swvSchema, validate, type SwvRule } from './rules.ts';
import { isEmail } from './value-checks.ts';
import { DEMO_CONTACT_TEMPLATE } from './demo-form.ts';

function def(source: string, extra: Partial<FormDefinition> = {}): FormDefinition {
  const { template, tags } = parseTemplate(source);
  const mail = { active: false, to: '', from: '', subject: '', additionalHeaders: '', body: '', attachments: '', html: false };
  return {
    id: 7,
    title: 't',
    locale: 'en-US',
    template,
    tags,
    mail,
    mail2: mail,
    messages: { ...DEFAULT_MESSAGES },
    settings: { demoMode: false, subscribersOnly: false, acceptanceAsValidation: false, skipMail: false },
    ...extra,
  };
}

const ok = (rule: SwvRule, v: string | string[] | undefined, files?: { name: string; size: number; type?: string }[]) =>
  checkRule(rule, v === undefined ? {} : { f: v }, files ? { f: files } : {});

describe('checkRule: each of the SWV rules', () => {
  it('knows 25 names (CF7 24 + empty)', () => {
    expect(SWV_RULE_NAMES).toHaveLength(25);
  });
  it('required', () => {
    const r: SwvRule = { rule: 'required', field: 'f' };
    expect(ok(r, 'x')).toBe(true);
    expect(ok(r, '  ')).toBe(false);
    expect(ok(r, undefined)).toBe(false);
    expect(ok(r, [])).toBe(false);
    expect(ok(r, ['', 'a'])).toBe(true);
    expect(checkRule(r, { 'f[]': ['a'] })).toBe(true);
  });
  it('requiredfile', () => {
    const r: SwvRule = { rule: 'requiredfile', field: 'f' };
    expect(ok(r, undefined, [])).toBe(false);
    expect(ok(r, undefined, [{ name: 'a.png', size: 1 }])).toBe(true);
  });
  it('empty', () => {
    const r: SwvRule = { rule: 'empty', field: 'f' };
    expect(ok(r, '')).toBe(true);
    expect(ok(r, 'x')).toBe(false);
  });
  it('maxitems / minitems', () => {
    expect(ok({ rule: 'maxitems', field: 'f', threshold: 1 }, ['a', 'b'])).toBe(false);
    expect(ok({ rule: 'maxitems', field: 'f', threshold: 1 }, ['a'])).toBe(true);
    expect(ok({ rule: 'minitems', field: 'f', threshold: 2 }, ['a'])).toBe(false);
    expect(ok({ rule: 'minitems', field: 'f', threshold: 2 }, ['a', 'b'])).toBe(true);
  });
  it('email', () => {
    const r: SwvRule = { rule: 'email', field: 'f' };
    expect(ok(r, 'a@example.com')).toBe(true);
    expect(ok(r, '')).toBe(true);
    for (const bad of ['a@b', 'a@@b.com', 'a b@c.com', 'a@-b.com', 'a@b..com', 'x@y.z\nBcc: e@f.com', '@ex.com']) expect(isEmail(bad), bad).toBe(false);
    expect(ok(r, 'not-an-email')).toBe(false);
  });
  it('url', () => {
    const r: SwvRule = { rule: 'url', field: 'f' };
    expect(ok(r, 'https://example.com/x')).toBe(true);
    expect(ok(r, 'mailto:a@b.c')).toBe(true);
    expect(ok(r, 'javascript:alert(1)')).toBe(false);
    expect(ok(r, 'example.com')).toBe(false);
  });
  it('tel', () => {
    const r: SwvRule = { rule: 'tel', field: 'f' };
    expect(ok(r, '+44 (20) 7946-0018')).toBe(true);
    expect(ok(r, 'call me')).toBe(false);
  });
  it('number', () => {
    const r: SwvRule = { rule: 'number', field: 'f' };
    for (const good of ['1', '-2', '3.5', '.5', '1e3']) expect(ok(r, good), good).toBe(true);
    for (const bad of ['1,5', 'x', '1.', '0x10']) expect(ok(r, bad), bad).toBe(false);
  });
  it('date', () => {
    const r: SwvRule = { rule: 'date', field: 'f' };
    expect(ok(r, '2026-02-28')).toBe(true);
    expect(ok(r, '2026-02-30')).toBe(false);
    expect(ok(r, '26-02-28')).toBe(false);
  });
  it('time', () => {
    const r: SwvRule = { rule: 'time', field: 'f' };
    expect(ok(r, '09:30')).toBe(true);
    expect(ok(r, '23:59:59')).toBe(true);
    expect(ok(r, '24:00')).toBe(false);
  });
  it('file', () => {
    const r: SwvRule = { rule: 'file', field: 'f', accept: ['.jpg', 'application/pdf', 'image/*'] };
    expect(ok(r, undefined, [{ name: 'a.JPG', size: 1 }])).toBe(true);
    expect(ok(r, undefined, [{ name: 'a.php', size: 1 }])).toBe(false);
    expect(ok(r, undefined, [{ name: 'shell.php.jpg', size: 1 }])).toBe(true); // the name alone passes; content is checked on the server
    expect(ok(r, undefined, [{ name: 'x', size: 1, type: 'application/pdf' }])).toBe(true);
    expect(ok(r, undefined, [{ name: 'x', size: 1, type: 'image/png' }])).toBe(true);
    expect(ok(r, undefined, [])).toBe(true);
  });
  it('enum', () => {
    const r: SwvRule = { rule: 'enum', field: 'f', accept: ['a', 'b'] };
    expect(ok(r, ['a', 'b'])).toBe(true);
    expect(ok(r, 'c')).toBe(false);
  });
  it('dayofweek', () => {
    const r: SwvRule = { rule: 'dayofweek', field: 'f', accept: [1, 2, 3, 4, 5] };
    expect(ok(r, '2026-11-25')).toBe(true); // a Wednesday
    expect(ok(r, '2026-11-29')).toBe(false); // a Sunday
  });
  it('minlength / maxlength count characters of all values', () => {
    expect(ok({ rule: 'minlength', field: 'f', threshold: 3 }, 'ab')).toBe(false);
    expect(ok({ rule: 'minlength', field: 'f', threshold: 3 }, '')).toBe(true);
    expect(ok({ rule: 'minlength', field: 'f', threshold: 3 }, 'abc')).toBe(true);
    expect(ok({ rule: 'maxlength', field: 'f', threshold: 3 }, 'abcd')).toBe(false);
    expect(ok({ rule: 'maxlength', field: 'f', threshold: 3 }, '😀😀😀')).toBe(true);
  });
  it('minnumber / maxnumber', () => {
    expect(ok({ rule: 'minnumber', field: 'f', threshold: '2' }, '1')).toBe(false);
    expect(ok({ rule: 'minnumber', field: 'f', threshold: '2' }, '2')).toBe(true);
    expect(ok({ rule: 'maxnumber', field: 'f', threshold: '2' }, '2.5')).toBe(false);
    expect(ok({ rule: 'maxnumber', field: 'f', threshold: '2' }, '-3')).toBe(true);
  });
  it('mindate / maxdate', () => {
    expect(ok({ rule: 'mindate', field: 'f', threshold: '2026-01-01' }, '2025-12-31')).toBe(false);
    expect(ok({ rule: 'mindate', field: 'f', threshold: '2026-01-01' }, '2026-01-01')).toBe(true);
    expect(ok({ rule: 'maxdate', field: 'f', threshold: '2026-01-01' }, '2026-01-02')).toBe(false);
  });
  it('minfilesize / maxfilesize', () => {
    expect(ok({ rule: 'minfilesize', field: 'f', threshold: 10 }, undefined, [{ name: 'a', size: 9 }])).toBe(false);
    expect(ok({ rule: 'maxfilesize', field: 'f', threshold: 10 }, undefined, [{ name: 'a', size: 11 }])).toBe(false);
    expect(ok({ rule: 'maxfilesize', field: 'f', threshold: 10 }, undefined, [{ name: 'a', size: 10 }])).toBe(true);
  });
  it('stepnumber', () => {
    const r: SwvRule = { rule: 'stepnumber', field: 'f', base: '1', interval: '0.5' };
    expect(ok(r, '2.5')).toBe(true);
    expect(ok(r, '2.7')).toBe(false);
    expect(ok({ rule: 'stepnumber', field: 'f', base: '0', interval: '0.1' }, '0.3')).toBe(true);
  });
  it('all / any', () => {
    const all: SwvRule = { rule: 'all', rules: [{ rule: 'required', field: 'f' }, { rule: 'email', field: 'f' }] };
    expect(ok(all, 'a@example.com')).toBe(true);
    expect(ok(all, 'x')).toBe(false);
    const any: SwvRule = { rule: 'any', rules: [{ rule: 'email', field: 'f' }, { rule: 'tel', field: 'f' }] };
    expect(ok(any, '+1 555')).toBe(true);
    expect(ok(any, 'nope')).toBe(false);
  });
});

describe('swvSchema', () => {
  it('builds CF7 rules from the tags', () => {
    const s = swvSchema(def('[email* e maxlength:80][number n min:1 max:9 step:2][select s "A|a" "B"][file f limit:1kb filetypes:png][date d min:2026-01-01]'));
    expect(s.version).toMatch(/^Contact Form 7 SWV Schema/);
    expect(s.locale).toBe('en-US');
    expect(s.rules.map((r) => `${r.rule}:${r.field}`)).toEqual([
      'required:e',
      'email:e',
      'maxlength:e',
      'number:n',
      'minnumber:n',
      'maxnumber:n',
      'stepnumber:n',
      'enum:s',
      'maxitems:s',
      'file:f',
      'maxfilesize:f',
      'date:d',
      'mindate:d',
    ]);
    expect(s.rules.find((r) => r.rule === 'enum')!.accept).toEqual(['A', 'B']);
    expect(s.rules.find((r) => r.rule === 'file')!.accept).toEqual(['.png']);
    expect(s.rules.find((r) => r.rule === 'maxfilesize')!.threshold).toBe(1024);
    expect(s.rules[0]!.error).toBe(DEFAULT_MESSAGES.invalid_required);
  });
});

describe('validate', () => {
  const demo = def(DEMO_CONTACT_TEMPLATE, { messages: { ...DEFAULT_MESSAGES, invalid_required: 'Fill me' } });

  it('reports the first failing rule per field with CF7 selectors and own messages', () => {
    const out = validate(demo, { 'your-email': 'bad', 'your-message': 'short', 'your-topic': 'Nope', 'your-quiz': '' }, {}, { unitTag: 'wpcf7-f1-p2-o1' });
    expect(out).toContainEqual({
      field: 'your-name',
      into: 'span.wpcf7-form-control-wrap[data-name="your-name"]',
      message: 'Fill me',
      idref: 'cf-name',
      error_id: 'wpcf7-f1-p2-o1-ve-your-name',
    });
    const by = Object.fromEntries(out.map((f) => [f.field, f.message]));
    expect(by['your-email']).toBe(DEFAULT_MESSAGES.invalid_email);
    expect(by['your-message']).toBe(DEFAULT_MESSAGES.invalid_too_short);
    expect(by['your-topic']).toBe(DEFAULT_MESSAGES.validation_error);
    expect(by['your-quiz']).toBe(DEFAULT_MESSAGES.quiz_answer_not_correct);
    expect(by['your-consent']).toBeUndefined();
  });

  it('passes a valid submission', () => {
    const out = validate(
      demo,
      {
        'your-name': 'Ann',
        'your-email': 'ann@example.com',
        'your-subject': 'Hello',
        'your-topic': 'A product',
        'your-contact[]': ['By e-mail'],
        'your-message': 'A message long enough to pass.',
        'your-website': '',
        'your-quiz': '5',
      },
      { 'your-file': [{ name: 'photo.png', size: 1000 }] },
    );
    expect(out).toEqual([]);
  });

  it('checks exclusive checkboxes, too-long text and file limits', () => {
    const out = validate(demo, { 'your-contact': ['By e-mail', 'By phone'], 'your-message': 'x'.repeat(2001) }, { 'your-file': [{ name: 'a.exe', size: 10 }] });
    const by = Object.fromEntries(out.map((f) => [f.field, f.message]));
    expect(by['your-contact']).toBe(DEFAULT_MESSAGES.validation_error);
    expect(by['your-message']).toBe(DEFAULT_MESSAGES.invalid_too_long);
    expect(by['your-file']).toBe(DEFAULT_MESSAGES.upload_file_type_invalid);
    const big = validate(demo, {}, { 'your-file': [{ name: 'a.png', size: 3 * 1024 * 1024 }] });
    expect(big.find((f) => f.field === 'your-file')!.message).toBe(DEFAULT_MESSAGES.upload_file_too_large);
  });

  it('first_as_label: the first option is a prompt, not a choice', () => {
    const d = def('[select* s first_as_label "Choose…" "A" "B"]');
    expect(validate(d, { s: '' }).map((f) => f.message)).toEqual([DEFAULT_MESSAGES.invalid_required]);
    expect(validate(d, { s: 'Choose…' }).map((f) => f.message)).toEqual([DEFAULT_MESSAGES.validation_error]);
    expect(validate(d, { s: 'B' })).toEqual([]);
  });

  it('fields without a maxlength still have a ceiling', () => {
    const d = def('[number n][hidden h][select s "a"][quiz q "1?|1"]');
    const long = '1'.repeat(10_001);
    const out = validate(d, { n: long, h: long, s: long, q: long });
    expect(out.map((f) => [f.field, f.message])).toEqual([
      ['n', DEFAULT_MESSAGES.invalid_too_long],
      ['h', DEFAULT_MESSAGES.invalid_too_long],
      ['s', DEFAULT_MESSAGES.invalid_too_long],
      ['q', DEFAULT_MESSAGES.invalid_too_long],
    ]);
    expect(validate(d, { n: '1'.repeat(400) }).map((f) => f.field)).toEqual(['q']);
  });

  it('acceptance: missing unless given; counted as validation only when set', () => {
    const d = def('[acceptance a] ok [/acceptance][acceptance b optional] x [/acceptance][acceptance c invert] no [/acceptance]');
    expect(missingAcceptance(d, {}).map((t) => t.name)).toEqual(['a']);
    expect(missingAcceptance(d, { a: '1', c: '1' }).map((t) => t.name)).toEqual(['c']);
    expect(validate(d, {})).toEqual([]);
    const v = validate({ ...d, settings: { ...d.settings, acceptanceAsValidation: true } }, {});
    expect(v.map((f) => [f.field, f.message])).toEqual([['a', DEFAULT_MESSAGES.accept_terms]]);
  });
});
