import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { operator } from '../helpers/chat.ts';
import { addCannedReply, setOperatorVendor } from '../../app/features/chat/chat-store.server.ts';
import { ask, listen, rawSocket } from '../helpers/chat.ts';
import { saveChatSettings } from '../../app/features/chat/chat-settings.server.ts';

/*
 * The chat archive pages: transcripts (closed conversations: search, rating filter, one
 * transcript) and the offline messages inbox, per role and per vendor; text shown as text.
 */
for (const dialect of await dialects()) {
  describe(`chat transcripts and offline inbox (${dialect})`, () => {
    let t: TestApp;
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      const db = t.services.db;
      const conv = async (name: string, vendor: number, status: 'open' | 'closed', evaluation: '' | 'good' | 'bad', texts: string[]) => {
        const c = await db
          .insertInto('chat_conversations')
          .values({ visitor_id: null, vendor_id: vendor, visitor_name: name, visitor_email: `${name.toLowerCase()}@mail.example`, operator_name: 'Olga Operator', status, evaluation, last_seq: texts.length, created_at: '2026-11-20T10:00:00.000Z', accepted_at: null, closed_at: status === 'closed' ? '2026-11-20T10:04:30.000Z' : null, operator_id: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        let seq = 0;
        for (const body of texts) {
          seq++;
          await db.insertInto('chat_messages').values({ conversation_id: c.id, seq, sender_id: null, sender_type: seq % 2 ? 'visitor' : 'operator', sender_key: `k${seq % 2}`, client_id: `c${seq}`, user_name: seq % 2 ? name : 'Olga Operator', body, created_at: '2026-11-20T10:01:00.000Z' }).execute();
        }
        ids[name] = c.id;
      };
      await conv('Anna', 0, 'closed', 'good', ['Hi <b>there</b>', 'Hello! See www.example.org']);
      await conv('Boris', 7, 'closed', 'bad', ['Vendor question']);
      await conv('Cleo', 0, 'open', '', ['Still chatting']);
      await db.insertInto('chat_offline_messages').values({ name: 'Dora', email: 'dora@mail.example', message: 'Call me <script>x</script>', vendor_id: 0, user_id: null, current_page: '/shop', created_at: '2026-11-21T09:00:00.000Z' }).execute();
      await db.insertInto('chat_offline_messages').values({ name: 'Emil', email: 'emil@mail.example', message: 'For vendor seven', vendor_id: 7, user_id: null, created_at: '2026-11-21T09:30:00.000Z' }).execute();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('managers add and delete the canned replies operators get in the console; bad input is a 400 with the field', async () => {
      const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
      const manager = await operator(t.app, 'shop_manager');
      const empty = await manager.client.request('POST', '/admin/chat/canned', 'intent=add&title=&body=Hi', FORM);
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('Enter a title');
      const added = await manager.client.request('POST', '/admin/chat/canned', `intent=add&title=Shipping&body=${encodeURIComponent('We ship in 2 days <fast>')}`, FORM);
      expect(added.statusCode).toBe(200);
      expect(added.body).toContain('Canned reply “Shipping” added.');
      const page = await manager.client.request('GET', '/admin/chat/canned');
      expect(page.body).toContain('We ship in 2 days &lt;fast&gt;');
      const other = await addCannedReply(t.services.db, { vendorId: 7, title: 'Seven only', body: 'x' });
      // The console's operator reads it over the socket.
      const url = await listen(t.app);
      const op = await operator(t.app, 'operator');
      const { socket } = await rawSocket(url, await op.token());
      const canned = await ask<{ replies: { id: number; title: string; text: string }[] }>(socket, 'op:canned');
      expect(canned.replies.map((r) => r.title)).toEqual(['Shipping']);
      // A vendor's reply is not the shop's to delete here; unknown ids are 404 too.
      for (const id of [String(other.id), '999999', 'x']) {
        expect((await manager.client.request('POST', '/admin/chat/canned', `intent=delete&id=${id}`, FORM)).statusCode, id).toBe(404);
      }
      const deleted = await manager.client.request('POST', '/admin/chat/canned', `intent=delete&id=${canned.replies[0].id}`, FORM);
      expect(deleted.body).toContain('Canned reply deleted.');
      expect((await ask<{ replies: unknown[] }>(socket, 'op:canned')).replies).toEqual([]);
      socket.disconnect();
    });

    it('administrators see every closed conversation, searchable and filtered by rating; open ones are not transcripts', async () => {
      const admin = await operator(t.app, 'admin');
      const all = await admin.client.request('GET', '/admin/chat/transcripts');
      expect(all.statusCode).toBe(200);
      expect(all.body).toContain('2 ended conversations');
      expect(all.body).toContain(`/admin/chat/transcripts/${ids.Anna}`);
      expect(all.body).toContain(`/admin/chat/transcripts/${ids.Boris}`);
      expect(all.body).not.toContain('Cleo');
      const good = await admin.client.request('GET', '/admin/chat/transcripts?evaluation=good');
      expect(good.body).toContain('1 ended conversation<');
      expect(good.body).toContain('Anna');
      expect(good.body).not.toContain('Boris');
      const search = await admin.client.request('GET', '/admin/chat/transcripts?q=BORIS%40mail');
      expect(search.body).toContain('Boris');
      expect(search.body).not.toContain('anna@mail.example');
      // A wildcard typed in the search is a character, not "anything".
      const wildcard = await admin.client.request('GET', '/admin/chat/transcripts?q=%25');
      expect(wildcard.body).toContain('0 ended conversations');
      // Nonsense filters fall back to none rather than failing.
      expect((await admin.client.request('GET', '/admin/chat/transcripts?evaluation=maybe&page=-3')).statusCode).toBe(200);

      const one = await admin.client.request('GET', `/admin/chat/transcripts/${ids.Anna}`);
      expect(one.statusCode).toBe(200);
      expect(one.body).toContain('Chat with Anna');
      expect(one.body).toContain('4 min 30 s');
      expect(one.body).toContain('Hi &lt;b&gt;there&lt;/b&gt;');
      expect(one.body).not.toContain('<b>there</b>');
      expect(one.body).toContain('href="https://www.example.org"');
      for (const bad of [String(ids.Cleo), '0', 'abc', '99999999999']) {
        expect((await admin.client.request('GET', `/admin/chat/transcripts/${bad}`)).statusCode, bad).toBe(404);
      }
    });

    it("an operator of a vendor sees that vendor's transcripts and offline messages only; the shop's operators see all", async () => {
      const vendorOp = await operator(t.app, 'operator');
      await setOperatorVendor(t.services.db, vendorOp.user, 7, 'Seven');
      const list = await vendorOp.client.request('GET', '/admin/chat/transcripts');
      expect(list.body).toContain('Boris');
      expect(list.body).not.toContain('Anna');
      expect((await vendorOp.client.request('GET', `/admin/chat/transcripts/${ids.Anna}`)).statusCode).toBe(404);
      expect((await vendorOp.client.request('GET', `/admin/chat/transcripts/${ids.Boris}`)).statusCode).toBe(200);
      const inbox = await vendorOp.client.request('GET', '/admin/chat/offline');
      expect(inbox.body).toContain('For vendor seven');
      expect(inbox.body).not.toContain('Dora');

      const shopOp = await operator(t.app, 'operator');
      const shopInbox = await shopOp.client.request('GET', '/admin/chat/offline');
      expect(shopInbox.statusCode).toBe(200);
      expect(shopInbox.body).toContain('From Dora');
      expect(shopInbox.body).toContain('Call me &lt;script&gt;x&lt;/script&gt;');
      expect(shopInbox.body).toContain('For vendor seven');
      // Vendors' own operators only: the shop's operators no longer see vendor 7's.
      await saveChatSettings(t.services.db, { vendorOnlyChat: true });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const restricted = await shopOp.client.request('GET', '/admin/chat/offline');
      expect(restricted.body).toContain('From Dora');
      expect(restricted.body).not.toContain('For vendor seven');
      await saveChatSettings(t.services.db, { vendorOnlyChat: false });
    });

    it('deletes a transcript with its messages and rating (GDPR), in the staff member\'s scope only', async () => {
      const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
      const db = t.services.db;
      await db.insertInto('chat_evaluations').values({ conversation_id: ids.Anna, evaluation: 'good', receive_copy: 0, created_at: '2026-11-20T10:05:00.000Z' }).execute();
      const vendorOp = await operator(t.app, 'operator');
      await setOperatorVendor(db, vendorOp.user, 7, 'Seven');
      const refused = await vendorOp.client.request('POST', `/admin/chat/transcripts/${ids.Anna}`, 'intent=delete', FORM);
      expect(refused.statusCode).toBe(404);
      const admin = await operator(t.app, 'admin');
      // An open conversation is not a transcript.
      expect((await admin.client.request('POST', `/admin/chat/transcripts/${ids.Cleo}`, 'intent=delete', FORM)).statusCode).toBe(404);
      const gone = await admin.client.request('POST', `/admin/chat/transcripts/${ids.Anna}`, 'intent=delete', FORM);
      expect(gone.statusCode).toBe(302);
      expect(gone.headers.location).toBe('/admin/chat/transcripts?deleted=1');
      expect((await admin.client.request('GET', '/admin/chat/transcripts?deleted=1')).body).toContain('The transcript has been deleted.');
      expect((await admin.client.request('GET', `/admin/chat/transcripts/${ids.Anna}`)).statusCode).toBe(404);
      expect(await db.selectFrom('chat_messages').select('id').where('conversation_id', '=', ids.Anna).execute()).toEqual([]);
      expect(await db.selectFrom('chat_evaluations').select('id').where('conversation_id', '=', ids.Anna).execute()).toEqual([]);
      expect((await db.selectFrom('chat_messages').select('id').where('conversation_id', '=', ids.Boris).execute()).length).toBe(1);
    });
  });
}
