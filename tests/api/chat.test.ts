// Longer than 400 lines on purpose: the chat protocol over Socket.IO end to end, one server per database; the cases share
// its sockets and accounts, and each is one exchange kept whole so its steps read in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createTestApp, Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { startSmtpServer, parseMail, type TestSmtpServer } from '../helpers/smtp.ts';
import { ask, listen, next, operator, rawSocket, until, visitor } from '../helpers/chat.ts';
import { saveChatSettings } from '../../app/features/chat/chat-settings.server.ts';
import { addCannedReply, setOperatorVendor } from '../../app/features/chat/chat-store.server.ts';
import { runChatCleanup } from '../../app/features/chat/chat-cleanup.server.ts';
import { issueChatToken } from '../../app/features/chat/chat-token.server.ts';
import { redeemTranscriptLink } from '../../app/features/chat/chat-mail.server.ts';
import type { ChatMessageView, ConversationView } from '../../app/features/chat/chat.schema.ts';

const SECRET = 'test-secret-that-is-at-least-32-characters-long';

for (const dialect of await dialects()) {
  describe(`live chat over Socket.IO (${dialect})`, () => {
    let t: TestApp;
    let url: string;
    let smtp: TestSmtpServer;
    const open: Socket[] = [];
    const track = <T extends { socket: Socket }>(x: T) => (open.push(x.socket), x);

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { config: { smtpUrl: smtp.url, publicUrl: 'https://shop.example' } });
      url = await listen(t.app);
    });
    afterAll(async () => {
      for (const s of open) s.disconnect();
      await t.close();
      await smtp.close();
    });

    /** A visitor signed in to the chat with its own conversation. */
    async function chattingVisitor(name: string, vendorId = 0) {
      const v = await visitor(t.app, vendorId);
      const { socket, hello } = track(await rawSocket(url, await v.token()));
      const login = await ask<{ conversation: ConversationView }>(socket, 'chat:login', { name, email: `${name.toLowerCase()}@mail.example` });
      expect(login.ok, JSON.stringify(login)).toBe(true);
      return { ...v, socket, hello, conversation: login.conversation };
    }

    it('carries messages between a visitor and an operator, numbered, acknowledged, read', async () => {
      const op = await operator(t.app);
      const o = track(await rawSocket(url, await op.token()));
      expect(o.hello.role).toBe('operator');
      const v = await visitor(t.app);
      const vs = track(await rawSocket(url, await v.token()));
      expect(vs.hello.role).toBe('visitor');
      expect(vs.hello.mode).toBe('offline');

      const available = next<{ mode: string }>(vs.socket, 'chat:availability');
      expect((await ask(o.socket, 'op:status', { status: 'online' })).ok).toBe(true);
      expect((await available).mode).toBe('login');

      const queued = next<ConversationView>(o.socket, 'chat:conversation');
      const login = await ask<{ conversation: ConversationView }>(vs.socket, 'chat:login', { name: 'Ada', email: 'ada@mail.example', currentPage: '/shop' });
      expect(login.ok).toBe(true);
      const c = login.conversation;
      expect((await queued).id).toBe(c.id);

      const accepted = await ask<{ conversation: ConversationView }>(o.socket, 'op:accept', { conversationId: c.id });
      expect(accepted.conversation.operatorName).toBe(op.user.name);

      const atOperator = next<ChatMessageView>(o.socket, 'chat:message');
      const sent = await ask<{ seq: number }>(vs.socket, 'chat:send', { conversationId: c.id, clientId: 'v-1', text: 'Hello,\nis this in stock?' });
      expect(sent).toMatchObject({ ok: true, seq: 1 });
      expect(await atOperator).toMatchObject({ seq: 1, senderType: 'visitor', userName: 'Ada', text: 'Hello,\nis this in stock?', clientId: 'v-1' });

      const atVisitor = next<ChatMessageView>(vs.socket, 'chat:message', (m) => m.senderType === 'operator');
      expect(await ask(o.socket, 'chat:send', { conversationId: c.id, clientId: 'o-1', text: 'Yes, it is.' })).toMatchObject({ ok: true, seq: 2 });
      expect(await atVisitor).toMatchObject({ seq: 2, text: 'Yes, it is.', userName: op.user.name });

      // A resend of the same client id gets the same number and stores nothing new.
      expect(await ask(vs.socket, 'chat:send', { conversationId: c.id, clientId: 'v-1', text: 'Hello,\nis this in stock?' })).toMatchObject({ ok: true, seq: 1, duplicate: true });
      const since = await ask<{ messages: ChatMessageView[] }>(vs.socket, 'chat:since', { conversationId: c.id, after: 0 });
      expect(since.messages.map((m) => m.seq)).toEqual([1, 2]);

      const read = next<{ upTo: number; by: string }>(vs.socket, 'chat:read');
      await ask(o.socket, 'chat:read', { conversationId: c.id, upTo: 1 });
      expect(await read).toMatchObject({ upTo: 1, by: 'operator' });

      // Empty text is not sent.
      expect(await ask(vs.socket, 'chat:send', { conversationId: c.id, clientId: 'v-2', text: '  \n ' })).toMatchObject({ ok: false, error: { code: 'empty' } });
      // The visitor's page shows in the console.
      const moved = next<{ currentPage: string }>(o.socket, 'chat:presence', (p) => (p as { currentPage: string }).currentPage === '/shop/hoodie');
      await ask(vs.socket, 'chat:page', { currentPage: '/shop/hoodie', isMobile: true });
      expect(await moved).toMatchObject({ currentPage: '/shop/hoodie', isMobile: true });

      // Minimising the popup sets the visitor offline (last online stamped), restoring online again.
      const away = next<{ userId: number; status: string; lastOnline: string }>(o.socket, 'chat:presence', (p) => (p as { status: string }).status === 'offline');
      expect(await ask(vs.socket, 'chat:status', { status: 'offline' })).toMatchObject({ ok: true, me: { status: 'offline' } });
      expect(await away).toMatchObject({ userId: vs.hello.me.id, status: 'offline', lastOnline: expect.any(String) });
      const back = next<{ status: string }>(o.socket, 'chat:presence', (p) => (p as { status: string }).status === 'online');
      expect(await ask(vs.socket, 'chat:status', { status: 'online' })).toMatchObject({ ok: true, me: { status: 'online' } });
      expect(await back).toMatchObject({ status: 'online' });
      // Bad payloads and operators are refused.
      expect(await ask(vs.socket, 'chat:status', { status: 'wait' })).toMatchObject({ ok: false, error: { code: 'invalid' } });
      expect(await ask(o.socket, 'chat:status', { status: 'offline' })).toMatchObject({ ok: false });
    });

    it('a visitor without a conversation cannot put themselves online by minimising and restoring', async () => {
      const v = await visitor(t.app);
      const vs = track(await rawSocket(url, await v.token()));
      expect(await ask(vs.socket, 'chat:status', { status: 'online' })).toMatchObject({ ok: true, me: { status: vs.hello.me.status } });
    });

    it('refuses a conversation that is not yours, by any event or call, as "not found"', async () => {
      const a = await chattingVisitor('Alice');
      const b = await chattingVisitor('Bob');
      const id = a.conversation.id;
      for (const [event, payload] of [
        ['chat:join', { conversationId: id, after: 0 }],
        ['chat:since', { conversationId: id, after: 0 }],
        ['chat:send', { conversationId: id, clientId: 'x', text: 'hi' }],
        ['chat:typing', { conversationId: id, typing: true }],
        ['chat:read', { conversationId: id, upTo: 1 }],
        ['chat:end', { conversationId: id }],
        ['chat:evaluate', { conversationId: id, evaluation: 'bad' }],
        ['chat:join', { conversationId: 999_999, after: 0 }],
      ] as const) {
        expect(await ask(b.socket, event, payload), event).toMatchObject({ ok: false, error: { code: 'not_found' } });
      }
      const res = await b.client.request('POST', '/api/chat/evaluation', { conversationId: id, evaluation: 'bad' });
      expect(res.statusCode).toBe(404);
      // Nothing reached Alice's conversation.
      const mine = await ask<{ messages: unknown[] }>(a.socket, 'chat:since', { conversationId: id, after: 0 });
      expect(mine.messages).toEqual([]);
    });

    it('takes the role from the token only: no posing as an operator', async () => {
      const a = await chattingVisitor('Carol');
      // Extra fields are ignored: the message is the visitor's.
      const sent = await ask<{ seq: number }>(a.socket, 'chat:send', { conversationId: a.conversation.id, clientId: 'c1', text: 'hi', senderType: 'operator', role: 'operator', userName: 'Support' });
      expect(sent.ok).toBe(true);
      const [m] = (await ask<{ messages: ChatMessageView[] }>(a.socket, 'chat:since', { conversationId: a.conversation.id, after: 0 })).messages;
      expect(m).toMatchObject({ senderType: 'visitor', userName: 'Carol' });
      // Operator-only events are refused.
      expect(await ask(a.socket, 'op:accept', { conversationId: a.conversation.id })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      expect(await ask(a.socket, 'op:status', { status: 'online' })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      // An operator token needs a staff session.
      expect((await a.client.request('POST', '/api/chat/token', { as: 'operator' })).statusCode).toBe(401);
      const customer = await operator(t.app, 'customer');
      expect((await customer.client.request('POST', '/api/chat/token', { as: 'operator' })).statusCode).toBe(403);
      // Without the CSRF header no token at all.
      const raw = await t.app.inject({ method: 'POST', url: '/api/chat/token', headers: { cookie: a.client.cookieHeader(), 'content-type': 'application/json' }, payload: '{}' });
      expect(raw.statusCode).toBe(403);
      // A forged, tampered or expired token does not connect.
      const good = await a.token();
      const [body, sig] = good.split('.');
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
      const forged = `${Buffer.from(JSON.stringify({ ...claims, role: 'operator', userId: 1 })).toString('base64url')}.${sig}`;
      const expired = issueChatToken(SECRET, { role: 'operator', userId: 1 }, Date.now() - 3_600_000).token;
      for (const token of [forged, expired, 'nonsense', '']) {
        await expect(rawSocket(url, token)).rejects.toMatchObject({ message: 'unauthorized' });
      }
    });

    it('lets operators see and join only conversations of their vendor', async () => {
      const shopOp = await operator(t.app, 'shop_manager');
      const vendorOp = await operator(t.app, 'operator');
      await setOperatorVendor(t.services.db, vendorOp.user, 7, 'Seven');
      const so = track(await rawSocket(url, await shopOp.token()));
      const vo = track(await rawSocket(url, await vendorOp.token()));
      const of7 = await chattingVisitor('Dora', 7);
      const of8 = await chattingVisitor('Eve', 8);
      expect((await ask(vo.socket, 'chat:join', { conversationId: of7.conversation.id, after: 0 })).ok).toBe(true);
      expect(await ask(vo.socket, 'chat:join', { conversationId: of8.conversation.id, after: 0 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
      expect(await ask(vo.socket, 'op:accept', { conversationId: of8.conversation.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
      await addCannedReply(t.services.db, { vendorId: 0, title: 'Hello', body: 'Hello, how can I help?' });
      await addCannedReply(t.services.db, { vendorId: 7, title: 'Seven', body: 'Vendor seven here.' });
      await addCannedReply(t.services.db, { vendorId: 8, title: 'Eight', body: 'Vendor eight here.' });
      const canned = await ask<{ replies: { title: string }[] }>(vo.socket, 'op:canned');
      expect(canned.replies.map((r) => r.title)).toEqual(['Hello', 'Seven']);
      expect(await ask(of7.socket, 'op:canned')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      const queue = await ask<{ queue: ConversationView[] }>(vo.socket, 'op:queue');
      expect(queue.queue.map((c) => c.vendorId)).toEqual(queue.queue.map(() => 7));
      // The shop's own operators serve every vendor's visitors, until the chat is vendors-only.
      expect((await ask(so.socket, 'chat:join', { conversationId: of8.conversation.id, after: 0 })).ok).toBe(true);
      await ask(so.socket, 'op:status', { status: 'online' });
      expect(await ask(of8.socket, 'chat:availability')).toMatchObject({ ok: true, mode: 'login' });
      await saveChatSettings(t.services.db, { vendorOnlyChat: true });
      try {
        const so2 = track(await rawSocket(url, await shopOp.token()));
        expect(await ask(so2.socket, 'chat:join', { conversationId: of8.conversation.id, after: 0 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
        const v8 = track(await rawSocket(url, await of8.token()));
        expect(await ask(v8.socket, 'chat:availability')).toMatchObject({ ok: true, mode: 'offline', operatorsOnline: 0 });
      } finally {
        await saveChatSettings(t.services.db, { vendorOnlyChat: false });
        await ask(so.socket, 'op:status', { status: 'offline' });
      }
    });

    it('shows typing, clears it on send and on disconnect, and stamps the visitor offline', async () => {
      const op = await operator(t.app);
      const o = track(await rawSocket(url, await op.token()));
      const a = await chattingVisitor('Fay');
      await ask(o.socket, 'op:accept', { conversationId: a.conversation.id });
      const typing = next<{ typing: boolean; name: string }>(o.socket, 'chat:typing');
      await ask(a.socket, 'chat:typing', { conversationId: a.conversation.id, typing: true });
      expect(await typing).toMatchObject({ typing: true, name: 'Fay' });
      const cleared = next<{ typing: boolean }>(o.socket, 'chat:typing');
      await ask(a.socket, 'chat:send', { conversationId: a.conversation.id, clientId: 'f1', text: 'ok' });
      expect(await cleared).toMatchObject({ typing: false });
      const again = next(o.socket, 'chat:typing', (p: { typing: boolean }) => p.typing);
      await ask(a.socket, 'chat:typing', { conversationId: a.conversation.id, typing: true });
      await again;
      const gone = next<{ typing: boolean }>(o.socket, 'chat:typing', (p) => !p.typing);
      const offline = next<{ status: string; lastOnline: string }>(o.socket, 'chat:presence', (p) => p.status === 'offline');
      a.socket.disconnect();
      expect(await gone).toMatchObject({ typing: false });
      const p = await offline;
      expect(Date.now() - Date.parse(p.lastOnline)).toBeLessThan(10_000);
      // Back on the same browser: the conversation resumes and the visitor is online again.
      const back = track(await rawSocket(url, await a.token()));
      expect(back.hello.conversation?.id).toBe(a.conversation.id);
      expect(back.hello.me.status).toBe('online');
    });

    it('ends a chat with a closing message, stores the evaluation and mails the transcript on request', async () => {
      const op = await operator(t.app);
      const o = track(await rawSocket(url, await op.token()));
      const a = await chattingVisitor('Gil');
      await ask(o.socket, 'op:accept', { conversationId: a.conversation.id });
      await ask(a.socket, 'chat:send', { conversationId: a.conversation.id, clientId: 'g1', text: 'Where is <b>my</b> order?' });
      await ask(o.socket, 'chat:send', { conversationId: a.conversation.id, clientId: 'g2', text: 'On its way.' });
      const closedEvent = next<ConversationView>(o.socket, 'chat:conversation', (c) => c.status === 'closed');
      const ended = await ask<{ conversation: ConversationView }>(a.socket, 'chat:end', { conversationId: a.conversation.id });
      expect(ended.conversation.status).toBe('closed');
      expect((await closedEvent).id).toBe(a.conversation.id);
      const all = await ask<{ messages: ChatMessageView[] }>(a.socket, 'chat:since', { conversationId: a.conversation.id, after: 0 });
      expect(all.messages.at(-1)).toMatchObject({ seq: 3, senderType: 'system', text: 'Gil has ended the chat.' });
      expect(await ask(a.socket, 'chat:send', { conversationId: a.conversation.id, clientId: 'g3', text: 'wait' })).toMatchObject({ ok: false, error: { code: 'closed' } });

      const before = smtp.received.length;
      const res = await a.client.request('POST', '/api/chat/evaluation', { conversationId: a.conversation.id, evaluation: 'good', receiveCopy: true });
      expect(res.statusCode).toBe(200);
      // A guest's address is proved first: a link to it, then the copy.
      expect(res.json()).toMatchObject({ evaluation: 'good', receiveCopy: true, copy: 'confirm' });
      const row = await t.services.db.selectFrom('chat_evaluations').selectAll().where('conversation_id', '=', a.conversation.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ evaluation: 'good', receive_copy: 1, email: 'gil@mail.example', chat_with: op.user.name });
      const link = /token=([A-Za-z0-9_-]{43})/.exec((await parseMail((await smtp.waitFor(before)).raw)).text ?? '')?.[1];
      expect(await redeemTranscriptLink(t.services, link)).toBe(true);
      const mail = await smtp.waitFor(before + 1);
      expect(mail.to).toEqual(['gil@mail.example']);
      const parsed = await parseMail(mail.raw);
      expect(parsed.text).toContain('Gil: Where is <b>my</b> order?');
      expect(parsed.text).toContain(`${op.user.name}: On its way.`);
      expect(parsed.html).toContain('Where is &lt;b&gt;my&lt;/b&gt; order?');
      // A new chat after the end is a new conversation.
      const again = await ask<{ conversation: ConversationView }>(a.socket, 'chat:login', { name: 'Gil', email: 'gil@mail.example' });
      expect(again.conversation.id).not.toBe(a.conversation.id);
    });

    it('answers bad payloads with an error event and stays up', async () => {
      const a = await chattingVisitor('Hal');
      const errors: { code: string; event: string }[] = [];
      a.socket.on('chat:error', (e) => errors.push(e));
      const long = 'x'.repeat(5001);
      expect(await ask(a.socket, 'chat:send', { conversationId: a.conversation.id, clientId: 'h1', text: long })).toMatchObject({ ok: false, error: { code: 'too_long' } });
      expect((await ask(a.socket, 'chat:send', { conversationId: a.conversation.id, clientId: 'h2', text: 'x'.repeat(5000) })).ok).toBe(true);
      for (const payload of [null, 'text', 42, [], { conversationId: 'one', clientId: 'h3', text: 'x' }, { conversationId: -1 }, { conversationId: a.conversation.id, clientId: 'bad id with spaces', text: 'x' }]) {
        expect(await ask(a.socket, 'chat:send', payload), JSON.stringify(payload)).toMatchObject({ ok: false, error: { code: 'invalid' } });
      }
      expect(await ask(a.socket, 'chat:login', { name: '<script>', email: 'not-an-email' })).toMatchObject({ ok: false, error: { code: 'invalid', fields: { name: 'invalid_username', email: 'invalid_email' } } });
      a.socket.emit('chat:typing'); // no payload, no ack
      a.socket.emit('made:up', { a: 1 });
      await until(() => errors.some((e) => e.event === 'made:up') && errors.some((e) => e.event === 'chat:typing' && e.code === 'invalid'), 'error events');
      // A frame far over the limit closes that connection only.
      const b = await chattingVisitor('Ida');
      const closed = new Promise((r) => b.socket.once('disconnect', r));
      b.socket.emit('chat:send', { conversationId: b.conversation.id, clientId: 'i1', text: 'y'.repeat(200_000) });
      await closed;
      expect((await ask(a.socket, 'chat:since', { conversationId: a.conversation.id, after: 0 })).ok).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });

    it('limits events per socket', async () => {
      await saveChatSettings(t.services.db, { rateBurst: 5, ratePerSecond: 1 });
      try {
        const a = await chattingVisitor('Jo');
        const answers = await Promise.all(Array.from({ length: 12 }, () => ask(a.socket, 'chat:availability')));
        const limited = answers.filter((x) => !x.ok && x.error?.code === 'rate_limited');
        expect(limited.length).toBeGreaterThanOrEqual(5);
        expect(answers.filter((x) => x.ok).length).toBeLessThanOrEqual(7);
        // Operators answer many conversations: ten times the allowance.
        const o = track(await rawSocket(url, await (await operator(t.app)).token()));
        const staff = await Promise.all(Array.from({ length: 12 }, () => ask(o.socket, 'chat:availability')));
        expect(staff.every((x) => x.ok)).toBe(true);
      } finally {
        await saveChatSettings(t.services.db, { rateBurst: 30, ratePerSecond: 5 });
      }
    });

    it('takes offline messages over HTTP: CSRF, validation, stored, mailed to the shop, limited', async () => {
      await saveChatSettings(t.services.db, { offlineEmail: 'support@shop.example' });
      const c = await Client.start(t.app);
      const body = { name: 'Kim', email: 'kim@mail.example', message: 'Call me <please>', vendorId: 0, currentPage: '/contact' };
      const noCsrf = await t.app.inject({ method: 'POST', url: '/api/chat/offline', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      expect(noCsrf.statusCode).toBe(403);
      const bad = await c.request('POST', '/api/chat/offline', { ...body, email: 'nope', message: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toMatchObject({ email: 'invalid_email', message: 'field_empty' });
      const before = smtp.received.length;
      const ok = await c.request('POST', '/api/chat/offline', body);
      expect(ok.statusCode).toBe(201);
      expect(ok.json()).toMatchObject({ result: 'sent' });
      const mail = await smtp.waitFor(before);
      expect(mail.to).toEqual(['support@shop.example']);
      expect((await parseMail(mail.raw)).text).toContain('Call me <please>');
      const stored = await t.services.db.selectFrom('chat_offline_messages').selectAll().where('id', '=', ok.json().id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ name: 'Kim', current_page: '/contact', mail_sent: 1 });
      await c.request('POST', '/api/chat/offline', body);
      await c.request('POST', '/api/chat/offline', body);
      const limited = await c.request('POST', '/api/chat/offline', body);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });

    it('a signed-in shopper continues the same conversation on another device; a guest with the same e-mail does not', async () => {
      const phone = await operator(t.app, 'customer');
      const laptop = await Client.start(t.app);
      expect((await laptop.request('POST', '/api/account/login', { email: phone.user.email, password: 'operator-password-1' })).statusCode).toBe(200);
      laptop.csrf = (await laptop.request('GET', '/api/session')).json().csrfToken;
      const visitorToken = async (c: Client) => (await c.request('POST', '/api/chat/token', {})).json().token as string;

      const p = track(await rawSocket(url, await visitorToken(phone.client)));
      const login = await ask<{ conversation: ConversationView }>(p.socket, 'chat:login', { name: 'Gina', email: phone.user.email });
      expect(login.ok).toBe(true);
      expect((await ask(p.socket, 'chat:send', { conversationId: login.conversation.id, clientId: 'phone-1', text: 'From my phone' })).ok).toBe(true);

      // Another browser (its own chat cookie), the same account: the same visitor, the same conversation.
      const l = track(await rawSocket(url, await visitorToken(laptop)));
      expect(l.hello.me.id).toBe(p.hello.me.id);
      expect(l.hello.conversation?.id).toBe(login.conversation.id);
      const history = await ask<{ messages: ChatMessageView[] }>(l.socket, 'chat:since', { conversationId: login.conversation.id, after: 0 });
      expect(history.messages.map((m) => m.text)).toEqual(['From my phone']);
      const onPhone = next<ChatMessageView>(p.socket, 'chat:message', (m) => m.clientId === 'laptop-1');
      expect((await ask(l.socket, 'chat:send', { conversationId: login.conversation.id, clientId: 'laptop-1', text: 'Now on my laptop' })).ok).toBe(true);
      expect((await onPhone).text).toBe('Now on my laptop');
      // The rating from the laptop reaches the conversation begun on the phone.
      await ask(l.socket, 'chat:end', { conversationId: login.conversation.id });
      const rated = await laptop.request('POST', '/api/chat/evaluation', { conversationId: login.conversation.id, evaluation: 'good' });
      expect(rated.statusCode).toBe(200);

      // A guest typing the same e-mail address gets nothing of it.
      const guest = await visitor(t.app);
      const g = track(await rawSocket(url, await guest.token()));
      expect(g.hello.me.id).not.toBe(p.hello.me.id);
      expect(g.hello.conversation).toBeNull();
      expect(await ask(g.socket, 'chat:since', { conversationId: login.conversation.id, after: 0 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
      expect((await guest.client.request('POST', '/api/chat/evaluation', { conversationId: login.conversation.id, evaluation: 'bad' })).statusCode).toBe(404);
    });

    it('passes a conversation to another online operator who serves its vendor; the visitor is told, nothing is lost', async () => {
      const [a, b, c7] = [await operator(t.app), await operator(t.app), await operator(t.app)];
      await setOperatorVendor(t.services.db, c7.user, 7, 'Seven');
      const [as, bs, cs] = [track(await rawSocket(url, await a.token())), track(await rawSocket(url, await b.token())), track(await rawSocket(url, await c7.token()))];
      for (const o of [as, bs, cs]) expect((await ask(o.socket, 'op:status', { status: 'online' })).ok).toBe(true);
      try {
        const v = await chattingVisitor('Fenna');
        const id = v.conversation.id;
        expect((await ask(as.socket, 'op:accept', { conversationId: id })).ok).toBe(true);
        // Only the conversation's operator may pass it on.
        expect(await ask(bs.socket, 'op:transfer', { conversationId: id, operatorId: as.hello.me.id })).toMatchObject({ ok: false, error: { code: 'not_yours' } });
        expect(await ask(v.socket, 'op:transfer', { conversationId: id, operatorId: bs.hello.me.id })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
        const targets = (await ask<{ operators: { id: number; name: string }[] }>(as.socket, 'op:operators', { conversationId: id })).operators;
        expect(targets).toContainEqual({ id: bs.hello.me.id, name: b.user.name });
        expect(targets.map((o) => o.id)).not.toContain(as.hello.me.id);
        expect(targets.map((o) => o.id)).not.toContain(cs.hello.me.id);
        // Not to oneself, a vendor's operator who does not serve the shop's visitors, a visitor, or nobody.
        for (const to of [as.hello.me.id, cs.hello.me.id, v.hello.me.id, 999_999]) {
          expect(await ask(as.socket, 'op:transfer', { conversationId: id, operatorId: to }), String(to)).toMatchObject({ ok: false, error: { code: 'no_target' } });
        }
        expect(await ask(as.socket, 'op:transfer', { conversationId: id, operatorId: 'b' })).toMatchObject({ ok: false, error: { code: 'invalid' } });

        const told = next<ChatMessageView>(v.socket, 'chat:message', (m) => m.senderType === 'system');
        const handed = next<ConversationView>(bs.socket, 'chat:conversation', (c) => c.id === id && c.operatorId === bs.hello.me.id);
        const moved = await ask<{ conversation: ConversationView }>(as.socket, 'op:transfer', { conversationId: id, operatorId: bs.hello.me.id });
        expect(moved.conversation).toMatchObject({ operatorId: bs.hello.me.id, operatorName: b.user.name });
        expect((await told).text).toBe(`${a.user.name} has passed this chat to ${b.user.name}.`);
        await handed;
        // The new operator hears the visitor without joining by hand, and answers.
        const toB = next<ChatMessageView>(bs.socket, 'chat:message', (m) => m.senderType === 'visitor');
        await ask(v.socket, 'chat:send', { conversationId: id, clientId: 'fenna-1', text: 'Still there?' });
        expect((await toB).text).toBe('Still there?');
        expect(await ask(bs.socket, 'chat:send', { conversationId: id, clientId: 'b-1', text: 'Yes, I have taken over.' })).toMatchObject({ ok: true });
        expect(await ask(as.socket, 'op:transfer', { conversationId: id, operatorId: bs.hello.me.id })).toMatchObject({ ok: false, error: { code: 'not_yours' } });
        const all = await ask<{ messages: ChatMessageView[] }>(v.socket, 'chat:since', { conversationId: id, after: 0 });
        expect(all.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
      } finally {
        for (const o of [as, bs, cs]) await ask(o.socket, 'op:status', { status: 'offline' });
      }
    });
  });

  describe(`chat guest limit, same e-mail and cleanup (${dialect})`, () => {
    let t: TestApp;
    let url: string;
    const open: Socket[] = [];
    beforeAll(async () => {
      t = await createTestApp(dialect);
      url = await listen(t.app);
    });
    afterAll(async () => {
      for (const s of open) s.disconnect();
      await t.close();
    });
    const connect = async (v: { token(): Promise<string> }) => {
      const r = await rawSocket(url, await v.token());
      open.push(r.socket);
      return r;
    };

    it('keeps waiting visitors out while the guest limit is reached, never counting operators', async () => {
      await saveChatSettings(t.services.db, { guestLimit: 1 });
      const op = await operator(t.app);
      const o = await connect(op);
      await ask(o.socket, 'op:status', { status: 'online' });
      const a = await connect(await visitor(t.app));
      expect((await ask(a.socket, 'chat:login', { name: 'Lea', email: 'lea@mail.example' })).ok).toBe(true);
      const bv = await visitor(t.app);
      const b = await connect(bv);
      expect(await ask(b.socket, 'chat:login', { name: 'Max', email: 'max@mail.example' })).toMatchObject({ ok: false, error: { code: 'guest_limit' } });
      const row = await t.services.db.selectFrom('chat_users').select('status').where('email', '=', 'max@mail.example').executeTakeFirstOrThrow();
      expect(row.status).toBe('wait');
      // A slot frees up when Lea leaves; the poll's next try gets in.
      a.socket.disconnect();
      await until(async () => (await t.services.db.selectFrom('chat_users').select('status').where('email', '=', 'lea@mail.example').executeTakeFirstOrThrow()).status === 'offline', 'Lea offline');
      expect((await ask(b.socket, 'chat:login', { name: 'Max', email: 'max@mail.example' })).ok).toBe(true);
      await saveChatSettings(t.services.db, { guestLimit: 0 });
      const c = await connect(await visitor(t.app));
      expect((await ask(c.socket, 'chat:login', { name: 'Ned', email: 'ned@mail.example' })).ok).toBe(true);
    });

    it('spec §4 "closed when the visitor ends the chat … then goes offline": ending frees the guest slot at once, the waiting visitor gets in', async () => {
      // Visitors still chatting from the tests before hold their slots: one more is free.
      const { n } = await t.services.db.selectFrom('chat_users').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'visitor').where('status', '=', 'online').executeTakeFirstOrThrow();
      await saveChatSettings(t.services.db, { guestLimit: Number(n) + 1 });
      try {
        const a = await connect(await visitor(t.app));
        const lea = await ask<{ conversation: ConversationView }>(a.socket, 'chat:login', { name: 'Ida', email: 'ida@mail.example' });
        expect(lea.ok).toBe(true);
        const b = await connect(await visitor(t.app));
        expect(await ask(b.socket, 'chat:login', { name: 'Ole', email: 'ole@mail.example' })).toMatchObject({ ok: false, error: { code: 'guest_limit' } });
        // Ida ends the chat and keeps the page (her socket stays open): she is offline, the slot is free.
        expect((await ask(a.socket, 'chat:end', { conversationId: lea.conversation.id })).ok).toBe(true);
        const ida = await t.services.db.selectFrom('chat_users').select(['status', 'conversation_id', 'last_online']).where('email', '=', 'ida@mail.example').executeTakeFirstOrThrow();
        expect(ida).toMatchObject({ status: 'offline', conversation_id: null });
        expect(ida.last_online).not.toBeNull();
        expect((await ask(b.socket, 'chat:login', { name: 'Ole', email: 'ole@mail.example' })).ok).toBe(true);
        // Minimising (offline) frees a slot too: Ole minimises, a third visitor gets in.
        expect((await ask(b.socket, 'chat:status', { status: 'offline' })).ok).toBe(true);
        const c = await connect(await visitor(t.app));
        expect((await ask(c.socket, 'chat:login', { name: 'Pia', email: 'pia@mail.example' })).ok).toBe(true);
      } finally {
        await saveChatSettings(t.services.db, { guestLimit: 0 });
      }
    });

    it('spec §4 "operator records that go offline are removed together with their conversation"; the vendor stays with the account', async () => {
      const db = t.services.db;
      const op = await operator(t.app);
      await setOperatorVendor(db, op.user, 9, 'Nine');
      const o = await connect(op);
      await ask(o.socket, 'op:status', { status: 'online' });
      const v = await visitor(t.app, 9);
      const vs = await connect(v);
      const login = await ask<{ conversation: ConversationView }>(vs.socket, 'chat:login', { name: 'Uma', email: 'uma@mail.example' });
      expect((await ask(o.socket, 'op:accept', { conversationId: login.conversation.id })).ok).toBe(true);
      expect((await ask(vs.socket, 'chat:send', { conversationId: login.conversation.id, clientId: 'uma-1', text: 'Is the blue one in stock?' })).ok).toBe(true);
      const record = await db.selectFrom('chat_users').select('id').where('operator_user', '=', op.user.id).executeTakeFirstOrThrow();
      o.socket.disconnect();
      await until(async () => (await db.selectFrom('chat_users').select('status').where('id', '=', record.id).executeTakeFirstOrThrow()).status === 'offline', 'operator offline');
      // An hour on, the cleanup job's run (the visitor is still connected, so stays).
      const later = new Date(Date.now() + 3601_000);
      const connected = new Set([(await db.selectFrom('chat_users').select('id').where('email', '=', 'uma@mail.example').executeTakeFirstOrThrow()).id]);
      expect(await runChatCleanup(db, later, 3600, connected)).toMatchObject({ operators: 1, closed: 1 });
      expect(await db.selectFrom('chat_users').select('id').where('id', '=', record.id).executeTakeFirst()).toBeUndefined();
      expect(await db.selectFrom('chat_conversations').select(['status', 'operator_id']).where('id', '=', login.conversation.id).executeTakeFirstOrThrow()).toEqual({ status: 'closed', operator_id: null });
      // The transcript stays; the visitor is between conversations, offline.
      expect((await db.selectFrom('chat_messages').select('id').where('conversation_id', '=', login.conversation.id).execute()).length).toBeGreaterThan(0);
      expect(await db.selectFrom('chat_users').select(['status', 'conversation_id']).where('email', '=', 'uma@mail.example').executeTakeFirstOrThrow()).toEqual({ status: 'offline', conversation_id: null });
      // Signed in again, the operator still serves vendor 9 (a new record from the account's profile).
      const again = await connect(op);
      expect(again.hello.me).toMatchObject({ vendorId: 9 });
    });

    it('never tells whether an address is chatting: another visitor typing it gets a conversation of its own; only the signed-in owner hears "already chatting"', async () => {
      const first = await visitor(t.app);
      const a = await connect(first);
      const la = await ask<{ conversation: ConversationView }>(a.socket, 'chat:login', { name: 'Ola', email: 'ola@mail.example' });
      expect(la.ok).toBe(true);
      // Someone else types her address while she is online: the same answer as for any address, and not her chat.
      const b = await connect(await visitor(t.app));
      const lb = await ask<{ conversation: ConversationView }>(b.socket, 'chat:login', { name: 'Ola', email: 'OLA@mail.example' });
      expect(lb.ok, JSON.stringify(lb)).toBe(true);
      expect(lb.conversation.id).not.toBe(la.conversation.id);
      // The same browser again (another tab) is the same visitor: it resumes.
      const a2 = await connect(first);
      const again = await ask<{ conversation: ConversationView }>(a2.socket, 'chat:login', { name: 'Ola', email: 'ola@mail.example' });
      expect(again.conversation.id).toBe(la.conversation.id);

      // The account that owns an address is told when it is in use elsewhere (its own address, proven by signing in).
      const owner = await operator(t.app, 'customer');
      const ownerToken = async () => (await owner.client.request('POST', '/api/chat/token', {})).json().token as string;
      const guest = await connect(await visitor(t.app));
      expect((await ask(guest.socket, 'chat:login', { name: 'Someone', email: owner.user.email })).ok).toBe(true);
      const mine = await connect({ token: ownerToken });
      expect(await ask(mine.socket, 'chat:login', { name: 'Owner', email: owner.user.email })).toMatchObject({ ok: false, error: { code: 'already_logged' } });
      // Staff chatting from the shop's front with their own address may be let through by a setting.
      const staff = await operator(t.app);
      const staffToken = async () => (await staff.client.request('POST', '/api/chat/token', {})).json().token as string;
      const other = await connect(await visitor(t.app));
      expect((await ask(other.socket, 'chat:login', { name: 'Other', email: staff.user.email })).ok).toBe(true);
      const sv = await connect({ token: staffToken });
      expect(sv.hello.role).toBe('visitor');
      expect(await ask(sv.socket, 'chat:login', { name: 'Staff', email: staff.user.email })).toMatchObject({ ok: false, error: { code: 'already_logged' } });
      await saveChatSettings(t.services.db, { operatorBypassSameEmail: true });
      try {
        const sv2 = await connect({ token: staffToken });
        expect((await ask(sv2.socket, 'chat:login', { name: 'Staff', email: staff.user.email })).ok).toBe(true);
        sv2.socket.disconnect();
      } finally {
        await saveChatSettings(t.services.db, { operatorBypassSameEmail: false });
      }
      for (const x of [a, a2, b, guest, mine, other, sv]) x.socket.disconnect();
    });

    it('asks for name and e-mail while the login form is shown, and names visitors itself without it', async () => {
      const a = await connect(await visitor(t.app));
      expect(await ask(a.socket, 'chat:login', { name: ' ', email: '' })).toMatchObject({ ok: false, error: { code: 'field_empty', fields: { name: 'field_empty', email: 'field_empty' } } });
      await saveChatSettings(t.services.db, { displayLogin: false });
      try {
        const b = await connect(await visitor(t.app));
        expect(b.hello.settings.displayLogin).toBe(false);
        const guest = await ask<{ conversation: ConversationView; me: { name: string; email: string } }>(b.socket, 'chat:login', {});
        expect(guest.ok, JSON.stringify(guest)).toBe(true);
        expect(guest.me.name).toMatch(/^Guest-\d{4}$/);
        const n = Number(guest.me.name.slice('Guest-'.length));
        expect(n).toBeGreaterThanOrEqual(1000);
        expect(n).toBeLessThanOrEqual(5000);
        expect(guest.conversation).toMatchObject({ visitorName: guest.me.name, visitorEmail: '' });
        // With an address but no name: the part before the at-sign.
        const c = await connect(await visitor(t.app));
        const named = await ask<{ conversation: ConversationView }>(c.socket, 'chat:login', { email: 'rosa.luxe@mail.example' });
        expect(named.conversation.visitorName).toBe('rosa.luxe');
        // Two visitors without an address are never "the same e-mail".
        const d = await connect(await visitor(t.app));
        expect((await ask(d.socket, 'chat:login', {})).ok).toBe(true);
      } finally {
        await saveChatSettings(t.services.db, { displayLogin: true });
      }
    });

    it('removes stale visitors per the spec thresholds, and offline operators with their conversations', async () => {
      const db = t.services.db;
      const now = new Date('2030-01-01T12:00:00Z');
      const at = (s: number) => new Date(now.getTime() - s * 1000).toISOString();
      const mk = (email: string, status: 'online' | 'offline' | 'wait', last: string | null) =>
        db.insertInto('chat_users').values({ kind: 'visitor', visitor_key: email, user_id: null, operator_user: null, conversation_id: null, email, status, last_online: last, created_at: at(99_999) }).execute();
      await mk('off-old@x.example', 'offline', at(3600));
      await mk('off-new@x.example', 'offline', at(3599));
      await mk('wait-old@x.example', 'wait', at(7200));
      await mk('wait-new@x.example', 'wait', at(7199));
      await mk('wait-never@x.example', 'wait', null);
      await mk('online@x.example', 'online', at(99_999));
      await mk('off-connected@x.example', 'offline', at(99_999));
      await db.updateTable('chat_users').set({ status: 'online' }).where('email', 'not like', '%@x.example').execute();
      const connected = await db.selectFrom('chat_users').select('id').where('email', '=', 'off-connected@x.example').executeTakeFirstOrThrow();
      const op = await db
        .insertInto('chat_users')
        .values({ kind: 'operator', visitor_key: null, user_id: null, operator_user: null, conversation_id: null, email: 'gone-op@x.example', status: 'offline', last_online: at(3600), created_at: at(99_999) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const held = await db
        .insertInto('chat_conversations')
        .values({ visitor_id: null, operator_id: op.id, operator_name: 'Gone', created_at: at(5000), accepted_at: at(5000), closed_at: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(await runChatCleanup(db, now, 3600, new Set([connected.id]))).toMatchObject({ visitors: 3, operators: 1, closed: 1 });
      // The operator record goes with its conversation (closed; the transcript stays).
      expect(await db.selectFrom('chat_conversations').select(['operator_id', 'status']).where('id', '=', held.id).executeTakeFirstOrThrow()).toEqual({ operator_id: null, status: 'closed' });
      const left = (await db.selectFrom('chat_users').select('email').where('email', 'like', '%@x.example').orderBy('email').execute()).map((r) => r.email);
      expect(left).toEqual(['off-connected@x.example', 'off-new@x.example', 'online@x.example', 'wait-new@x.example']);
      // Forced (threshold 0): every offline or waiting visitor without a socket goes.
      await runChatCleanup(db, now, 0, new Set([connected.id]));
      const forced = (await db.selectFrom('chat_users').select('email').where('email', 'like', '%@x.example').orderBy('email').execute()).map((r) => r.email);
      expect(forced).toEqual(['off-connected@x.example', 'online@x.example']);
    });
  });
}
