import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestFreshness, type RequestFreshness } from '../db/freshness.ts';
import { registerRequestFreshness } from './context.ts';

/*
 * Each request's handler runs with its own freshness memo (db/freshness.ts), also after a
 * body was read (which happens in the socket's async context), and the memo is put aside
 * once the answer has gone.
 */
describe('request freshness scope', () => {
  it('is the request’s own in hooks and handlers, with or without a body, and ends with the answer', async () => {
    const app = Fastify();
    registerRequestFreshness(app);
    const seen: (RequestFreshness | undefined)[] = [];
    let later: Promise<RequestFreshness | undefined> | undefined;
    app.addHook('preHandler', async (request) => {
      expect(requestFreshness()).toBe(request.freshness);
    });
    app.post('/echo', async (request) => {
      seen.push(requestFreshness());
      // Work the request leaves running after its answer.
      later = new Promise((resolve) => setTimeout(() => resolve(requestFreshness()), 20));
      return { same: requestFreshness() === request.freshness };
    });
    app.get('/plain', async (request) => {
      seen.push(requestFreshness());
      return { same: requestFreshness() === request.freshness };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const posted = await fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ a: 'x'.repeat(100_000) }) });
      expect(await posted.json()).toEqual({ same: true });
      expect(await (await fetch(`${base}/plain`)).json()).toEqual({ same: true });
      expect(seen).toHaveLength(2);
      expect(seen[0]).toBeDefined();
      expect(seen[1]).toBeDefined();
      expect(seen[0]).not.toBe(seen[1]);
      expect(await later).toBeUndefined();
      expect(requestFreshness()).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
