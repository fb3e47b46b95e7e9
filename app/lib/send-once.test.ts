import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newIdempotencyKey, sendOnce } from './send-once.ts';

/*
 * The browser side of Idempotency-Key against a real HTTP server that answers as a proxy
 * and a busy node would: one key per action, the same key for its repeats.
 */

describe('sendOnce', () => {
  let url = '';
  const seen: { path: string; key: string | undefined; body: string }[] = [];
  const plans = new Map<string, number[]>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const path = req.url ?? '/';
      seen.push({ path, key: req.headers['idempotency-key'] as string | undefined, body });
      const status = plans.get(path)?.shift() ?? 201;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(status === 409 ? { error: { code: path.includes('taken') ? 'email_taken' : 'idempotency_key_in_flight', message: '…' } } : { ok: status < 400 }));
    });
  });

  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const post = (path: string, key?: string) => sendOnce(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"productId":7}' }, key);

  it('repeats an action with the same key after a 502 and a 409 in flight, until it has an answer', async () => {
    plans.set('/a', [502, 409, 201]);
    const res = await post('/a');
    expect(res.status).toBe(201);
    const tries = seen.filter((s) => s.path === '/a');
    expect(tries).toHaveLength(3);
    expect(new Set(tries.map((t) => t.key)).size).toBe(1);
    expect(tries[0]!.key).toMatch(/^[\w.:-]{8,100}$/);
    expect(tries.every((t) => t.body === '{"productId":7}')).toBe(true);
  });

  it('a new action is a new key; an answer of its own (a 4xx, another 409) is not repeated', async () => {
    plans.set('/b', [201]);
    plans.set('/c', [201]);
    await post('/b');
    await post('/c');
    const [b, c] = [seen.find((s) => s.path === '/b')!, seen.find((s) => s.path === '/c')!];
    expect(b.key).not.toBe(c.key);
    plans.set('/taken', [409]);
    expect((await post('/taken')).status).toBe(409);
    plans.set('/bad', [400]);
    expect((await post('/bad')).status).toBe(400);
    expect(seen.filter((s) => s.path === '/taken' || s.path === '/bad')).toHaveLength(2);
  });

  it('keys are fresh and well-formed', () => {
    const keys = new Set(Array.from({ length: 200 }, newIdempotencyKey));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toMatch(/^[\w.:-]{8,100}$/);
  });
});
