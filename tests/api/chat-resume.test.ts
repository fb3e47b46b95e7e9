import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { createTestApp, Client, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { startSmtpServer, parseMail, type TestSmtpServer } from '../helpers/smtp.ts';
import { FORM, urlencoded as form } from '../helpers/admin-forms.ts';
import { ask, listen, rawSocket, visitor } from '../helpers/chat.ts';
import type { ChatMessageView, ConversationView } from '../../app/features/chat/chat.schema.ts';

/*
 * A guest continues a chat on another device only through a link mailed to the address the
 * chat was started with: typing the address gets nowhere, the link works once, and the first
 * browser loses the conversation when it moves.
 */
for (const dialect of await dialects()) {
  describe(`continuing a chat on another device (${dialect})`, () => {
    let t: TestApp;
    let url: string;
    let smtp: TestSmtpServer;
    const open: Socket[] = [];

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { publicUrl: 'https://shop.example', smtpUrl: smtp.url } });
      url = await listen(t.app);
    });
    afterAll(async () => {
      for (const s of open) s.disconnect();
      await t?.close();
      await smtp?.close();
    });

    const connect = async (v: { token(): Promise<string> }) => {
      const r = await rawSocket(url, await v.token());
      open.push(r.socket);
      return r;
    };

    it('mails a single-use link to the chat’s address and moves the conversation to the browser that opens it', async () => {
      const phone = await visitor(t.app);
      const p = await connect(phone);
      const login = await ask<{ conversation: ConversationView }>(p.socket, 'chat:login', { name: 'Iris', email: 'iris@mail.example' });
      expect(login.ok).toBe(true);
      const conversationId = login.conversation.id;
      await ask(p.socket, 'chat:send', { conversationId, clientId: 'i1', text: 'Started on my phone' });

      // Another browser reaches nothing of hers (an address typed there starts a conversation of
      // its own: tests/api/chat.test.ts, "never tells whether an address is chatting").
      const laptop = await visitor(t.app);
      const l = await connect(laptop);
      expect(await ask(l.socket, 'chat:since', { conversationId, after: 0 })).toMatchObject({ ok: false, error: { code: 'not_found' } });

      const before = smtp.received.length;
      const asked = await laptop.client.request('POST', '/api/chat/resume', { email: 'IRIS@mail.example' });
      expect(asked.statusCode).toBe(202);
      expect(asked.json().message).toContain('iris@mail.example');
      const mail = await smtp.waitFor(before);
      expect(mail.to).toEqual(['iris@mail.example']);
      const text = (await parseMail(mail.raw)).text ?? '';
      const link = /https:\/\/shop\.example\/chat\/resume\?token=[\w-]+/.exec(text)?.[0];
      expect(link, text).toBeTruthy();
      const path = link!.slice('https://shop.example'.length);
      const token = new URL(link!).searchParams.get('token')!;

      // Opening the link (as a mail scanner would) changes nothing.
      const page = await laptop.client.request('GET', path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Continue the chat here');
      expect(page.headers['set-cookie'] ?? '').not.toContain('vt_chat=');

      const phoneGone = new Promise<string>((resolve) => p.socket.once('disconnect', resolve));
      const used = await laptop.client.request('POST', path, form({ token }), FORM);
      expect(used.statusCode).toBe(302);
      expect(used.headers.location).toBe('/#live-chat');
      expect(String(used.headers['set-cookie'])).toContain('vt_chat=');
      // The phone's sockets are closed by the server; its cookie no longer reaches the chat.
      expect(await phoneGone).toBe('io server disconnect');
      const phoneAgain = await connect(phone);
      expect(phoneAgain.hello.conversation).toBeNull();

      // The laptop is now where the chat is, with its history.
      const moved = await connect(laptop);
      expect(moved.hello.conversation?.id).toBe(conversationId);
      const history = await ask<{ messages: ChatMessageView[] }>(moved.socket, 'chat:since', { conversationId, after: 0 });
      expect(history.messages.map((m) => m.text)).toContain('Started on my phone');
      expect((await ask(moved.socket, 'chat:send', { conversationId, clientId: 'i2', text: 'Now on my laptop' })).ok).toBe(true);

      // Once only.
      const again = await (await Client.start(t.app)).request('POST', path, form({ token }), FORM);
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain('This link does not work any more');
      expect(String(again.headers['set-cookie'] ?? '')).not.toContain('vt_chat=');
    });

    it('answers the same for an address without a chat, sends nothing, and limits requests', async () => {
      const v = await visitor(t.app);
      const before = smtp.received.length;
      const res = await v.client.request('POST', '/api/chat/resume', { email: 'nobody@mail.example' });
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe('If a conversation is open under nobody@mail.example, we have sent a link there to continue it on this device.');
      expect((await v.client.request('POST', '/api/chat/resume', { email: 'not an address' })).statusCode).toBe(400);
      await v.client.request('POST', '/api/chat/resume', { email: 'nobody@mail.example' });
      await v.client.request('POST', '/api/chat/resume', { email: 'nobody@mail.example' });
      const limited = await v.client.request('POST', '/api/chat/resume', { email: 'nobody@mail.example' });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeTruthy();
      await new Promise((r) => setTimeout(r, 300));
      expect(smtp.received.length).toBe(before);
      // A made-up or malformed token is refused without a change.
      const page = await v.client.request('GET', '/chat/resume?token=' + 'A'.repeat(43));
      expect(page.body).toContain('This link does not work any more');
      const post = await v.client.request('POST', '/chat/resume', form({ token: '../../etc' }), FORM);
      expect(post.statusCode).toBe(200);
      expect(String(post.headers['set-cookie'] ?? '')).not.toContain('vt_chat=');
    });
  });
}
