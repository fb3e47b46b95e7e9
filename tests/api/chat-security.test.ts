import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { startSmtpServer, parseMail, type TestSmtpServer } from '../helpers/smtp.ts';
import { ask, listen, next, operator, rawSocket, until, visitor } from '../helpers/chat.ts';
import { CHAT_LIMITS } from '../../app/config/constants.ts';
import { changeRole } from '../../app/features/customers/customer-actions.server.ts';
import { saveChatSettings } from '../../app/features/chat/chat-settings.server.ts';
import { issueChatToken } from '../../app/features/chat/chat-token.server.ts';
import type { ConversationView } from '../../app/features/chat/chat.schema.ts';
import { checkTranscriptLink, redeemTranscriptLink } from '../../app/features/chat/chat-mail.server.ts';

/*
 * The chat's rights and allowances through the real server: roles read at every operator
 * event, a role change closing the account's sockets, allowances per visitor and per client
 * address across sockets, the transcript copy only to a proved address, and settings reaching
 * sockets already open.
 */

const SECRET = 'test-secret-that-is-at-least-32-characters-long';

for (const dialect of await dialects()) {
  describe(`chat security (${dialect})`, () => {
    let t: TestApp;
    let url: string;
    let smtp: TestSmtpServer;
    const open: Socket[] = [];
    const track = <T extends { socket: Socket }>(x: T) => (open.push(x.socket), x);
    const connect = async (token: string) => track(await rawSocket(url, token));
    const refusal = (token: string) => rawSocket(url, token).then(
      (r) => (open.push(r.socket), null),
      (err: Error & { data?: { code: string } }) => err.data?.code ?? err.message,
    );
    const closed = (socket: Socket) => (socket.disconnected ? Promise.resolve() : new Promise<void>((r) => socket.once('disconnect', () => r())));

    beforeAll(async () => {
      smtp = await startSmtpServer();
      // Behind a proxy: a request's X-Forwarded-For is its client address (one browser, many addresses).
      t = await createTestApp(dialect, { config: { smtpUrl: smtp.url, publicUrl: 'https://shop.example', trustProxy: true } });
      url = await listen(t.app);
    });
    afterAll(async () => {
      for (const s of open) s.disconnect();
      await t.close();
      await smtp.close();
    });

    async function chattingVisitor(name: string, email = `${name.toLowerCase()}@mail.example`) {
      const v = await visitor(t.app);
      const token = await v.token();
      const { socket } = await connect(token);
      const login = await ask<{ conversation: ConversationView }>(socket, 'chat:login', { name, email });
      expect(login.ok, JSON.stringify(login)).toBe(true);
      return { ...v, token, socket, conversation: login.conversation };
    }

    it('lets only the console’s roles operate, read at connect and at every event, not from the token', async () => {
      const v = await chattingVisitor('Vera');
      await ask(v.socket, 'chat:send', { conversationId: v.conversation.id, clientId: 'v1', text: 'my order number is 1234' });
      // An editor has staff pages but not the chat console: an operator token for them opens nothing.
      const editor = await operator(t.app, 'editor');
      expect(await refusal(issueChatToken(SECRET, { role: 'operator', userId: editor.user.id }).token)).toBe('unauthorized');

      // An operator whose role is taken away elsewhere (another process, the command line): the next event is refused and the socket closed.
      const op = await operator(t.app);
      const o = await connect(await op.token());
      expect((await ask(o.socket, 'op:queue')).ok).toBe(true);
      await t.services.db.updateTable('users').set({ role: 'editor' }).where('id', '=', op.user.id).execute();
      const gone = closed(o.socket);
      expect(await ask(o.socket, 'chat:join', { conversationId: v.conversation.id, after: 0 })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      await gone;
      expect(await refusal(issueChatToken(SECRET, { role: 'operator', userId: op.user.id }).token)).toBe('unauthorized');
    });

    it('closes an operator’s open sockets the moment an administrator changes their role', async () => {
      const admin = await operator(t.app, 'admin');
      const op = await operator(t.app);
      const token = await op.token();
      const [a, b] = [await connect(token), await connect(token)];
      expect((await ask(a.socket, 'op:queue')).ok).toBe(true);
      const gone = Promise.all([closed(a.socket), closed(b.socket)]);
      await changeRole(t.services, { id: admin.user.id, email: admin.user.email, name: admin.user.name, role: 'admin' }, op.user.id, { role: 'customer' });
      await gone;
      expect(await refusal(token)).toBe('unauthorized');
      // Promoted again: the console works again with a fresh connection.
      await changeRole(t.services, { id: admin.user.id, email: admin.user.email, name: admin.user.name, role: 'admin' }, op.user.id, { role: 'operator' });
      expect((await connect(token)).hello.role).toBe('operator');
    });

    it('counts one visitor’s messages over all their sockets, and their connections and logins', async () => {
      const v = await chattingVisitor('Many');
      const sockets = await Promise.all(Array.from({ length: 20 }, () => connect(v.token)));
      // 160 messages, each of the 20 sockets sending one at a time (8 each: well within every socket's own bucket).
      const started = Date.now();
      const answers = [];
      for (let k = 0; k < 8; k++) {
        answers.push(...(await Promise.all(sockets.map((s, i) => ask(s.socket, 'chat:send', { conversationId: v.conversation.id, clientId: `m${i}-${k}`, text: `message ${i}-${k}` })))));
      }
      const windows = Math.floor((Date.now() - started) / CHAT_LIMITS.messageWindowMs) + 1;
      const allowance = 30 + (5 * CHAT_LIMITS.messageWindowMs) / 1000; // the default settings' burst and refill
      const stored = await t.services.db.selectFrom('chat_messages').select('id').where('conversation_id', '=', v.conversation.id).execute();
      // No more than one visitor's allowance per window (a slow machine may take more than one window).
      expect(stored.length).toBeLessThanOrEqual(allowance * windows);
      expect(stored.length).toBeLessThan(160);
      expect(answers.filter((a) => a.ok).length).toBe(stored.length);
      expect(answers.filter((a) => !a.ok && a.error?.code === 'rate_limited').length).toBe(160 - stored.length);
      for (const s of sockets) s.socket.disconnect();

      // Connections: a visitor's reconnects and extra tabs, not hundreds a minute.
      // Each socket closes once connected: this counts connections made, not sockets held (below).
      const w = await visitor(t.app);
      const token = await w.token();
      const attempt = () => rawSocket(url, token).then((r) => (r.socket.disconnect(), null), (err: Error & { data?: { code: string } }) => err.data?.code ?? err.message);
      const results: (string | null)[] = [];
      for (let i = 0; i < CHAT_LIMITS.connectionsPerVisitor + 5; i += 13) {
        results.push(...(await Promise.all(Array.from({ length: Math.min(13, CHAT_LIMITS.connectionsPerVisitor + 5 - i) }, attempt))));
      }
      expect(results.filter((r) => r === null).length).toBe(CHAT_LIMITS.connectionsPerVisitor);
      expect(results.filter((r) => r === 'rate_limited').length).toBe(5);
      for (const s of open.splice(0)) s.disconnect();

      // Logins: the login form again and again from one visitor.
      const x = await visitor(t.app);
      const xs = await connect(await x.token());
      const logins = [];
      for (let i = 0; i < CHAT_LIMITS.loginsPerVisitor + 2; i++) logins.push(await ask(xs.socket, 'chat:login', { name: 'Lo', email: `lo${i}@mail.example` }));
      expect(logins.filter((l) => l.ok).length).toBe(CHAT_LIMITS.loginsPerVisitor);
      expect(logins.slice(CHAT_LIMITS.loginsPerVisitor).every((l) => l.error?.code === 'rate_limited')).toBe(true);
    });

    it('caps the sockets one visitor holds open at once; the open ones keep working and closing one frees a place', async () => {
      const v = await visitor(t.app);
      const token = await v.token();
      const sockets = [];
      for (let i = 0; i < CHAT_LIMITS.openSocketsPerVisitor; i++) sockets.push(await connect(token));
      const refused = await rawSocket(url, token).then(
        (r) => (open.push(r.socket), null),
        (err: Error & { data?: { code: string; message: string } }) => err.data,
      );
      expect(refused).toMatchObject({ code: 'too_many_sockets', message: expect.stringMatching(/too many windows/) });
      // Those already open are not disturbed.
      expect(sockets.every((s) => s.socket.connected)).toBe(true);
      expect((await ask(sockets[0]!.socket, 'chat:login', { name: 'Tabs', email: 'tabs@mail.example' })).ok).toBe(true);
      // One tab closed: a new one connects (once the server has seen it go).
      sockets[3]!.socket.disconnect();
      let again: string | null = 'not tried';
      await until(async () => {
        again = await refusal(token);
        if (again !== 'too_many_sockets') return true;
        await new Promise((r) => setTimeout(r, 250));
        return false;
      }, 'a place freed by the closed socket', 10_000);
      expect(again).toBeNull();
      // Full again.
      expect(await refusal(token)).toBe('too_many_sockets');
      for (const s of open.splice(0)) s.disconnect();
    });

    it('caps the visitors’ sockets open at once from one client address (a chat setting); staff are not counted', async () => {
      await saveChatSettings(t.services.db, { openSocketsPerClient: 3 });
      try {
        const from = { 'x-forwarded-for': '203.0.113.7' };
        const visitors = await Promise.all(Array.from({ length: 4 }, async () => (await visitor(t.app)).token()));
        const held = [];
        for (const token of visitors.slice(0, 3)) held.push(track(await rawSocket(url, token, from)));
        const fourth = () => rawSocket(url, visitors[3]!, from).then((r) => (open.push(r.socket), null), (err: Error & { data?: { code: string } }) => err.data?.code ?? err.message);
        expect(await fourth()).toBe('too_many_sockets');
        // The same visitor from elsewhere, and an operator from this address, connect.
        expect((await connect(visitors[3]!)).hello.role).toBe('visitor');
        const op = await operator(t.app);
        expect(track(await rawSocket(url, await op.token(), from)).hello.role).toBe('operator');
        held[0]!.socket.disconnect();
        let again: string | null = 'not tried';
        await until(async () => {
          again = await fourth();
          if (again !== 'too_many_sockets') return true;
          await new Promise((r) => setTimeout(r, 250));
          return false;
        }, 'a place freed at that address', 10_000);
        expect(again).toBeNull();
      } finally {
        await saveChatSettings(t.services.db, { openSocketsPerClient: CHAT_LIMITS.openSocketsPerClient });
        for (const s of open.splice(0)) s.disconnect();
      }
    });

    it('lets only the console’s roles past the same-address rule when the setting allows it, not every staff role', async () => {
      await saveChatSettings(t.services.db, { operatorBypassSameEmail: true });
      try {
        for (const [role, bypass] of [['editor', false], ['customer', false], ['operator', true], ['shop_manager', true]] as const) {
          const staff = await operator(t.app, role);
          // Someone else typed this account's address first and is chatting under it.
          const other = await connect(await (await visitor(t.app)).token());
          expect((await ask(other.socket, 'chat:login', { name: 'Other', email: staff.user.email })).ok).toBe(true);
          // The account, signed in, opens the shop's widget (a visitor token) with its own address.
          const mine = await connect((await staff.client.request('POST', '/api/chat/token', {})).json().token as string);
          expect(mine.hello.role).toBe('visitor');
          const login = await ask(mine.socket, 'chat:login', { name: 'Me', email: staff.user.email });
          if (bypass) expect(login.ok, `${role}: ${JSON.stringify(login)}`).toBe(true);
          else expect(login, role).toMatchObject({ ok: false, error: { code: 'already_logged' } });
        }
      } finally {
        await saveChatSettings(t.services.db, { operatorBypassSameEmail: false });
        for (const s of open.splice(0)) s.disconnect();
      }
    });

    it('limits offline messages per chat visitor too, whatever address and e-mail they come with', async () => {
      const v = await visitor(t.app);
      await v.token(); // sets the chat cookie
      const codes = [];
      for (let i = 0; i < CHAT_LIMITS.offlinePerVisitor + 1; i++) {
        const res = await v.client.request('POST', '/api/chat/offline', { name: 'Olly', email: `olly${i}@mail.example`, message: 'Are you open on Sunday?', vendorId: 0 }, { 'x-forwarded-for': `203.0.113.${i + 1}` });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([...Array(CHAT_LIMITS.offlinePerVisitor).fill(201), 429]);
    });

    it('mails the transcript only to a proved address: a guest’s gets one confirmation link without their text, the copy after it', async () => {
      const secret = 'zebra-7731 please relay this';
      const v = await chattingVisitor('Gus', 'gus@mail.example');
      await ask(v.socket, 'chat:send', { conversationId: v.conversation.id, clientId: 'g1', text: secret });
      await ask(v.socket, 'chat:end', { conversationId: v.conversation.id });
      const before = smtp.received.length;
      const first = await ask<{ copy: string }>(v.socket, 'chat:evaluate', { conversationId: v.conversation.id, evaluation: 'good', receiveCopy: true });
      expect(first).toMatchObject({ ok: true, copy: 'confirm' });
      await smtp.waitFor(before);
      const confirmation = await parseMail(smtp.received[before].raw);
      expect(smtp.received[before].to).toEqual(['gus@mail.example']);
      expect(confirmation.text).not.toContain('zebra-7731');
      expect(confirmation.text).not.toContain('Gus');
      // Asked again (socket or HTTP): nothing more is mailed for this conversation.
      expect(await ask(v.socket, 'chat:evaluate', { conversationId: v.conversation.id, evaluation: 'good', receiveCopy: true })).toMatchObject({ ok: true, copy: 'confirm' });
      const again = await v.client.request('POST', '/api/chat/evaluation', { conversationId: v.conversation.id, evaluation: 'good', receiveCopy: true });
      expect(again.json()).toMatchObject({ ok: true, copy: 'confirm' });
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.received.length).toBe(before + 1);

      // The link (from the mail) sends the copy, once.
      const token = /\/chat\/transcript\?token=([A-Za-z0-9_-]{43})/.exec(confirmation.text ?? '')?.[1];
      expect(token).toBeTruthy();
      expect(await checkTranscriptLink(t.services, token)).toBe(true);
      expect(await redeemTranscriptLink(t.services, token)).toBe(true);
      await smtp.waitFor(before + 1);
      const copy = await parseMail(smtp.received[before + 1].raw);
      expect(smtp.received[before + 1].to).toEqual(['gus@mail.example']);
      expect(copy.text).toContain('zebra-7731');
      expect(await redeemTranscriptLink(t.services, token)).toBe(false);
      expect(await checkTranscriptLink(t.services, token)).toBe(false);
    });

    it('sends a signed-in shopper’s copy to their own address at once, and a few copies a day per address and per client', async () => {
      const shopper = await operator(t.app, 'customer');
      const token = async () => (await shopper.client.request('POST', '/api/chat/token', {})).json().token as string;
      const before = smtp.received.length;
      const outcomes: string[] = [];
      // Each a new conversation of the same account, all from one client address.
      for (let i = 0; i < 6; i++) {
        const { socket } = await connect(await token());
        const login = await ask<{ conversation: ConversationView }>(socket, 'chat:login', { name: 'Sam', email: shopper.user.email });
        await ask(socket, 'chat:send', { conversationId: login.conversation.id, clientId: `s${i}`, text: `question ${i}` });
        await ask(socket, 'chat:end', { conversationId: login.conversation.id });
        outcomes.push((await ask<{ copy: string }>(socket, 'chat:evaluate', { conversationId: login.conversation.id, evaluation: 'good', receiveCopy: true })).copy);
        socket.disconnect();
      }
      expect(outcomes).toEqual([...Array(CHAT_LIMITS.transcriptsPerAddress).fill('sent'), ...Array(6 - CHAT_LIMITS.transcriptsPerAddress).fill('limited')]);
      await smtp.waitFor(before + CHAT_LIMITS.transcriptsPerAddress - 1);
      const mails = smtp.received.slice(before);
      expect(mails.every((m) => m.to.join() === shopper.user.email)).toBe(true);

      // Guests from the same client address, each with another address: the client's allowance ends it.
      const more: string[] = [];
      for (let i = 0; i < 4; i++) {
        const g = await chattingVisitor(`Guest${i}`, `guest${i}@mail.example`);
        await ask(g.socket, 'chat:end', { conversationId: g.conversation.id });
        more.push((await ask<{ copy: string }>(g.socket, 'chat:evaluate', { conversationId: g.conversation.id, evaluation: 'good', receiveCopy: true })).copy);
      }
      // The guest's confirmation in the test before came from this client address too.
      const left = CHAT_LIMITS.transcriptsPerClient - CHAT_LIMITS.transcriptsPerAddress - 1;
      expect(more).toEqual([...Array(left).fill('confirm'), ...Array(4 - left).fill('limited')]);
    });

    it('takes saved settings to sockets already open: visitors hear the new mode, operators announce it', async () => {
      const op = await operator(t.app);
      const o = await connect(await op.token());
      expect((await ask(o.socket, 'op:status', { status: 'online' })).ok).toBe(true);
      const v = await connect(await (await visitor(t.app)).token());
      expect(v.hello.mode).toBe('login');
      const heard = next<{ mode: string; settings?: { displayLogin: boolean } }>(v.socket, 'chat:availability', (p) => p.mode === 'online');
      await saveChatSettings(t.services.db, { displayLogin: false }, t.services.chat);
      try {
        expect((await heard).settings).toMatchObject({ displayLogin: false });
        // The operator connected before the change goes offline and online again: the visitor hears the new mode, not the old.
        expect((await ask(o.socket, 'op:status', { status: 'offline' })).ok).toBe(true);
        const back = next<{ mode: string }>(v.socket, 'chat:availability', (p) => p.mode !== 'offline');
        expect((await ask(o.socket, 'op:status', { status: 'online' })).ok).toBe(true);
        expect((await back).mode).toBe('online');
      } finally {
        await saveChatSettings(t.services.db, { displayLogin: true }, t.services.chat);
        await ask(o.socket, 'op:status', { status: 'offline' });
      }
    });
  });
}
