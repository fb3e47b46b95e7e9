import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { chatWidgetSettings, getChatSettings, saveChatSettings } from '../../app/features/chat/chat-settings.server.ts';
import { createUser } from '../../app/features/account/account.server.ts';
import type { ChatMessageView, ConversationView } from '../../app/features/chat/chat.schema.ts';
import { urlencoded as form } from '../helpers/admin-forms.ts';
import { ask, listen, next, operator, rawSocket, until, visitor } from '../helpers/chat.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/* The chat widget's settings as storefront pages carry them (root data), and only those. */
for (const dialect of await dialects()) {
  describe(`chat widget settings in page data (${dialect})`, () => {
    let t: TestApp;
    let listening: string | undefined;
    /** The app's address, listening from the first test that needs sockets on. */
    const serve = async () => (listening ??= await listen(t.app));
    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('is off by default, then carries the look and nothing private', async () => {
      const visitor = await Client.start(t.app);
      expect(await chatWidgetSettings(t.services.db)).toBeNull();
      const off = await visitor.request('GET', '/_root.data');
      expect(off.statusCode).toBe(200);
      expect(off.body).not.toContain('buttonType');

      await saveChatSettings(t.services.db, { enabled: true, colour: '#123456', buttonType: 'round', xPos: 'left', offlineEmail: 'private-ops@shop.example' });
      // A write outside any request: the next request's caches see it from the next turn on.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await chatWidgetSettings(t.services.db)).toEqual({
        colour: '#123456',
        buttonType: 'round',
        xPos: 'left',
        yPos: 'bottom',
        showDelay: 0,
        popupWidth: 370,
        buttonWidth: 260,
        formWidth: 260,
        borderRadius: 8,
        animation: 'fade',
        autoplay: false,
        autoplayDelay: 1000,
      });
      for (const url of ['/_root.data', '/shop.data', '/shop']) {
        const on = await visitor.request('GET', url);
        expect(on.statusCode, url).toBe(200);
        expect(on.body, url).toContain('#123456');
        expect(on.body, url).not.toContain('private-ops@shop.example');
      }
    });

    it('refuses a colour that is not #rrggbb and a launcher type it does not know', async () => {
      await expect(saveChatSettings(t.services.db, { colour: 'red;background:url(x)' })).rejects.toThrow();
      await expect(saveChatSettings(t.services.db, { buttonType: 'square' })).rejects.toThrow();
      await expect(saveChatSettings(t.services.db, { popupWidth: 100 })).rejects.toThrow();
      await expect(saveChatSettings(t.services.db, { animation: 'spin' })).rejects.toThrow();
    });

    it('the settings form (managers) saves every field; a post without them changes nothing', async () => {
      await createUser(t.services, { email: 'chat-manager@example.com', password: 'a long enough password', name: 'Manager', role: 'shop_manager' });
      const manager = await Client.start(t.app);
      expect((await manager.request('POST', '/api/account/login', { email: 'chat-manager@example.com', password: 'a long enough password' })).statusCode).toBe(200);
      expect((await manager.request('GET', '/admin/chat/settings')).body).toContain('Save chat settings');
      const before = await getChatSettings(t.services.db);
      const partial = await manager.request('POST', '/admin/chat/settings', 'intent=save&colour=%23000000', FORM);
      expect(partial.statusCode).toBe(400);
      expect(await getChatSettings(t.services.db)).toEqual(before);
      const body = 'intent=save&enabled=on&colour=%23ffeb3b&buttonType=classic&xPos=right&yPos=top&showDelay=3&guestLimit=5&offlineEmail=desk%40shop.example&offlineForm=on&popupWidth=420&buttonWidth=300&formWidth=280&borderRadius=0&animation=zoom&autoplay=on&autoplayDelay=2500';
      const saved = await manager.request('POST', '/admin/chat/settings', body, FORM);
      expect(saved.statusCode).toBe(200);
      expect(saved.body).toContain('Chat settings saved.');
      expect(await getChatSettings(t.services.db)).toMatchObject({ enabled: true, colour: '#ffeb3b', yPos: 'top', showDelay: 3, guestLimit: 5, offlineEmail: 'desk@shop.example', offlineForm: true, gdpr: false, displayLogin: false });
      expect(await getChatSettings(t.services.db)).toMatchObject({ popupWidth: 420, buttonWidth: 300, formWidth: 280, borderRadius: 0, animation: 'zoom', autoplay: true, autoplayDelay: 2500 });
      const bad = await manager.request('POST', '/admin/chat/settings', body.replace('%23ffeb3b', 'red'), FORM);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Enter a colour like #009EDB');
    });

    it('the settings page saves vendors-only chat and the same-e-mail bypass, and gives an operator a vendor their next connection serves', async () => {
      await createUser(t.services, { email: 'chat-owner@example.com', password: 'a long enough password', name: 'Owner', role: 'shop_manager' });
      const manager = await Client.start(t.app);
      expect((await manager.request('POST', '/api/account/login', { email: 'chat-owner@example.com', password: 'a long enough password' })).statusCode).toBe(200);
      const db = t.services.db;
      const vendor = await db.insertInto('vendors').values({ name: 'Fjord Ceramics', slug: 'fjord-ceramics' }).returning('id').executeTakeFirstOrThrow();
      const op = await operator(t.app);
      const page = await manager.request('GET', '/admin/chat/settings');
      expect(page.body).toContain('Operators’ vendors');
      expect(page.body).toContain(`Vendor of ${op.user.name}`);
      expect(page.body).toContain('Fjord Ceramics');
      const body = 'intent=save&enabled=on&colour=%23009EDB&buttonType=classic&xPos=right&yPos=bottom&showDelay=0&guestLimit=0&offlineEmail=&offlineForm=on&popupWidth=370&buttonWidth=260&formWidth=260&borderRadius=8&animation=fade&autoplayDelay=1000&displayLogin=on';
      expect((await manager.request('POST', '/admin/chat/settings', `${body}&vendorOnlyChat=on&operatorBypassSameEmail=on`, FORM)).statusCode).toBe(200);
      expect(await getChatSettings(db)).toMatchObject({ vendorOnlyChat: true, operatorBypassSameEmail: true });
      expect((await manager.request('POST', '/admin/chat/settings', body, FORM)).statusCode).toBe(200);
      expect(await getChatSettings(db)).toMatchObject({ vendorOnlyChat: false, operatorBypassSameEmail: false });

      // Refusals change nothing: an unknown vendor, a customer's account.
      const customer = await createUser(t.services, { email: 'chat-customer@example.com', password: 'a long enough password', name: 'Cus', role: 'customer' });
      const badVendor = await manager.request('POST', '/admin/chat/settings', form({ intent: 'vendor', userId: String(op.user.id), vendorId: '99999' }), FORM);
      expect(badVendor.statusCode).toBe(400);
      expect(badVendor.body).toContain('No such vendor');
      expect((await manager.request('POST', '/admin/chat/settings', form({ intent: 'vendor', userId: String(customer.id), vendorId: String(vendor.id) }), FORM)).statusCode).toBe(400);
      expect(await db.selectFrom('chat_operator_profiles').select('vendor_id').where('user_id', 'in', [op.user.id, customer.id]).execute()).toEqual([]);

      const saved = await manager.request('POST', '/admin/chat/settings', form({ intent: 'vendor', userId: String(op.user.id), vendorId: String(vendor.id) }), FORM);
      expect(saved.statusCode).toBe(200);
      expect(saved.body).toContain(`${op.user.name} now answers chats for Fjord Ceramics.`);
      const url = await serve();
      const o = await rawSocket(url, await op.token());
      expect(o.hello.me).toMatchObject({ vendorId: vendor.id });
      o.socket.disconnect();
    });

    it('an operator already online serves a new vendor at once: given on the settings page or by `vitrine chat-operator`, their open socket hears it without reconnecting', async () => {
      const url = await serve();
      const db = t.services.db;
      await createUser(t.services, { email: 'chat-vendor-boss@example.com', password: 'a long enough password', name: 'Boss', role: 'shop_manager' });
      const manager = await Client.start(t.app);
      expect((await manager.request('POST', '/api/account/login', { email: 'chat-vendor-boss@example.com', password: 'a long enough password' })).statusCode).toBe(200);
      const [north, south] = await Promise.all(
        ['North Looms', 'South Kilns'].map((name) => db.insertInto('vendors').values({ name, slug: name.toLowerCase().replace(' ', '-') }).returning('id').executeTakeFirstOrThrow()),
      );
      await saveChatSettings(db, { enabled: true, vendorOnlyChat: true });
      const op = await operator(t.app);
      const o = await rawSocket(url, await op.token());
      expect(o.hello.me).toMatchObject({ vendorId: 0 });
      expect((await ask(o.socket, 'op:status', { status: 'online' })).ok).toBe(true);
      const northVisitor = await rawSocket(url, await (await visitor(t.app, north.id)).token());
      expect(northVisitor.hello.mode).toBe('offline');
      try {
        // The settings page: a new hello on the same socket, and North's visitors hear someone can answer.
        const hello = next<{ me: { vendorId: number }; queue?: ConversationView[] }>(o.socket, 'chat:hello');
        const available = next<{ mode: string }>(northVisitor.socket, 'chat:availability', (a) => a.mode !== 'offline');
        const saved = await manager.request('POST', '/admin/chat/settings', form({ intent: 'vendor', userId: String(op.user.id), vendorId: String(north.id) }), FORM);
        expect(saved.statusCode).toBe(200);
        expect((await hello).me.vendorId).toBe(north.id);
        expect((await available).mode).toBe('login');
        expect(o.socket.connected).toBe(true);
        // North's new conversation reaches the operator's socket; the console answers for North now.
        const queued = next<ConversationView>(o.socket, 'chat:conversation', (c) => c.vendorId === north.id);
        const login = await ask<{ conversation: ConversationView }>(northVisitor.socket, 'chat:login', { name: 'Nils', email: 'nils@mail.example' });
        expect(login.ok).toBe(true);
        expect((await queued).id).toBe(login.conversation.id);
        expect((await ask(o.socket, 'op:accept', { conversationId: login.conversation.id })).ok).toBe(true);

        // The CLI, another process with no chat of its own: the open socket hears it within seconds.
        const again = next<{ me: { vendorId: number } }>(o.socket, 'chat:hello', () => true, 10_000);
        const env = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR, SESSION_SECRET: process.env.SESSION_SECRET };
        Object.assign(process.env, { DATABASE_URL: t.database.url, DATA_DIR: t.database.dataDir, SESSION_SECRET: 'test-secret-that-is-at-least-32-characters-long' });
        const lines: string[] = [];
        const { run } = await import('../../cli/index.ts');
        try {
          expect(await run(['chat-operator', '--email', op.user.email, '--vendor', String(south.id)], { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) })).toBe(0);
        } finally {
          for (const [k, v] of Object.entries(env)) if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
        expect(lines.join('\n')).toContain(`now answers the live chat for vendor ${south.id} (South Kilns)`);
        expect((await again).me.vendorId).toBe(south.id);
        // South's visitors now; North's next conversation no longer reaches this socket.
        const southVisitor = await rawSocket(url, await (await visitor(t.app, south.id)).token());
        expect(await ask(southVisitor.socket, 'chat:availability')).toMatchObject({ ok: true, mode: 'login' });
        const heard: ConversationView[] = [];
        o.socket.on('chat:conversation', (c: ConversationView) => heard.push(c));
        const southQueued = next<ConversationView>(o.socket, 'chat:conversation', (c) => c.vendorId === south.id);
        const otherNorth = await rawSocket(url, await (await visitor(t.app, north.id)).token());
        const northLogin = await ask<{ conversation: ConversationView }>(otherNorth.socket, 'chat:login', { name: 'Nora', email: 'nora@mail.example' });
        const southLogin = await ask<{ conversation: ConversationView }>(southVisitor.socket, 'chat:login', { name: 'Sami', email: 'sami@mail.example' });
        expect((await southQueued).id).toBe(southLogin.conversation.id);
        expect(heard.map((c) => c.id)).not.toContain(northLogin.conversation.id);
        expect(await ask(o.socket, 'chat:join', { conversationId: northLogin.conversation.id, after: 0 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
        for (const s of [southVisitor, otherNorth]) s.socket.disconnect();
      } finally {
        await saveChatSettings(db, { vendorOnlyChat: false });
        o.socket.disconnect();
        northVisitor.socket.disconnect();
      }
    });

    it('an operator picks their chat picture; their messages carry it; only a picture on this shop is taken', async () => {
      const url = await serve();
      const op = await operator(t.app);
      const page = await op.client.request('GET', '/admin/chat');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Your picture in the chat');
      for (const bad of ['https://tracker.example/x.png', '//tracker.example/x.png', 'javascript:alert(1)', '/x" onerror="alert(1)']) {
        const res = await op.client.request('POST', '/admin/chat', form({ avatarType: 'image', avatarImage: bad }), FORM);
        expect(res.statusCode, bad).toBe(400);
        expect(res.body).toContain('Enter the address of a picture on this shop');
      }
      expect((await op.client.request('POST', '/admin/chat', form({ avatarType: 'image', avatarImage: '' }), FORM)).statusCode).toBe(400);
      expect((await op.client.request('POST', '/admin/chat', form({ avatarType: 'selfie' }), FORM)).statusCode).toBe(400);
      const saved = await op.client.request('POST', '/admin/chat', form({ avatarType: 'image', avatarImage: '/media/team/ada.webp' }), FORM);
      expect(saved.statusCode).toBe(200);
      expect(saved.body).toContain('Your chat picture has been saved.');

      const o = await rawSocket(url, await op.token());
      await ask(o.socket, 'op:status', { status: 'online' });
      const v = await visitor(t.app);
      const vs = await rawSocket(url, await v.token());
      const login = await ask<{ conversation: ConversationView }>(vs.socket, 'chat:login', { name: 'Pia', email: 'pia@mail.example' });
      await ask(o.socket, 'op:accept', { conversationId: login.conversation.id });
      // The operator sees the visitor's details, the address included; the visitor never sees an operator's.
      const seenByVisitor: Record<string, unknown>[] = [];
      vs.socket.on('chat:presence', (p: Record<string, unknown>) => seenByVisitor.push(p));
      const details = next<{ userId: number; ip?: string; currentPage: string }>(o.socket, 'chat:presence', (p) => p.userId === vs.hello.me.id);
      await ask(o.socket, 'chat:join', { conversationId: login.conversation.id, after: 0 });
      expect((await details).ip).toMatch(/127\.0\.0\.1/);
      const atVisitor = next<ChatMessageView>(vs.socket, 'chat:message', (m) => m.senderType === 'operator');
      await ask(o.socket, 'chat:send', { conversationId: login.conversation.id, clientId: 'p1', text: 'Hello Pia' });
      expect(await atVisitor).toMatchObject({ avatarType: 'image', avatarImage: '/media/team/ada.webp' });
      // The visitor minimises: the room hears of it, staff with the address, the visitor without.
      const staffHears = next<{ userId: number; ip?: string; status: string }>(o.socket, 'chat:presence', (p) => p.userId === vs.hello.me.id && p.status === 'offline');
      await ask(vs.socket, 'chat:status', { status: 'offline' });
      expect((await staffHears).ip).toMatch(/127\.0\.0\.1/);
      await until(async () => seenByVisitor.length > 0, 'the visitor hears of its own presence');
      expect(seenByVisitor.some((p) => 'ip' in p)).toBe(false);
      o.socket.disconnect();
      vs.socket.disconnect();
    });
  });
}
