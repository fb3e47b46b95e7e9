// Longer than 400 lines on purpose: Contact Form 7's REST API as one surface (submission, spam checks, uploads, HTTP
// errors) over one shop per database and the forms made in it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, seedDemoContactForm } from '../../app/features/forms/forms.server.ts';
import { listSubmissions, getSubmission } from '../../app/features/forms/submissions.server.ts';
import { DEMO_CONTACT_FORM_ID } from '../../app/features/forms/demo-form.ts';
import { DEFAULT_MESSAGES, SWV_RULE_NAMES } from '../../app/features/forms/rules.ts';
import { HONEYPOT_FIELD, issueStartToken, STARTED_FIELD, verifyStartToken, quizHash } from '../../app/features/forms/spam.server.ts';
import { submitFromPage } from '../../app/features/forms/pipeline.server.ts';
import { resendSubmission } from '../../app/features/forms/submission-mail.server.ts';
import { uploadDir } from '../../app/features/forms/uploads.server.ts';
import { createTestApp, logCapture, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { freshIp, hiddenFields, JPEG, PNG, postFeedback, multipart } from '../helpers/forms.ts';
import { blankPng } from '../helpers/images.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';

const ID = DEMO_CONTACT_FORM_ID;
const valid = {
  'your-name': 'Ann Example',
  'your-email': 'ann@example.com',
  'your-subject': 'Where is my parcel?',
  'your-topic': 'A product',
  'your-contact[]': ['By e-mail'],
  'your-message': 'I ordered a lamp last week and would like to know when it ships.',
  'your-website': '',
  'your-quiz': '5',
  'your-consent': '1',
};

for (const dialect of await dialects()) {
  describe(`contact forms over Contact Form 7's REST API (${dialect})`, () => {
    let smtp: TestSmtpServer;
    let t: TestApp;
    const logs = logCapture();
    let hidden: Record<string, string>;
    let n = 0;
    /** Valid values with a different message each time, so no two are duplicates. */
    const fresh = (extra: Record<string, string | string[]> = {}): Record<string, string | string[]> => ({ ...hidden, ...valid, 'your-message': `${valid['your-message']} (${++n})`, ...extra });

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { config: { smtpUrl: smtp.url, mailFrom: 'Test Shop <shop@test.example>', publicUrl: 'https://shop.example' }, logStream: logs.stream });
      await seedDemoContactForm(t.services.db);
      hidden = await hiddenFields(t.services, ID);
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('GET /api/forms/:id describes the form without mail, quiz answers or pipe values', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/forms/${ID}` });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.form.id).toBe(ID);
      expect(body.form.mail).toBeUndefined();
      expect(body.form.mail2).toBeUndefined();
      const quiz = body.form.tags.find((x: { type: string }) => x.type === 'quiz');
      expect(quiz.values.every((v: { value: string }) => v.value === '')).toBe(true);
      const topic = body.form.tags.find((x: { name: string }) => x.name === 'your-topic');
      expect(topic.values[1]).toEqual({ label: 'A product', value: 'A product' });
      expect(res.body).not.toContain('products');
      expect(res.body).not.toContain('"5"');
      expect(body.hiddenFields.honeypot).toBe(HONEYPOT_FIELD);
      expect(body.endpoints.feedback).toBe(`/wp-json/contact-form-7/v1/contact-forms/${ID}/feedback`);
      expect((await t.app.inject({ method: 'GET', url: '/api/forms/999' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/forms/abc' })).statusCode).toBe(404);
    });

    it('GET …/feedback/schema answers the SWV schema with CF7 rule names', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/wp-json/contact-form-7/v1/contact-forms/${ID}/feedback/schema` });
      expect(res.statusCode).toBe(200);
      const schema = res.json();
      expect(schema.version).toMatch(/^Contact Form 7 SWV Schema/);
      expect(schema.rules.length).toBeGreaterThan(10);
      for (const r of schema.rules) expect(SWV_RULE_NAMES).toContain(r.rule);
      expect(schema.rules).toContainEqual({ rule: 'required', field: 'your-name', error: DEFAULT_MESSAGES.invalid_required });
      expect(schema.rules).toContainEqual({ rule: 'maxfilesize', field: 'your-file', threshold: 2 * 1024 * 1024, error: DEFAULT_MESSAGES.upload_file_too_large });
      expect((await t.app.inject({ method: 'GET', url: '/wp-json/contact-form-7/v1/contact-forms/999/feedback/schema' })).statusCode).toBe(404);
    });

    it('GET …/refill gives a quiz question with its hash and a signed start time', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/wp-json/contact-form-7/v1/contact-forms/${ID}/refill` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      const [question, hash] = body.quiz['your-quiz'];
      expect(['What is 2 + 3?', 'What colour is the sky on a clear day?']).toContain(question);
      const answer = question.startsWith('What is') ? '5' : 'blue';
      expect(hash).toBe(quizHash(t.services.config.sessionSecret, ID, 'your-quiz', answer));
      expect(verifyStartToken(t.services.config.sessionSecret, body.started)).not.toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/wp-json/contact-form-7/v1/contact-forms/999/refill' })).statusCode).toBe(404);
    });

    it('mail_sent: mails the owner with pipe values and reply-to, sends the autoresponder, stores the submission', async () => {
      const first = smtp.received.length;
      const res = await postFeedback(t.app, ID, fresh());
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ contact_form_id: ID, status: 'mail_sent', message: 'Thank you for your message. We will answer within two working days.', into: '#wpcf7-f1-p5-o1', invalid_fields: [] });
      expect(body.posted_data_hash).toMatch(/^[0-9a-f]{32}$/);
      expect(body.quiz['your-quiz']).toHaveLength(2);

      const owner = await smtp.waitFor(first);
      expect(owner.to).toEqual(['shop@test.example']);
      const mail = await parseMail(owner.raw);
      expect(mail.subject).toBe('Vitrine "Where is my parcel?"');
      expect(mail.replyTo?.[0]).toMatchObject({ name: 'Ann Example', address: 'ann@example.com' });
      expect(mail.text).toContain('Topic: products');
      expect(mail.text).toContain('Answer by: By e-mail');
      expect(mail.text).toContain('https://shop.example');
      const auto = await smtp.waitFor(first + 1);
      expect(auto.to).toEqual(['ann@example.com']);
      expect((await parseMail(auto.raw)).text).toContain('Hello Ann Example');

      const page = await listSubmissions(t.services.db, { formId: ID, q: '(1)' });
      expect(page.total).toBe(1);
      expect(page.items[0]).toMatchObject({ status: 'mail_sent', read: false, hash: body.posted_data_hash, userAgent: 'Mozilla/5.0 (test)' });
      expect(page.items[0]!.fields['your-topic']).toBe('A product');
    });

    it('validation_failed: each invalid field with its wrapper selector, idref and message; nothing stored or mailed', async () => {
      const before = smtp.received.length;
      const total = (await listSubmissions(t.services.db, { formId: ID })).total;
      const res = await postFeedback(t.app, ID, { ...hidden, 'your-email': 'not-an-email', 'your-topic': 'Hacking', 'your-message': 'short', 'your-contact[]': ['By e-mail', 'By phone'], 'your-website': 'notaurl', 'your-quiz': '5' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe('validation_failed');
      expect(body.message).toBe(DEFAULT_MESSAGES.validation_error);
      const by = Object.fromEntries(body.invalid_fields.map((f: { field: string }) => [f.field, f]));
      expect(by['your-name']).toEqual({
        field: 'your-name',
        into: 'span.wpcf7-form-control-wrap[data-name="your-name"]',
        message: DEFAULT_MESSAGES.invalid_required,
        idref: 'cf-name',
        error_id: 'wpcf7-f1-p5-o1-ve-your-name',
      });
      expect(by['your-email'].message).toBe(DEFAULT_MESSAGES.invalid_email);
      expect(by['your-topic'].message).toBe(DEFAULT_MESSAGES.validation_error);
      expect(by['your-message'].message).toBe(DEFAULT_MESSAGES.invalid_too_short);
      expect(by['your-contact'].message).toBe(DEFAULT_MESSAGES.validation_error);
      expect(by['your-website'].message).toBe(DEFAULT_MESSAGES.invalid_url);
      expect(body.invalid_fields.map((f: { field: string }) => f.field)[0]).toBe('your-name');
      expect(smtp.received.length).toBe(before);
      expect((await listSubmissions(t.services.db, { formId: ID })).total).toBe(total);
    });

    it('a wrong quiz answer or a forged hash fails validation', async () => {
      const wrong = await postFeedback(t.app, ID, fresh({ 'your-quiz': '6' }));
      expect(wrong.json().status).toBe('validation_failed');
      expect(wrong.json().invalid_fields).toEqual([expect.objectContaining({ field: 'your-quiz', message: DEFAULT_MESSAGES.quiz_answer_not_correct })]);
      const forged = await postFeedback(t.app, ID, fresh({ _wpcf7_quiz_answer_your_quiz: 'x', '_wpcf7_quiz_answer_your-quiz': 'AAAA' }));
      expect(forged.json().status).toBe('validation_failed');
      // Case and spaces do not matter.
      const blue = await postFeedback(t.app, ID, fresh({ 'your-quiz': '  BLUE ', '_wpcf7_quiz_answer_your-quiz': quizHash(t.services.config.sessionSecret, ID, 'your-quiz', 'blue') }));
      expect(blue.json().status).toBe('mail_sent');
    });

    it('acceptance_missing when the consent box is not checked', async () => {
      const { 'your-consent': _c, ...rest } = fresh();
      const res = await postFeedback(t.app, ID, rest);
      expect(res.json()).toMatchObject({ status: 'acceptance_missing', message: DEFAULT_MESSAGES.accept_terms, invalid_fields: [] });
    });

    describe('spam checks: stored as spam, not mailed', () => {
      const spamCase = async (fields: Record<string, string | string[]>, reason: RegExp, opts: { userAgent?: string | null } = {}) => {
        const before = smtp.received.length;
        const res = await postFeedback(t.app, ID, fields, [], opts);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 'spam', message: DEFAULT_MESSAGES.spam });
        const page = await listSubmissions(t.services.db, { formId: ID, status: 'spam', perPage: 1 });
        expect(page.items[0]!.reason).toMatch(reason);
        await new Promise((r) => setTimeout(r, 50));
        expect(smtp.received.length).toBe(before);
      };
      it('honeypot filled', () => spamCase(fresh({ [HONEYPOT_FIELD]: 'http://spam.example' }), /honeypot/));
      it('no user agent', () => spamCase(fresh(), /user agent/, { userAgent: null }));
      it('no start time, or a forged one', async () => {
        const { [STARTED_FIELD]: _s, ...rest } = fresh();
        await spamCase(rest, /start time/);
        await spamCase(fresh({ [STARTED_FIELD]: `${Date.now() - 60_000}.${'A'.repeat(32)}` }), /start time/);
      });
      it('sent faster than a person could fill it', () => spamCase(fresh({ [STARTED_FIELD]: issueStartToken(t.services.config.sessionSecret, Date.now() - 1000) }), /after the form was shown/));
      it('the same data again within the hour', async () => {
        const once = fresh();
        expect((await postFeedback(t.app, ID, once)).json().status).toBe('mail_sent');
        await spamCase(once, /duplicate of submission/);
      });
    });

    it('rate limit: the sixth submission from one address within the window is refused with 429', async () => {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expect((await postFeedback(t.app, ID, fresh({ [HONEYPOT_FIELD]: 'x' }), [], { ip })).json().status).toBe('spam');
      const res = await postFeedback(t.app, ID, fresh(), [], { ip });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBeDefined();
      expect(res.json().error.code).toBe('rate_limited');
      // Failed validation does not count.
      const other = freshIp();
      for (let i = 0; i < 6; i++) expect((await postFeedback(t.app, ID, { ...hidden }, [], { ip: other })).json().status).toBe('validation_failed');
      expect((await postFeedback(t.app, ID, fresh(), [], { ip: other })).json().status).toBe('mail_sent');
    });

    describe('uploads', () => {
      it('keeps an accepted file outside the public folder under a random name and attaches it', async () => {
        const first = smtp.received.length;
        const res = await postFeedback(t.app, ID, fresh(), [{ field: 'your-file', name: 'photo.PNG', data: PNG, type: 'image/png' }]);
        expect(res.json().status).toBe('mail_sent');
        const mail = await parseMail((await smtp.waitFor(first)).raw);
        expect(mail.attachments).toHaveLength(1);
        expect(mail.attachments[0]).toMatchObject({ filename: 'photo.PNG', mimeType: 'image/png' });
        expect(Buffer.from(mail.attachments[0]!.content as ArrayBuffer).equals(PNG)).toBe(true);
        const sub = (await listSubmissions(t.services.db, { formId: ID, perPage: 1 })).items[0]!;
        expect(sub.files).toEqual([expect.objectContaining({ field: 'your-file', name: 'photo.PNG', size: PNG.length, type: 'image/png', available: true })]);
        const stored = readdirSync(uploadDir(t.services.config.dataDir));
        expect(stored.every((f) => /^[0-9a-f]{32}$/.test(f))).toBe(true);
        expect(stored.some((f) => readFileSync(path.join(uploadDir(t.services.config.dataDir), f)).equals(PNG))).toBe(true);
      });

      const refused = async (name: string, data: Buffer | string, message = DEFAULT_MESSAGES.upload_file_type_invalid) => {
        const res = await postFeedback(t.app, ID, fresh(), [{ field: 'your-file', name, data }]);
        expect(res.json().status, name).toBe('validation_failed');
        expect(res.json().invalid_fields, name).toEqual([expect.objectContaining({ field: 'your-file', message })]);
      };

      it('refuses script names and contents (CVE-2020-35489, CVE-2023-6449)', async () => {
        await refused('shell.php.jpg', '<?php system($_GET["c"]); ?>');
        await refused('a.php5', JPEG);
        await refused('x.phtml', JPEG);
        await refused('x.php', JPEG);
        await refused('x.svg', '<svg onload="alert(1)"/>');
        await refused('fake.png', 'just text pretending');
        await refused('noext', PNG);
        await refused('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), DEFAULT_MESSAGES.upload_file_too_large);
      });

      it("refuses a picture above the store's pixel limit from its header, with the form's message, storing and mailing nothing", async () => {
        const huge = blankPng(16_000, 16_000);
        expect(huge.length).toBeLessThan(300_000);
        const count = async () => (await t.services.db.selectFrom('contact_submissions').select('id').execute()).length;
        const files = () => (existsSync(uploadDir(t.services.config.dataDir)) ? readdirSync(uploadDir(t.services.config.dataDir)).length : 0);
        const [rows, stored, mails] = [await count(), files(), smtp.received.length];
        const res = await postFeedback(t.app, ID, fresh(), [{ field: 'your-file', name: 'poster.png', data: huge, type: 'image/png' }]);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ status: 'validation_failed', message: DEFAULT_MESSAGES.validation_error });
        expect(res.json().invalid_fields).toEqual([
          expect.objectContaining({
            field: 'your-file',
            message: `${DEFAULT_MESSAGES.upload_file_too_large} The picture is 16000 × 16000 pixels (256 megapixels); the largest accepted is 40 megapixels.`,
          }),
        ]);
        // Something claiming to be a PNG whose header cannot be read is refused as the wrong type.
        const broken = Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64, 7)]);
        expect((await postFeedback(t.app, ID, fresh(), [{ field: 'your-file', name: 'broken.png', data: broken }])).json().invalid_fields).toEqual([
          expect.objectContaining({ field: 'your-file', message: DEFAULT_MESSAGES.upload_file_type_invalid }),
        ]);
        expect([await count(), files(), smtp.received.length]).toEqual([rows, stored, mails]);
        // The owner's limit: at 1 megapixel a 1200 × 1000 picture is refused, at the default it is sent.
        const photo = blankPng(1200, 1000);
        await saveSettings(t.services.db, { imageMaxMegapixels: 1 });
        try {
          const refused = await postFeedback(t.app, ID, fresh(), [{ field: 'your-file', name: 'photo.png', data: photo }]);
          expect(refused.json().invalid_fields[0].message).toMatch(/1200 × 1000 pixels \(1\.2 megapixels\); the largest accepted is 1 megapixels/);
        } finally {
          await saveSettings(t.services.db, { imageMaxMegapixels: 40 });
        }
        expect((await postFeedback(t.app, ID, fresh(), [{ field: 'your-file', name: 'photo.png', data: photo }])).json().status).toBe('mail_sent');
      });

      it('a real image with a double extension is kept, its name defused; ../ and odd characters cannot escape', async () => {
        for (const [name, expected] of [
          ['shell.php.jpg', 'shell.php_.jpg'],
          ['../../../etc/evil.jpg', 'evil.jpg'],
          ['..\\..\\win.jpg', 'win.jpg'],
          ['we<i>rd "na;me".jpg', 'we_i_rd_na_me_.jpg'],
        ] as const) {
          const res = await postFeedback(t.app, ID, fresh(), [{ field: 'your-file', name, data: JPEG }]);
          expect(res.json().status, name).toBe('mail_sent');
          const sub = (await listSubmissions(t.services.db, { formId: ID, perPage: 1 })).items[0]!;
          expect(sub.files[0]!.name, name).toBe(expected);
        }
        const stored = readdirSync(uploadDir(t.services.config.dataDir));
        expect(stored.every((f) => /^[0-9a-f]{32}$/.test(f))).toBe(true);
      });

      it('a NUL byte in a file name cannot cut the name short', async () => {
        const res = await postFeedback(t.app, ID, fresh(), [{ field: 'your-file', name: 'a.php\u0000.jpg', data: JPEG }]);
        const status = res.json().status;
        expect(['mail_sent', 'validation_failed']).toContain(status);
        if (status === 'mail_sent') {
          const sub = (await listSubmissions(t.services.db, { formId: ID, perPage: 1 })).items[0]!;
          expect(sub.files[0]!.name).not.toContain('\u0000');
          expect(sub.files[0]!.name.endsWith('.jpg')).toBe(true);
          expect(sub.files[0]!.name).not.toMatch(/\.php$/);
        }
      });
    });

    describe('HTTP errors', () => {
      it('415 for anything but multipart', async () => {
        for (const [type, payload] of [
          ['application/json', JSON.stringify(valid)],
          ['application/x-www-form-urlencoded', 'your-name=a'],
          ['text/plain', 'x'],
        ]) {
          const res = await t.app.inject({ method: 'POST', url: `/wp-json/contact-form-7/v1/contact-forms/${ID}/feedback`, headers: { 'content-type': type! }, payload });
          expect(res.statusCode, type).toBe(415);
          expect(res.json().error.code).toBe('unsupported_media_type');
        }
      });
      it('413 for an oversize body', async () => {
        const res = await postFeedback(t.app, ID, fresh(), [{ field: 'your-file', name: 'huge.jpg', data: Buffer.alloc(13 * 1024 * 1024) }]);
        expect(res.statusCode).toBe(413);
        expect(res.json().error.code).toBe('too_large');
      });
      it('400 for a value that cannot be stored (NUL), never a 500', async () => {
        const res = await postFeedback(t.app, ID, fresh({ 'your-name': 'a\u0000b', [HONEYPOT_FIELD]: '\u0000' }));
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('invalid');
      });
      it('404 for an unknown form', async () => {
        expect((await postFeedback(t.app, 999, fresh())).statusCode).toBe(404);
        expect((await postFeedback(t.app, 'x1', fresh())).statusCode).toBe(404);
      });
      it('400 for a missing or foreign unit tag', async () => {
        const { _wpcf7_unit_tag: _u, ...rest } = fresh();
        const res = await postFeedback(t.app, ID, rest);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('wpcf7_unit_tag_not_found');
        expect((await postFeedback(t.app, ID, fresh({ _wpcf7_unit_tag: 'wpcf7-f2-p5-o1' }))).statusCode).toBe(400);
        expect((await postFeedback(t.app, ID, fresh({ _wpcf7_unit_tag: '<script>' }))).statusCode).toBe(400);
      });
    });

    it('hostile ids, fields and bodies: never a 5xx, always the error shape or a CF7 answer', async () => {
      const bad = ['0', '-1', '1.5', 'NaN', '1e309', '99999999999999999999', '2147483648', '%00', 'a%00b', '%ff', '%2e%2e%2f%2e%2e', 'x'.repeat(5000)];
      for (const id of bad) {
        for (const url of [`/api/forms/${id}`, `/wp-json/contact-form-7/v1/contact-forms/${id}/refill`, `/wp-json/contact-form-7/v1/contact-forms/${id}/feedback/schema`]) {
          const res = await t.app.inject({ method: 'GET', url });
          expect([400, 404], url).toContain(res.statusCode);
          // `%2e%2e%2f` leaves the route altogether (the path's own 404); the rest answer in the error shape.
          if (String(res.headers['content-type']).startsWith('application/json')) expect(res.json().error.code, url).toEqual(expect.any(String));
        }
        const res = await postFeedback(t.app, id, fresh());
        expect([400, 404], id).toContain(res.statusCode);
      }
      const odd: Record<string, string | string[]>[] = [
        { __proto__: 'x', constructor: 'y', prototype: 'z' } as Record<string, string>,
        { 'your-name': ['a', 'b', 'c'], 'your-email': ['a@example.com', 'b@example.com'] },
        { 'your-topic': ['A product', 'An order'], 'your-contact': 'By e-mail' },
        { 'your-file': 'not a file', 'your-message': 'x'.repeat(100_000) },
        { 'your-quiz': 'x'.repeat(20_000), '_wpcf7_quiz_answer_your-quiz': 'y'.repeat(20_000) },
        { [STARTED_FIELD]: '9'.repeat(400), 'your-consent': ['1', '1'] },
        { 'your-name': '\ud800' },
      ];
      for (const extra of odd) {
        const res = await postFeedback(t.app, ID, fresh(extra));
        expect(res.statusCode, JSON.stringify(extra).slice(0, 100)).toBeLessThan(500);
        if (res.statusCode === 200) expect(['validation_failed', 'spam', 'mail_sent', 'acceptance_missing']).toContain(res.json().status);
      }
      // A file where text belongs, and malformed multipart bodies.
      const fileForText = await postFeedback(t.app, ID, fresh(), [{ field: 'your-name', name: 'a.txt', data: 'x' }]);
      expect(fileForText.statusCode).toBe(200);
      for (const [type, payload] of [
        ['multipart/form-data', '--x\r\n'],
        ['multipart/form-data; boundary=x', 'garbage'],
        ['multipart/form-data; boundary=x', '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\nunterminated'],
      ]) {
        const res = await t.app.inject({ method: 'POST', url: `/wp-json/contact-form-7/v1/contact-forms/${ID}/feedback`, headers: { 'content-type': type!, 'user-agent': 'x' }, payload, remoteAddress: freshIp() });
        expect(res.statusCode, payload).toBe(400);
        expect(res.json().error.code).toBe('invalid_form');
      }
    });

    it('header injection: line breaks in name and subject cannot add headers or recipients', async () => {
      const first = smtp.received.length;
      const res = await postFeedback(
        t.app,
        ID,
        fresh({ 'your-name': 'Eve\r\nBcc: victim@evil.example', 'your-subject': 'Hi\r\nBcc: victim2@evil.example\r\n\r\nbody' }),
      );
      expect(res.json().status).toBe('mail_sent');
      const owner = await smtp.waitFor(first);
      const auto = await smtp.waitFor(first + 1);
      for (const m of [owner, auto]) {
        expect(m.to.join(',')).not.toContain('evil.example');
        const head = m.raw.toString('utf8').split(/\r?\n\r?\n/)[0]!;
        expect(head).not.toMatch(/^bcc:/im);
      }
      const parsed = await parseMail(owner.raw);
      expect(parsed.subject).toBe('Vitrine "Hi Bcc: victim2@evil.example body"');
      expect(parsed.replyTo).toHaveLength(1);
      expect(parsed.replyTo![0]!.address).toBe('ann@example.com');
    });

    it('HTML mails escape every value; mail2 off sends one mail', async () => {
      const form = await createForm(t.services.db, {
        title: 'HTML',
        source: '[text* n] [email* e] [submit]',
        mail: { active: true, to: 'owner@example.com', from: '[n] <[e]>', subject: 'From [n]', body: '<p>Name: <b>[n]</b></p>', html: true, additionalHeaders: '', attachments: '' },
      });
      const h = await hiddenFields(t.services, form.id);
      const first = smtp.received.length;
      const res = await postFeedback(t.app, form.id, { ...h, n: '<script>alert(1)</script>', e: 'x@example.com' });
      expect(res.json().status).toBe('mail_sent');
      const m = await smtp.waitFor(first);
      const parsed = await parseMail(m.raw);
      expect(parsed.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(parsed.html).not.toContain('<script>');
      expect(parsed.from).toMatchObject({ address: 'x@example.com' });
      await new Promise((r) => setTimeout(r, 50));
      expect(smtp.received.length).toBe(first + 1);
    });

    it('demo mode answers mail_sent without mail or storage; skip mail stores; subscribers only aborts for guests', async () => {
      const mk = (title: string, settings: Record<string, boolean>) =>
        createForm(t.services.db, { title, source: '[text* n]', mail: { active: true, to: 'o@example.com', from: '', subject: 's', body: '[n]', html: false, additionalHeaders: '', attachments: '' }, settings });
      const demo = await mk('Demo', { demoMode: true });
      const skip = await mk('Skip', { skipMail: true });
      const subs = await mk('Subscribers', { subscribersOnly: true });
      const before = smtp.received.length;
      for (const [f, status] of [
        [demo, 'mail_sent'],
        [skip, 'mail_sent'],
        [subs, 'aborted'],
      ] as const) {
        const res = await postFeedback(t.app, f.id, { ...(await hiddenFields(t.services, f.id)), n: 'x' });
        expect(res.json().status, f.title).toBe(status);
      }
      await new Promise((r) => setTimeout(r, 50));
      expect(smtp.received.length).toBe(before);
      expect((await listSubmissions(t.services.db, { formId: demo.id })).total).toBe(0);
      expect((await listSubmissions(t.services.db, { formId: skip.id })).total).toBe(1);
      expect((await listSubmissions(t.services.db, { formId: subs.id })).total).toBe(0);
    });

    it('resend mails a stored submission again with its file', async () => {
      const res = await postFeedback(t.app, ID, fresh(), [{ field: 'your-file', name: 'again.jpg', data: JPEG }]);
      expect(res.json().status).toBe('mail_sent');
      const sub = (await listSubmissions(t.services.db, { formId: ID, perPage: 1 })).items[0]!;
      const first = smtp.received.length;
      expect(await resendSubmission(t.services, sub.id)).toEqual({ status: 'mail_sent', reason: '' });
      const parsed = await parseMail((await smtp.waitFor(first)).raw);
      expect(parsed.attachments[0]!.filename).toBe('again.jpg');
      await expect(resendSubmission(t.services, 999_999)).rejects.toMatchObject({ status: 404 });
    });

    it('without JavaScript: submitFromPage takes the parsed body and answers the same response plus the values', async () => {
      const ctx = { services: t.services, user: null, sessionToken: null, csrfToken: '', cspNonce: '', requestOrigin: null, secure: false, clientIp: freshIp() };
      const bad = await submitFromPage(ctx, ID, new URLSearchParams({ ...hidden, 'your-name': 'Ann', 'your-email': 'bad' }), 'Mozilla/5.0');
      expect(bad.response.status).toBe('validation_failed');
      expect(bad.response.into).toBe('#wpcf7-f1-p5-o1');
      expect(bad.values).toMatchObject({ 'your-name': 'Ann', 'your-email': 'bad' });
      expect(bad.values[STARTED_FIELD]).toBeUndefined();
      const { payload, contentType } = await multipart(fresh());
      const form = await new Response(new Uint8Array(payload), { headers: { 'content-type': contentType } }).formData();
      const good = await submitFromPage(ctx, ID, form, 'Mozilla/5.0');
      expect(good.response.status).toBe('mail_sent');
      expect(good.values).toEqual({});
      await expect(submitFromPage(ctx, 999, new URLSearchParams(), 'x')).rejects.toMatchObject({ status: 404 });
    });
  });

  describe(`contact forms when the mail server is down (${dialect})`, () => {
    let t: TestApp;
    const logs = logCapture();
    beforeAll(async () => {
      t = await createTestApp(dialect, { config: { smtpUrl: 'smtp://127.0.0.1:9', mailFrom: 'Shop <shop@test.example>' }, logStream: logs.stream });
      await seedDemoContactForm(t.services.db);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('answers mail_failed and keeps the submission', async () => {
      const hidden = await hiddenFields(t.services, ID);
      const res = await postFeedback(t.app, ID, { ...hidden, ...valid });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'mail_failed', message: DEFAULT_MESSAGES.mail_sent_ng });
      const page = await listSubmissions(t.services.db, { formId: ID });
      expect(page.total).toBe(1);
      expect(page.items[0]).toMatchObject({ status: 'mail_failed', reason: expect.stringContaining('mail server') });
      expect((await getSubmission(t.services.db, page.items[0]!.id))!.fields['your-name']).toBe('Ann Example');
      expect(logs.entries.some((e) => e.msg === 'contact form mail failed')).toBe(true);
    });
  });
}
