import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConnection } from '../../app/features/chat/client/chat-connection.ts';
import type { ConversationView } from '../../app/features/chat/chat.schema.ts';
import { saveChatSettings } from '../../app/features/chat/chat-settings.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { connection, expectExactlyOnceInOrder, listen, operator, until, visitor } from '../helpers/chat.ts';

const N = 1000;
const MAX_DROPS = 60;
/** Waves of messages, each sent after a cut (N is a multiple of it). */
const BATCHES = 20;

for (const dialect of await dialects()) {
  describe(`chat delivery under dropped connections (${dialect})`, () => {
    let t: TestApp;
    let url: string;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      // This test is about loss, not about the per-socket limit.
      await saveChatSettings(t.services.db, { rateBurst: 100_000, ratePerSecond: 100_000 });
      url = await listen(t.app);
    });
    afterAll(async () => {
      await t.close();
    });

    it(`delivers ${N} messages each way exactly once and in order while connections are dropped at random`, async () => {
      const v = await visitor(t.app);
      const op = await operator(t.app);
      const vc = connection(url, v.token);
      const oc = connection(url, op.token);
      await Promise.all([vc.firstHello, oc.firstHello]);
      const login = await vc.conn.request<{ conversation: ConversationView }>('chat:login', { name: 'Pat', email: 'pat@mail.example' });
      if (!login.ok) throw new Error(JSON.stringify(login));
      const id = login.conversation.id;
      expect((await oc.conn.request('op:accept', { conversationId: id })).ok).toBe(true);
      vc.conn.follow(id);
      oc.conn.follow(id);

      // Chaos: every 40–120 ms one connection is cut, by the server (socket.disconnect()) or by
      // the client (its transport closed under it), up to MAX_DROPS times or until everything
      // is acknowledged.
      let drops = 0;
      let stop = false;
      let dropped: () => void = () => {};
      const nextDrop = () => new Promise<void>((r) => (dropped = r));
      const chaos = (async () => {
        const conns: ChatConnection[] = [vc.conn, oc.conn];
        while (!stop && drops < MAX_DROPS) {
          await new Promise((r) => setTimeout(r, 40 + Math.random() * 80));
          if (stop) break;
          if (Math.random() < 0.5) {
            const sockets = await t.app.chat.io.fetchSockets();
            if (sockets.length) {
              sockets[Math.floor(Math.random() * sockets.length)].disconnect(true);
              drops++;
              dropped();
            }
          } else {
            const c = conns[Math.floor(Math.random() * conns.length)];
            if (c.socket.connected) {
              c.socket.io.engine.close();
              drops++;
              dropped();
            }
          }
        }
      })();
      // The messages go in BATCHES waves, each after the next cut, so cuts fall among messages
      // in flight however fast the machine is.
      const acks: Promise<{ seq: number }>[] = [];
      for (let b = 0; b < BATCHES; b++) {
        if (b > 0) await nextDrop();
        for (let i = (b * N) / BATCHES; i < ((b + 1) * N) / BATCHES; i++) {
          acks.push(vc.conn.send(id, `v-${i}`).stored);
          acks.push(oc.conn.send(id, `o-${i}`).stored);
        }
      }
      const seqs = await Promise.all(acks);
      stop = true;
      await chaos;
      await until(() => vc.received.length >= 2 * N && oc.received.length >= 2 * N, 'everything delivered', 30_000);

      expect(new Set(seqs.map((s) => s.seq)).size).toBe(2 * N);
      expectExactlyOnceInOrder(vc.received, 2 * N, { v: N, o: N });
      expectExactlyOnceInOrder(oc.received, 2 * N, { v: N, o: N });
      const stored = await t.services.db.selectFrom('chat_messages').select(['seq']).where('conversation_id', '=', id).orderBy('seq').execute();
      expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: 2 * N }, (_, i) => i + 1));
      expect(drops).toBeGreaterThanOrEqual(10);
      console.log(`${dialect}: ${2 * N} messages through ${drops} dropped connections`);
      vc.conn.close();
      oc.conn.close();
    }, 60_000);
  });
}
