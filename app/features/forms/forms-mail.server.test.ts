import { describe, expect, it } from 'vitest';
import { parseTemplate } from './parse.ts';
import { composeMail, parseAddresses, substitute, MAX_RECIPIENTS, type MailContext } from './forms-mail.server.ts';
import { checkUpload, cleanFileName } from './uploads.server.ts';
import type { MailTemplate } from './definition.ts';

const { tags } = parseTemplate('[text* your-name][email* your-email][select to "Sales|sales@example.com" "Help|help@example.com"][checkbox opts free_text "A|a-value" "Other|other"][file f][acceptance ok]I agree[/acceptance]');
const ctx = (fields: Record<string, string | string[]>): MailContext => ({
  def: { id: 3, title: 'T', tags },
  fields,
  files: [{ field: 'f', name: 'x.png', type: 'image/png', data: Buffer.from('png') }],
  special: { site_title: 'Shop', site_admin_email: 'admin@shop.example' },
  defaultFrom: 'Shop <shop@shop.example>',
});
const tpl = (over: Partial<MailTemplate>): MailTemplate => ({ active: true, to: 'o@example.com', from: '', subject: 's', additionalHeaders: '', body: '', attachments: '', html: false, ...over });

describe('mail-tag substitution', () => {
  it('uses pipe values, raw labels, free text, files, acceptance and special tags; leaves unknown tags', () => {
    const c = ctx({ 'your-name': 'Ann', to: 'Sales', opts: ['A', 'Other: my own'], ok: '1' });
    expect(substitute('[to] / [_raw_to] / [opts] / [f] / [ok] / [_site_title] / [nope] / [_nope]', c, 'text')).toBe(
      'sales@example.com / Sales / a-value, other: my own / x.png / I agree / Shop / [nope] / [_nope]',
    );
  });
  it('escapes values in HTML and flattens them in headers and addresses', () => {
    const c = ctx({ 'your-name': '<b>A&B</b>\nnext' });
    expect(substitute('[your-name]', c, 'html')).toBe('&lt;b&gt;A&amp;B&lt;/b&gt;<br>next');
    expect(substitute('[your-name]', ctx({ 'your-name': 'a\r\nBcc: x@y.z' }), 'header')).toBe('a Bcc: x@y.z');
    expect(substitute('[your-name] <[your-email]>', ctx({ 'your-name': 'Eve, <x@evil.example>;', 'your-email': 'e@example.com' }), 'address')).toBe('Eve   x@evil.example   <e@example.com>');
  });
  it('parses address lists and drops malformed ones', () => {
    expect(parseAddresses('"A, B" <a@example.com>, b@example.com; bad, <c@example.com>')).toEqual([
      { name: 'A, B', address: 'a@example.com' },
      { name: '', address: 'b@example.com' },
      { name: '', address: 'c@example.com' },
    ]);
  });
});

describe('composeMail', () => {
  it('builds to, from, reply-to, cc, bcc, subject, body and attachments', () => {
    const r = composeMail(
      tpl({ to: '[to]', from: '[your-name] <[your-email]>', subject: 'Hi [your-name]', additionalHeaders: 'Reply-To: [your-email]\nCc: c@example.com\nBcc: b@example.com\nX-Evil: 1', body: 'Msg', attachments: '[f]' }),
      ctx({ 'your-name': 'Ann', 'your-email': 'ann@example.com', to: 'Help' }),
    );
    if (!('message' in r)) throw new Error(r.error);
    expect(r.message).toMatchObject({ to: 'help@example.com', from: '"Ann" <ann@example.com>', replyTo: 'ann@example.com', cc: 'c@example.com', bcc: 'b@example.com', subject: 'Hi Ann', text: 'Msg' });
    expect(r.message.html).toContain('Msg');
    expect((r.message as { attachments?: unknown[] }).attachments).toHaveLength(1);
  });
  it('falls back to MAIL_FROM, refuses no recipient or too many', () => {
    const ok = composeMail(tpl({ from: 'not an address' }), ctx({}));
    expect('message' in ok && (ok.message as { from?: string }).from).toBe('Shop <shop@shop.example>');
    expect(composeMail(tpl({ to: '[your-email]' }), ctx({ 'your-email': 'nope' }))).toEqual({ error: 'no valid recipient in "To"' });
    const many = Array.from({ length: MAX_RECIPIENTS + 1 }, (_, i) => `r${i}@example.com`).join(', ');
    expect(composeMail(tpl({ to: many }), ctx({}))).toEqual({ error: `more than ${MAX_RECIPIENTS} recipients` });
  });
  it('HTML mails keep the owner markup and escape values; the text part is derived', () => {
    const r = composeMail(tpl({ html: true, body: '<p>Hello <b>[your-name]</b></p>' }), ctx({ 'your-name': '<img src=x onerror=alert(1)>' }));
    if (!('message' in r)) throw new Error(r.error);
    expect(r.message.html).toBe('<p>Hello <b>&lt;img src=x onerror=alert(1)&gt;</b></p>');
    expect(r.message.text.trim()).toBe('Hello <img src=x onerror=alert(1)>');
  });
});

describe('uploads: names and content', () => {
  it('cleans names', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\x\\shell.php.jpg')).toBe('shell.php_.jpg');
    expect(cleanFileName('a.PHP5.Png')).toBe('a.PHP5_.Png');
    expect(cleanFileName('.htaccess')).toBe('htaccess_');
    expect(cleanFileName('a\u0000b.jpg')).toBe('ab.jpg');
    expect(cleanFileName('')).toBe('file');
    expect(cleanFileName(`${'x'.repeat(300)}.pdf`)).toHaveLength(94);
  });
  it('checks extension and magic bytes', () => {
    const jpg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2]);
    expect(checkUpload({ name: 'a.jpg', data: jpg }, ['jpg'], 100)).toMatchObject({ ok: true, mime: 'image/jpeg' });
    expect(checkUpload({ name: 'a.jpg', data: jpg }, ['jpg'], 3)).toEqual({ ok: false, reason: 'size' });
    expect(checkUpload({ name: 'a.png', data: jpg }, ['png'], 100)).toEqual({ ok: false, reason: 'type' });
    expect(checkUpload({ name: 'a.php', data: jpg }, ['php'], 100)).toEqual({ ok: false, reason: 'type' });
    expect(checkUpload({ name: 'a.txt', data: Buffer.from('hello') }, ['txt'], 100)).toMatchObject({ ok: true });
    expect(checkUpload({ name: 'a.txt', data: Buffer.from('<?php echo 1;') }, ['txt'], 100)).toEqual({ ok: false, reason: 'type' });
    expect(checkUpload({ name: 'a.txt', data: Buffer.from([0xff, 0xfe, 0]) }, ['txt'], 100)).toEqual({ ok: false, reason: 'type' });
  });
});
