import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { STAFF_INVITE_VALID_MS } from '../../app/config/constants.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { FORM, PASSWORD, staffLogin, urlencoded as form } from '../helpers/admin-forms.ts';
import { tableRows } from '../helpers/admin-table.ts';
import { dialects } from '../helpers/databases.ts';
import { changes, snapshot } from '../helpers/hostile.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * Staff invitations through their pages: an administrator invites by e-mail, the mail
 * reaches a real SMTP server, its link opens the page where the invitee chooses a password
 * and is signed in with the role; the link then works no more, nor after 7 days, nor after
 * a resend or a revoke. Refusals (other roles, a taken address, bad input) change nothing.
 */

for (const dialect of await dialects()) {
  describe(`back office: staff invitations (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let admin: Client;
    let manager: Client;

    const invite = (c: Client, fields: Record<string, string>) => c.request('POST', '/admin/staff', form({ intent: 'invite', ...fields }), FORM);
    /** The link of the newest invitation mailed to `to`, and the mail. */
    const linkFor = async (to: string) => {
      const i = smtp.received.length - 1;
      const raw = (await smtp.waitFor(i)).raw;
      expect(smtp.received[i].to).toEqual([to]);
      const mail = await parseMail(raw);
      const url = /https:\/\/shop\.example\/account\/invite\?token=[\w-]+/.exec(mail.text ?? '')![0];
      return { url, token: new URL(url).searchParams.get('token')!, mail };
    };
    const accept = async (token: string, fields: Record<string, string> = {}) => {
      const c = await Client.start(t.app);
      const res = await c.request('POST', `/account/invite?token=${token}`, form({ token, password: 'my own new password', ...fields }), FORM);
      return { c, res };
    };
    const expectNothingChanged = async (fn: () => Promise<unknown>) => {
      const before = await snapshot(t.services.db);
      await fn();
      expect(changes(before, await snapshot(t.services.db))).toEqual([]);
    };

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { publicUrl: 'https://shop.example', smtpUrl: smtp.url } });
      admin = await staffLogin(t, 'admin', 'shop.example');
      manager = await staffLogin(t, 'shop_manager', 'shop.example');
      await createUser(t.services, { email: 'taken@example.com', password: PASSWORD, name: 'Already here' });
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('invite → mail → accept: the invitee is signed in with the role, and the link is refused the second time', async () => {
      const sent = await invite(admin, { name: 'Edna Editor', email: 'Edna@Example.com', role: 'editor' });
      expect(sent.statusCode).toBe(200);
      expect(sent.body).toContain('Invitation sent to edna@example.com.');
      const { url, token, mail } = await linkFor('edna@example.com');
      expect(mail.subject).toBe('You are invited to run Vitrine');
      expect(mail.text).toContain('as Editor');
      expect(mail.text).toContain('for 7 days');
      expect(mail.html).toContain(url);
      // Only the token's hash is stored, and the link is valid for 7 days from now.
      const row = await t.services.db.selectFrom('staff_invites').selectAll().where('email', '=', 'edna@example.com').executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(createHash('sha256').update(token).digest('base64url'));
      expect(JSON.stringify(row)).not.toContain(token);
      expect(Math.abs(Date.parse(row.expires_at) - Date.now() - STAFF_INVITE_VALID_MS)).toBeLessThan(60_000);
      expect(tableRows((await admin.request('GET', '/admin/staff')).body)[0]).toEqual(['edna@example.com', 'Edna Editor', 'Editor', expect.any(String), expect.any(String), 'Resend Revoke']);

      const opened = await (await Client.start(t.app)).request('GET', `/account/invite?token=${token}`);
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain('You are invited to the back office as Editor, with the e-mail address edna@example.com.');

      const { c, res } = await accept(token, { name: 'Edna E.' });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(302);
      expect(res.headers.location).toBe('/admin');
      const user = await t.services.db.selectFrom('users').select(['id', 'name', 'role']).where('email', '=', 'edna@example.com').executeTakeFirstOrThrow();
      expect(user).toMatchObject({ name: 'Edna E.', role: 'editor' });
      // Signed in with the role: an editor's pages open, a manager's do not.
      expect((await c.request('GET', '/admin/pages')).statusCode).toBe(200);
      expect((await c.request('GET', '/admin/customers')).statusCode).toBe(403);
      expect((await c.request('GET', '/api/session')).json().user).toMatchObject({ email: 'edna@example.com', role: 'editor' });
      expect(await t.services.db.selectFrom('staff_invites').select('id').execute()).toEqual([]);

      let again: Awaited<ReturnType<typeof accept>> | undefined;
      await expectNothingChanged(async () => (again = await accept(token, { password: 'another password here' })));
      expect(again!.res.statusCode).toBe(400);
      expect(again!.res.body).toContain('expired or was already used');
      expect((await again!.c.request('GET', `/account/invite?token=${token}`)).body).toContain('This invitation link has expired or was already used.');
    });

    it('refuses an expired link (7 days), and links replaced by a resend or revoked', async () => {
      expect((await invite(admin, { email: 'olga@example.com', role: 'operator' })).statusCode).toBe(200);
      const first = await linkFor('olga@example.com');
      const id = (await t.services.db.selectFrom('staff_invites').select('id').where('email', '=', 'olga@example.com').executeTakeFirstOrThrow()).id;

      // Resend: a new link; the first one stops working.
      const resent = await admin.request('POST', '/admin/staff', form({ intent: 'resend', id: String(id) }), FORM);
      expect(resent.statusCode).toBe(200);
      const second = await linkFor('olga@example.com');
      expect(second.token).not.toBe(first.token);
      await expectNothingChanged(async () => expect((await accept(first.token)).res.statusCode).toBe(400));

      // Seven days later the link has expired.
      await t.services.db.updateTable('staff_invites').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
      expect((await admin.request('GET', '/admin/staff')).body).toContain('Expired');
      await expectNothingChanged(async () => expect((await accept(second.token)).res.statusCode).toBe(400));
      expect((await (await Client.start(t.app)).request('GET', `/account/invite?token=${second.token}`)).body).toContain('has expired or was already used');

      // Revoke: the invitation and its link are gone.
      expect((await admin.request('POST', '/admin/staff', form({ intent: 'resend', id: String(id) }), FORM)).statusCode).toBe(200);
      const third = await linkFor('olga@example.com');
      const revoked = await admin.request('POST', '/admin/staff', form({ intent: 'revoke', id: String(id) }), FORM);
      expect(revoked.body).toContain('The invitation of olga@example.com was revoked');
      await expectNothingChanged(async () => expect((await accept(third.token)).res.statusCode).toBe(400));
      expect(await t.services.db.selectFrom('users').select('id').where('email', '=', 'olga@example.com').execute()).toEqual([]);
    });

    it('refuses other roles, an address that has an account, one already invited and bad input, changing nothing', async () => {
      expect((await invite(admin, { email: 'pending@example.com', role: 'shop_manager' })).statusCode).toBe(200);
      const id = String((await t.services.db.selectFrom('staff_invites').select('id').where('email', '=', 'pending@example.com').executeTakeFirstOrThrow()).id);
      const cases: [Client, Record<string, string>, number, string][] = [
        [manager, { intent: 'invite', email: 'x@example.com', role: 'admin' }, 403, ''],
        [manager, { intent: 'revoke', id }, 403, ''],
        [admin, { intent: 'invite', email: 'Taken@example.com', role: 'editor' }, 409, 'An account with this e-mail address already exists'],
        [admin, { intent: 'invite', email: 'pending@example.com', role: 'editor' }, 409, 'pending invitation'],
        [admin, { intent: 'invite', email: 'not-an-address', role: 'editor' }, 400, 'Enter a valid e-mail address'],
        [admin, { intent: 'invite', email: 'y@example.com', role: 'customer' }, 400, 'Choose a staff role'],
        [admin, { intent: 'invite', email: 'y@example.com', role: 'root' }, 400, 'Choose a staff role'],
        [admin, { intent: 'invite', email: 'y@example.com', role: 'editor', name: 'n'.repeat(101) }, 400, 'Name is too long'],
        [admin, { intent: 'resend', id: '999999' }, 404, 'no longer exists'],
        [admin, { intent: 'revoke', id: 'abc' }, 400, 'Unknown request'],
        [admin, { intent: 'promote', id }, 400, 'Unknown request'],
      ];
      for (const [c, fields, status, text] of cases) {
        const mails = smtp.received.length;
        await expectNothingChanged(async () => {
          const res = await c.request('POST', '/admin/staff', form(fields), FORM);
          expect(res.statusCode, JSON.stringify(fields)).toBe(status);
          expect(res.body).toContain(text);
        });
        expect(smtp.received.length, JSON.stringify(fields)).toBe(mails);
      }
      // The invitation page refuses a short password and a missing token, creating nobody.
      const { token } = await linkFor('pending@example.com');
      await expectNothingChanged(async () => {
        expect((await accept(token, { password: 'short' })).res.statusCode).toBe(400);
        expect((await accept('', {})).res.statusCode).toBe(400);
      });
      // Someone registered the address after the invitation went out: accepting says so clearly.
      await createUser(t.services, { email: 'pending@example.com', password: PASSWORD, name: 'Quick registrant' });
      const late = await accept(token);
      expect(late.res.statusCode).toBe(409);
      expect(late.res.body).toContain('An account with this e-mail address already exists');
      expect((await t.services.db.selectFrom('users').select('role').where('email', '=', 'pending@example.com').executeTakeFirstOrThrow()).role).toBe('customer');
    });
  });
}
