import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { registerSmallBodyCompression, SMALL_BODY_MAX } from './small-bodies.ts';

/** Registered as the app registers it: the one-call path first, the plugin after it. */
describe('small answers compressed in one call', () => {
  let app: FastifyInstance;
  const record = (bytes: number) => ({ items: Array.from({ length: Math.ceil(bytes / 60) }, (_, i) => ({ id: i, name: `Line ${i}`, note: 'a line of a cart' })) });

  beforeAll(async () => {
    app = Fastify();
    registerSmallBodyCompression(app, 1024);
    await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
    app.get('/json', (request) => record(Number((request.query as { bytes: string }).bytes)));
    app.get('/varied', (_request, reply) => reply.header('vary', 'cookie').send(record(4000)));
    app.get('/events', (_request, reply) => reply.type('text/event-stream').send('data: x\n\n'.repeat(300)));
    app.get('/png', (_request, reply) => reply.type('image/png').send(Buffer.alloc(4000, 7)));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends a few-KB JSON answer as brotli, with its length, when the client takes brotli', async () => {
    const res = await get('/json?bytes=4000', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(record(4000));
    expect(res.rawPayload.length).toBeLessThan(1000);
  });

  it('uses gzip when brotli is not accepted or refused with q=0', async () => {
    for (const header of ['gzip', 'br;q=0, gzip;q=0.5']) {
      const res = await get('/json?bytes=4000', { 'accept-encoding': header });
      expect(res.headers['content-encoding'], header).toBe('gzip');
      expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(record(4000));
    }
  });

  it('leaves the answer plain without an accepted encoding, under the threshold, or when asked not to compress', async () => {
    for (const [url, headers] of [
      ['/json?bytes=4000', {}],
      ['/json?bytes=4000', { 'accept-encoding': 'identity' }],
      ['/json?bytes=4000', { 'accept-encoding': 'br;q=0, gzip;q=0' }],
      ['/json?bytes=4000', { 'accept-encoding': 'br', 'x-no-compression': '1' }],
      ['/json?bytes=300', { 'accept-encoding': 'br' }],
    ] as const) {
      const res = await get(url, headers);
      expect(res.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(res.json()).toEqual(record(Number(url.split('=')[1])));
    }
  });

  it('adds accept-encoding to a Vary the route set', async () => {
    const res = await get('/varied', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('cookie, accept-encoding');
  });

  it('leaves event streams and pictures alone', async () => {
    const events = await get('/events', { 'accept-encoding': 'br' });
    expect(events.headers['content-encoding']).toBeUndefined();
    const png = await get('/png', { 'accept-encoding': 'br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.rawPayload.equals(Buffer.alloc(4000, 7))).toBe(true);
  });

  it('leaves a larger answer to the streaming plugin, which still compresses it', async () => {
    const bytes = SMALL_BODY_MAX * 2;
    const res = await get(`/json?bytes=${bytes}`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    // The plugin streams: no length known up front.
    expect(res.headers['content-length']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(record(bytes));
  });
});
