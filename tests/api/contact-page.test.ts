import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createForm } from '../../app/features/forms/forms.server.ts';
import { issueStartToken, quizHash } from '../../app/features/forms/spam.server.ts';
import { DEMO_CONTACT_MAIL, DEMO_CONTACT_MAIL2, DEMO_CONTACT_MESSAGES, DEMO_CONTACT_SETTINGS, DEMO_CONTACT_TEMPLATE, DEMO_CONTACT_TITLE } from '../../app/features/forms/demo-form.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * The contact page through its real entry points (the production build's pages): the form as
 * Contact Form 7 renders it, the same bytes for every visitor (page cache), a post without
 * scripts answered on the page with the messages and the values entered, and the admin's
 * editor saving a template the page then shows.
 */

const PASSWORD = 'a long enough password';
const SECRET = 'test-secret-that-is-at-least-32-characters-long';

/** A multipart body as a browser sends a form without scripts. */
async function multipart(fields: Record<string, string | string[]>): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of ([] as string[]).concat(v)) form.append(k, x);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type')! };
}

/** Decodes the entities React writes in text and attributes. */
const unescape = (html: string) => html.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

for (const dialect of await dialects()) {
  describe(`contact page (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { smtpUrl: smtp.url, mailFrom: 'Test Shop <shop@test.example>', publicUrl: 'https://shop.example' } });
      await createForm(
        t.services.db,
        { title: DEMO_CONTACT_TITLE, source: DEMO_CONTACT_TEMPLATE, mail: DEMO_CONTACT_MAIL, mail2: DEMO_CONTACT_MAIL2, messages: DEMO_CONTACT_MESSAGES, settings: DEMO_CONTACT_SETTINGS },
        { id: 1 },
      );
      await createUser(t.services, { email: 'editor@shop.example', password: PASSWORD, name: 'Editor', role: 'editor' });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    /** The first message delivered to an address (the autoresponder), parsed. */
    async function mailTo(address: string) {
      for (let i = 0; i < 200; i++) {
        const m = smtp.received.find((r) => r.to.some((x) => x.toLowerCase() === address));
        if (m) return parseMail(m.raw);
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no mail to ${address}`);
    }

    /** A browser's post of the contact form (same-origin, with its CSRF cookie). */
    async function post(client: Client, fields: Record<string, string | string[]>) {
      const { body, type } = await multipart({ _wpcf7: '1', _wpcf7_version: '6.0.6', _wpcf7_locale: 'en-US', _wpcf7_unit_tag: 'wpcf7-f1-o1', _wpcf7_container_post: '0', ...fields });
      return t.app.inject({
        method: 'POST',
        url: '/contact',
        headers: { cookie: client.cookieHeader(), 'content-type': type, 'sec-fetch-site': 'same-origin', 'user-agent': 'Mozilla/5.0 (test)' },
        payload: body,
        remoteAddress: '10.20.0.1',
      });
    }

    it('renders Contact Form 7 markup the same for every visitor, without the mails or the quiz answers, and the page cache keeps it', async () => {
      const first = await t.app.inject({ url: '/contact', headers: { 'accept-encoding': 'identity' } });
      expect(first.statusCode).toBe(200);
      const html = first.body;
      expect(html).toContain('<div class="wpcf7 no-js" id="wpcf7-f1-o1"');
      expect(html).toMatch(/<form class="wpcf7-form init"[^>]*action="\/contact#wpcf7-f1-o1"/);
      for (const hidden of ['_wpcf7" value="1"', '_wpcf7_version" value="6.0.6"', '_wpcf7_unit_tag" value="wpcf7-f1-o1"', '_wpcf7_container_post" value="0"', '_wpcf7_vt_started"'])
        expect(html).toContain(`name="${hidden}`);
      expect(html).toContain('<span class="wpcf7-form-control-wrap" data-name="your-email">');
      expect(html).toContain('<div class="screen-reader-response"><p role="status" aria-live="polite" aria-atomic="true"></p><ul></ul></div>');
      expect(html).toContain('class="wpcf7-form-control wpcf7-checkbox wpcf7-exclusive-checkbox"');
      expect(html).toContain('accept=".jpg,.jpeg,.png,.pdf"');
      expect(html).toContain('href="/contact"');
      // Nothing of the mails, no quiz answer, no per-visitor CSRF token.
      const text = unescape(html);
      expect(text).not.toContain('Sent from the contact form of');
      expect(text).not.toContain('[_site_admin_email]');
      expect(text).not.toMatch(/"value":"(5|blue)"/);
      expect(html).not.toMatch(/name="_csrf" value="[^"]/);
      const again = await t.app.inject({ url: '/contact', headers: { 'accept-encoding': 'identity' } });
      expect(again.headers['x-page-cache']).toBe('hit');
      expect(again.body).toBe(html);
    });

    it('without scripts: an invalid post comes back with the tips, the list and the values; a valid one is sent and mailed', async () => {
      const visitor = await Client.start(t.app);
      const bad = await post(visitor, { 'your-name': 'Grace <b>Hopper</b>', 'your-email': 'grace@example.test', 'your-message': 'short', 'your-contact': 'By phone' });
      expect(bad.statusCode).toBe(200);
      expect(bad.headers['x-page-cache']).toBeUndefined();
      const html = bad.body;
      expect(html).toMatch(/<form class="wpcf7-form invalid"/);
      expect(html).toContain('value="Grace &lt;b&gt;Hopper&lt;/b&gt;"');
      expect(html).toContain('value="grace@example.test"');
      expect(html).toMatch(/<textarea[^>]*name="your-message"[^>]*>short<\/textarea>/);
      expect(html).toMatch(/<input type="checkbox" checked="" aria-invalid="false" name="your-contact" value="By phone"\/>|name="your-contact" value="By phone" checked=""|checked=""[^>]*value="By phone"/);
      expect(html).toContain('<span class="wpcf7-not-valid-tip" aria-hidden="true">Please fill out this field.</span>');
      expect(html).toContain('aria-describedby="wpcf7-f1-o1-ve-your-subject"');
      expect(html).toContain('<li id="wpcf7-f1-o1-ve-your-subject"><a href="#cf-subject">Please fill out this field.</a></li>');
      expect(html).toContain('<div class="wpcf7-response-output" aria-hidden="true">One or more fields have an error. Please check and try again.</div>');

      const started = issueStartToken(SECRET, Date.now() - 10_000);
      const sent = await post(visitor, {
        _wpcf7_vt_started: started,
        'your-name': 'Grace Hopper',
        'your-email': 'grace@example.test',
        'your-subject': 'No scripts',
        'your-topic': 'A product',
        'your-message': 'Sent by a browser without JavaScript at all.',
        'your-quiz': '5',
        '_wpcf7_quiz_answer_your-quiz': quizHash(SECRET, 1, 'your-quiz', '5'),
        'your-consent': '1',
      });
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toMatch(/<form class="wpcf7-form sent"/);
      expect(sent.body).toContain('Thank you for your message. We will answer within two working days.');
      expect(sent.body).not.toContain('value="Grace Hopper"');
      const mail = await mailTo('grace@example.test');
      expect(String(mail.subject)).toBe('We received your message: "No scripts"');
    });

    it('a post without scripts may carry a file above the pages\' 1 MiB limit (up to the form\'s own)', async () => {
      const visitor = await Client.start(t.app);
      const form = new FormData();
      for (const [k, v] of Object.entries({ _wpcf7: '1', _wpcf7_unit_tag: 'wpcf7-f1-o1', 'your-name': 'Big file' })) form.append(k, v);
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(1_500_000, 7)]);
      form.append('your-file', new Blob([png], { type: 'image/png' }), 'big.png');
      const req = new Request('http://x/', { method: 'POST', body: form });
      const res = await t.app.inject({
        method: 'POST',
        url: '/contact',
        headers: { cookie: visitor.cookieHeader(), 'content-type': req.headers.get('content-type')!, 'sec-fetch-site': 'same-origin' },
        payload: Buffer.from(await req.arrayBuffer()),
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<form class="wpcf7-form invalid"/);
      expect(res.body).toContain('value="Big file"');
    });

    it('a post naming another form, or none, is refused with 400 and changes nothing', async () => {
      const visitor = await Client.start(t.app);
      for (const id of ['2', '', 'x']) {
        const res = await post(visitor, { _wpcf7: id, 'your-name': 'X' });
        expect(res.statusCode, `_wpcf7=${id}`).toBe(400);
      }
      const rows = await t.services.db.selectFrom('contact_submissions').select('fields').execute();
      expect(rows.filter((r) => r.fields.includes('"X"'))).toEqual([]);
    });

    it("an editor's saved template is what the page shows next (the page cache moves on)", async () => {
      const editor = await Client.start(t.app);
      expect((await editor.request('POST', '/api/account/login', { email: 'editor@shop.example', password: PASSWORD })).statusCode).toBe(200);
      const page = await editor.request('GET', '/admin/forms/1');
      expect(page.statusCode).toBe(200);
      expect(unescape(page.body)).toContain('[text* your-name id:cf-name autocomplete:name]');
      const form = new URLSearchParams({
        _csrf: editor.csrf,
        title: 'Contact us',
        locale: 'en-US',
        source: '<p><label for="cf-phone">Your phone</label>\n[tel* your-phone id:cf-phone]</p>\n<p>[submit "Call me"]</p>',
        'mail.active': '1',
        'mail.to': 'shop@shop.example',
        'mail.from': 'shop@shop.example',
        'mail.subject': 'Call [your-phone]',
        'mail.body': '[your-phone]',
      });
      const saved = await editor.request('POST', '/admin/forms/1', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
      expect(saved.statusCode).toBe(302);
      expect(saved.headers.location).toBe('/admin/forms/1?saved=1');
      const shown = await t.app.inject({ url: '/contact', headers: { 'accept-encoding': 'identity' } });
      expect(shown.body).toContain('data-name="your-phone"');
      expect(shown.body).toContain('value="Call me"');
      expect(shown.body).not.toContain('data-name="your-email"');
      // An empty title is refused with the field named, and the typed template comes back.
      const refused = await editor.request('POST', '/admin/forms/1', new URLSearchParams({ _csrf: editor.csrf, title: '', source: '[text keep-me]' }).toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('[text keep-me]');
    });
  });
}
