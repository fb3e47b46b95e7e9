import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkTemplate,
  createForm,
  deleteForm,
  duplicateForm,
  getForm,
  listForms,
  seedDemoContactForm,
  updateForm,
} from '../../app/features/forms/forms.server.ts';
import {
  deleteSubmission,
  getSubmission,
  getUploadRecord,
  listSubmissions,
  markRead,
  submissionsCsv,
  uploadForStaff,
} from '../../app/features/forms/submissions.server.ts';
import { DEMO_CONTACT_FORM_ID } from '../../app/features/forms/demo-form.ts';
import { deleteExpiredUploads, readUpload, uploadDir } from '../../app/features/forms/uploads.server.ts';
import { HONEYPOT_FIELD } from '../../app/features/forms/spam.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { eraseCustomer, exportCustomerData } from '../../app/features/orders/privacy.server.ts';
import { dialects } from '../helpers/databases.ts';
import { hiddenFields, JPEG, multipart, postFeedback } from '../helpers/forms.ts';
import { isCsvError, parseCsv } from '../../app/lib/csv.ts';

const mail = { active: true, to: 'owner@example.com', from: '', subject: 'New: [title]', body: '[title]\n[note]', html: false, additionalHeaders: '', attachments: '[doc]' };

for (const dialect of await dialects()) {
  describe(`contact forms: admin functions (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      // Mail goes to .eml files in the data directory (no SMTP configured).
      t = await createTestApp(dialect);
      await seedDemoContactForm(t.services.db);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('creates, reads, updates, duplicates and deletes forms; parse errors come back with their line', async () => {
      const created = await createForm(t.services.db, { title: 'Quote request', source: '<p>[text* title]</p>\n[textarea note]\n[file doc filetypes:jpg]\n[text]', mail });
      expect(created.id).toBeGreaterThan(DEMO_CONTACT_FORM_ID);
      expect(created.definition.tags.map((x) => x.type)).toEqual(['text', 'textarea', 'file', 'text']);
      expect(created.definition.messages.mail_sent_ok).toMatch(/Thank you/);
      expect(created.issues).toContainEqual(expect.objectContaining({ line: 4, severity: 'error', message: '[text] needs a field name' }));
      expect(checkTemplate('[email]')).toHaveLength(1);

      const updated = await updateForm(t.services.db, created.id, { title: 'Quote', source: '[text* title]\n[textarea note]\n[file doc filetypes:jpg]', mail, messages: { mail_sent_ok: 'Got it' } });
      expect(updated.title).toBe('Quote');
      expect(updated.issues).toEqual([]);
      expect(updated.messages).toEqual({ mail_sent_ok: 'Got it' });
      expect(updated.definition.messages.mail_sent_ok).toBe('Got it');
      expect(updated.updatedAt >= created.updatedAt).toBe(true);

      const copy = await duplicateForm(t.services.db, created.id);
      expect(copy.id).not.toBe(created.id);
      expect(copy.title).toBe('Quote (copy)');
      expect(copy.source).toBe(updated.source);
      expect(copy.definition.id).toBe(copy.id);

      const list = await listForms(t.services.db);
      expect(list.map((f) => f.title)).toEqual(['Contact us', 'Quote', 'Quote (copy)']);

      await deleteForm(t.services.db, t.services.config.dataDir, copy.id);
      expect(await getForm(t.services.db, copy.id)).toBeNull();
      await expect(deleteForm(t.services.db, t.services.config.dataDir, copy.id)).rejects.toMatchObject({ status: 404 });
      await expect(updateForm(t.services.db, 99_999, { title: 'x', source: '' })).rejects.toMatchObject({ status: 404 });
      await expect(duplicateForm(t.services.db, 99_999)).rejects.toMatchObject({ status: 404 });
      await expect(createForm(t.services.db, { title: '', source: '' })).rejects.toMatchObject({ status: 400 });
      await expect(createForm(t.services.db, { title: 'x', source: 1 })).rejects.toMatchObject({ status: 400 });
    });

    it('lists submissions per form and status, searches, pages, marks read, exports CSV without formulas, deletes with files', async () => {
      const form = await createForm(t.services.db, { title: 'Inbox', source: '[text* title]\n[textarea note]\n[file doc filetypes:jpg]', mail });
      const hidden = await hiddenFields(t.services, form.id);
      const send = (title: string, note: string, extra: Record<string, string> = {}, files = [] as { field: string; name: string; data: Buffer }[]) =>
        postFeedback(t.app, form.id, { ...hidden, title, note, ...extra }, files);
      expect((await send('=HYPERLINK("http://evil.example","x")', 'first note', {}, [{ field: 'doc', name: 'scan.jpg', data: JPEG }])).json().status).toBe('mail_sent');
      expect((await send('+1 555', '-2+3')).json().status).toBe('mail_sent');
      expect((await send('@SUM(A1)', 'lamp, "quoted"\nsecond line')).json().status).toBe('mail_sent');
      expect((await send('spam', 'buy now', { [HONEYPOT_FIELD]: 'x' })).json().status).toBe('spam');

      const all = await listSubmissions(t.services.db, { formId: form.id });
      expect(all.total).toBe(4);
      expect(all.items[0]!.formTitle).toBe('Inbox');
      expect((await listSubmissions(t.services.db, { formId: form.id, status: 'spam' })).items.map((s) => s.fields.title)).toEqual(['spam']);
      expect((await listSubmissions(t.services.db, { formId: form.id, q: 'LAMP' })).items.map((s) => s.fields.title)).toEqual(['@SUM(A1)']);
      expect((await listSubmissions(t.services.db, { formId: form.id, q: '100%' })).total).toBe(0);
      const p1 = await listSubmissions(t.services.db, { formId: form.id, perPage: 3, page: 1 });
      const p2 = await listSubmissions(t.services.db, { formId: form.id, perPage: 3, page: 2 });
      expect(p1.items).toHaveLength(3);
      expect(p2.items).toHaveLength(1);
      expect(new Set([...p1.items, ...p2.items].map((s) => s.id)).size).toBe(4);

      const summary = (await listForms(t.services.db)).find((f) => f.id === form.id)!;
      expect(summary).toMatchObject({ submissions: 4, unread: 4, spam: 1 });
      const withFile = all.items.find((s) => s.files.length)!;
      await markRead(t.services.db, withFile.id);
      expect((await getSubmission(t.services.db, withFile.id))!.read).toBe(true);
      expect((await listSubmissions(t.services.db, { formId: form.id, read: false })).total).toBe(3);
      await markRead(t.services.db, withFile.id, false);
      expect((await getSubmission(t.services.db, withFile.id))!.read).toBe(false);
      await expect(markRead(t.services.db, 99_999)).rejects.toMatchObject({ status: 404 });

      const csv = await submissionsCsv(t.services.db, form.id);
      expect(csv.startsWith('\uFEFF')).toBe(true);
      const rows = (await parseCsv(csv)).map((r) => (isCsvError(r) ? [] : r.fields));
      expect(rows[0]).toEqual(['Date', 'Status', 'title', 'note', 'Files']);
      const cells = rows.slice(1).flat();
      for (const c of cells) expect(c, c).not.toMatch(/^[=+\-@]/);
      expect(cells).toContain(`'=HYPERLINK("http://evil.example","x")`);
      expect(cells).toContain("'+1 555");
      expect(cells).toContain("'-2+3");
      expect(cells).toContain("'@SUM(A1)");
      // Multipart bodies carry line breaks as CRLF.
      expect(cells.some((c) => /^lamp, "quoted"\r?\nsecond line$/.test(c))).toBe(true);
      expect(cells).toContain('scan.jpg');
      await expect(submissionsCsv(t.services.db, 99_999)).rejects.toMatchObject({ status: 404 });

      const file = withFile.files[0]!;
      const rec = (await getUploadRecord(t.services.db, withFile.id, file.id))!;
      expect(rec.name).toBe('scan.jpg');
      expect((await readUpload(t.services.config.dataDir, rec.storedName))!.equals(JPEG)).toBe(true);
      expect(await getUploadRecord(t.services.db, withFile.id + 1000, file.id)).toBeNull();
      const download = (await uploadForStaff(t.services.db, t.services.config.dataDir, withFile.id, file.id))!;
      expect(download).toMatchObject({ name: 'scan.jpg', type: 'image/jpeg', size: JPEG.length });
      expect(download.data.equals(JPEG)).toBe(true);
      // Another submission's id with this file's id finds nothing.
      expect(await uploadForStaff(t.services.db, t.services.config.dataDir, withFile.id - 1, file.id)).toBeNull();
      expect(await readUpload(t.services.config.dataDir, '../session-secret')).toBeNull();

      await deleteSubmission(t.services.db, t.services.config.dataDir, withFile.id);
      expect(await getSubmission(t.services.db, withFile.id)).toBeNull();
      expect(existsSync(path.join(uploadDir(t.services.config.dataDir), rec.storedName))).toBe(false);
      await expect(deleteSubmission(t.services.db, t.services.config.dataDir, withFile.id)).rejects.toMatchObject({ status: 404 });

      // Deleting the form takes its submissions along.
      await deleteForm(t.services.db, t.services.config.dataDir, form.id);
      expect((await listSubmissions(t.services.db, { formId: form.id })).total).toBe(0);
    });

    it("a customer's data export lists their messages; erasure removes their submissions (signed in, or naming their e-mail) and files, not others'", async () => {
      const form = await createForm(t.services.db, { title: 'Privacy', source: '[text* title]\n[email your-email]\n[file doc filetypes:jpg]', mail });
      const hidden = await hiddenFields(t.services, form.id);
      const c = await Client.start(t.app);
      const user = (await c.request('POST', '/api/account/register', { email: 'erase-me@example.com', password: 'long enough pw', name: 'Era Se' })).json().user;
      const signedIn = await (async () => {
        const { payload, contentType } = await multipart({ ...hidden, title: 'mine, signed in' }, [{ field: 'doc', name: 'id.jpg', data: JPEG }]);
        return t.app.inject({ method: 'POST', url: `/wp-json/contact-form-7/v1/contact-forms/${form.id}/feedback`, headers: { 'content-type': contentType, 'user-agent': 'x', cookie: c.cookieHeader() }, payload, remoteAddress: '10.9.9.1' });
      })();
      expect(signedIn.json().status).toBe('mail_sent');
      expect((await postFeedback(t.app, form.id, { ...hidden, title: 'mine as a guest', 'your-email': 'Erase-Me@example.com' })).json().status).toBe('mail_sent');
      expect((await postFeedback(t.app, form.id, { ...hidden, title: 'someone else', 'your-email': 'other@example.com' })).json().status).toBe('mail_sent');
      const all = await listSubmissions(t.services.db, { formId: form.id });
      expect(all.items.find((s) => s.fields.title === 'mine, signed in')!.userId).toBe(user.id);
      const stored = readdirSync(uploadDir(t.services.config.dataDir)).length;
      expect((await exportCustomerData(t.services.db, user.id)).contactMessages).toEqual([
        { form: 'Privacy', fields: { title: 'mine, signed in' }, files: ['id.jpg'], createdAt: expect.any(String) },
      ]);

      await eraseCustomer(t.services, user.id, { name: 'Owner' });
      expect((await listSubmissions(t.services.db, { formId: form.id })).items.map((s) => s.fields.title)).toEqual(['someone else']);
      expect(readdirSync(uploadDir(t.services.config.dataDir)).length).toBe(stored - 1);
    });

    it('deletes uploads after the retention period, keeping the submission', async () => {
      const form = await createForm(t.services.db, { title: 'Retained', source: '[text* title]\n[file doc filetypes:jpg]', mail, settings: { uploadRetentionDays: 10 } });
      const keep = await createForm(t.services.db, { title: 'Kept', source: '[text* title]\n[file doc filetypes:jpg]', mail, settings: { uploadRetentionDays: 0 } });
      for (const f of [form, keep]) {
        const res = await postFeedback(t.app, f.id, { ...(await hiddenFields(t.services, f.id)), title: `t${f.id}` }, [{ field: 'doc', name: 'a.jpg', data: JPEG }]);
        expect(res.json().status).toBe('mail_sent');
      }
      const dir = uploadDir(t.services.config.dataDir);
      const before = readdirSync(dir).length;
      expect(await deleteExpiredUploads(t.services.db, t.services.config.dataDir, new Date(Date.now() + 9 * 86_400_000))).toBe(0);
      expect(await deleteExpiredUploads(t.services.db, t.services.config.dataDir, new Date(Date.now() + 11 * 86_400_000))).toBe(1);
      expect(readdirSync(dir).length).toBe(before - 1);
      const sub = (await listSubmissions(t.services.db, { formId: form.id })).items[0]!;
      expect(sub.files[0]).toMatchObject({ name: 'a.jpg', available: false });
      expect(await getUploadRecord(t.services.db, sub.id, sub.files[0]!.id)).toBeNull();
      const kept = (await listSubmissions(t.services.db, { formId: keep.id })).items[0]!;
      expect(kept.files[0]!.available).toBe(true);
    });
  });
}
