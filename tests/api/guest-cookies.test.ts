import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { verifyChatToken, visitorKeyOf } from '../../app/features/chat/chat-token.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { wishlistKit } from '../helpers/wishlist.ts';

/*
 * Guest cookies are issued by the server only (docs/ARCHITECTURE.md, Security). Someone who
 * plants a value of their choosing in another browser (`vt_wishlist`, `vt_chat`) must not
 * get to read what that browser then saves: the planted value is replaced at its first use,
 * and the one who chose it finds nothing under it — not by reading, nor by logging in with it.
 */

const PLANTED = 'attacker-chosen-value-0123456789';
const setCookie = (res: { cookies: unknown[] }, name: string) => (res.cookies as { name: string; value: string }[]).find((c) => c.name === name)?.value;

for (const dialect of await dialects()) {
  describe(`guest cookies issued by the server only (${dialect})`, () => {
    let t: TestApp;
    const k = wishlistKit(() => t);
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t?.close());

    const planted = async (name: string) => {
      const c = await Client.start(t.app);
      c.cookies.set(name, PLANTED);
      return c;
    };

    it('replaces a planted wishlist cookie: the planter reads nothing and takes nothing at login', async () => {
      const victim = await planted('vt_wishlist');
      const id = await k.product();
      const added = await k.add(victim, { productId: id });
      expect(added.statusCode).toBe(201);
      const issued = setCookie(added, 'vt_wishlist');
      expect(issued).toBeDefined();
      expect(issued).not.toBe(PLANTED);
      expect(victim.cookies.get('vt_wishlist')).toBe(issued);
      const [list] = await k.lists(victim);
      expect(list).toMatchObject({ count: 1, visibility: 'private' });

      // The planter, holding the value they chose.
      const attacker = await planted('vt_wishlist');
      expect(await k.lists(attacker)).toEqual([]);
      expect((await k.view(attacker, list!.token)).statusCode).toBe(404);
      expect((await attacker.request('GET', '/api/wishlist/count')).json().count).toBe(0);
      await createUser(t.services, { email: 'planter@example.com', password: 'a long enough password', name: 'Planter' });
      expect((await attacker.request('POST', '/api/account/login', { email: 'planter@example.com', password: 'a long enough password' })).statusCode).toBe(200);
      expect(await k.lists(attacker)).toEqual([]);
      // The victim's list stays the victim's, and their own cookie keeps reaching it.
      expect(await k.lists(victim)).toMatchObject([{ token: list!.token, count: 1 }]);
      const again = await k.add(victim, { productId: await k.product() });
      expect(setCookie(again, 'vt_wishlist')).toBeUndefined();
    });

    it('gives a planted chat cookie a new identity and keeps the one it issued', async () => {
      const secret = t.services.config.sessionSecret;
      const victim = await planted('vt_chat');
      const res = await victim.request('POST', '/api/chat/token', {});
      expect(res.statusCode).toBe(200);
      const issued = setCookie(res, 'vt_chat');
      expect(issued).toBeDefined();
      expect(issued).not.toBe(PLANTED);
      const claims = verifyChatToken(secret, res.json().token);
      expect(claims).toMatchObject({ role: 'visitor', visitorKey: visitorKeyOf(issued!) });
      // The same browser asking again keeps its identity; the planter never gets the victim's.
      const second = await victim.request('POST', '/api/chat/token', {});
      expect(setCookie(second, 'vt_chat')).toBeUndefined();
      expect(verifyChatToken(secret, second.json().token)).toMatchObject({ visitorKey: visitorKeyOf(issued!) });
      const attacker = await planted('vt_chat');
      const theirs = await attacker.request('POST', '/api/chat/token', {});
      expect(verifyChatToken(secret, theirs.json().token)).not.toMatchObject({ visitorKey: visitorKeyOf(PLANTED) });
      expect(verifyChatToken(secret, theirs.json().token)).not.toMatchObject({ visitorKey: visitorKeyOf(issued!) });
      // A forged signature is no better than none.
      const forged = await Client.start(t.app);
      forged.cookies.set('vt_chat', `${issued!.slice(0, 32)}${'A'.repeat(issued!.length - 32)}`);
      expect(setCookie(await forged.request('POST', '/api/chat/token', {}), 'vt_chat')).toBeDefined();
    });

    it('keeps a chat cookie from before cookies were signed while its visitor record exists', async () => {
      const legacy = 'legacy-unsigned-chat-cookie-000001';
      await t.services.db
        .insertInto('chat_users')
        .values({ kind: 'visitor', visitor_key: visitorKeyOf(legacy), user_id: null, operator_user: null, conversation_id: null, last_online: null, created_at: new Date().toISOString() })
        .execute();
      const c = await Client.start(t.app);
      c.cookies.set('vt_chat', legacy);
      const res = await c.request('POST', '/api/chat/token', {});
      expect(res.statusCode).toBe(200);
      expect(setCookie(res, 'vt_chat')).toBeUndefined();
      expect(verifyChatToken(t.services.config.sessionSecret, res.json().token)).toMatchObject({ visitorKey: visitorKeyOf(legacy) });
    });
  });
}
