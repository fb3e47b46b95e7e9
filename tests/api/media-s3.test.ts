import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { mediaRoot } from '../../app/lib/media.server.ts';
import { s3MediaStore } from '../../app/lib/media-store.server.ts';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../app/config/app-config.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { startS3, type TestS3 } from '../helpers/s3.ts';

/*
 * Pictures in an S3 bucket: an upload through the back office lands in the bucket, and a second
 * shop on the same database and bucket (its own, empty DATA_DIR) serves the same bytes at the
 * same /media/ address with the folder store's cache headers.
 */

const PASSWORD = 'a long enough password';
const SECRET = 'media-s3-secret-that-is-at-least-32-characters';

function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = '----media-s3-test';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

const png = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 90, b: 40 } } }).png().toBuffer();

for (const dialect of await dialects()) {
  describe(`media in an S3 bucket shared by two shops (${dialect})`, () => {
    let s3: TestS3;
    let a: TestApp;
    let b: FastifyInstance;
    let admin: Client;
    const prefix = `shop-${dialect}`;

    beforeAll(async () => {
      s3 = await startS3();
      a = await createTestApp(dialect, { pages: 'build', config: { mediaS3: s3.config(prefix) } });
      const config = loadConfig(
        { NODE_ENV: 'test', LOG_LEVEL: 'warn', ...s3.env(prefix) },
        { databaseUrl: a.database.url, dataDir: path.join(a.database.dataDir, 'node-b'), sessionSecret: SECRET, seedDemo: false },
      );
      b = await buildApp(config, { pages: false });
      await b.ready();
      admin = await Client.start(a.app);
      await createUser(a.services, { email: 'admin@shop.example', password: PASSWORD, name: 'Admin', role: 'admin' });
      expect((await admin.request('POST', '/api/account/login', { email: 'admin@shop.example', password: PASSWORD })).statusCode).toBe(200);
    }, 120_000);
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await s3?.close();
    });

    it('stores an uploaded product picture in the bucket; the other shop serves its every width', async () => {
      const m = multipart([
        { name: '_csrf', value: admin.csrf },
        { name: 'alt', value: 'A rust-red square' },
        { name: 'files', value: await png(700, 500), filename: 'Rust Square.png', type: 'image/png' },
      ]);
      const res = await a.app.inject({ method: 'POST', url: '/admin/products/images.json', headers: { cookie: admin.cookieHeader(), 'x-csrf-token': admin.csrf, 'content-type': m.type }, payload: m.body });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const [image] = res.json().images as { id: number; path: string; widths: string }[];
      expect(image.path).toMatch(/^uploads\/\d{4}-\d{2}\/rust-square-[0-9a-f]{8}$/);
      const widths = JSON.parse(image.widths) as number[];
      expect(widths).toEqual([150, 300, 600]);

      // In the bucket, under the prefix; nothing in either shop's folder.
      const bucket = s3MediaStore(s3.config(prefix));
      for (const w of widths) expect(await bucket.exists(`${image.path}-${w}.webp`)).toBe(true);
      expect(existsSync(path.join(mediaRoot(a.services.config.dataDir), 'uploads'))).toBe(false);
      expect(existsSync(path.join(mediaRoot(b.services.config.dataDir), 'uploads'))).toBe(false);

      for (const w of widths) {
        const url = `/media/${image.path}-${w}.webp`;
        const [fromA, fromB] = [await a.app.inject(url), await b.inject(url)];
        for (const r of [fromA, fromB]) {
          expect(r.statusCode, url).toBe(200);
          expect(r.headers['content-type']).toBe('image/webp');
          expect(r.headers['cache-control']).toBe('public, max-age=2592000');
          expect(r.headers['set-cookie']).toBeUndefined();
          expect(Number(r.headers['content-length'])).toBe(r.rawPayload.length);
        }
        expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
        expect((await sharp(fromB.rawPayload).metadata()).width).toBe(w);
      }
      // The product editor's picture list (the same rows, read on the other shop) links what it serves.
      const row = await b.services.db.selectFrom('media').select(['path', 'alt']).where('id', '=', image.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ path: image.path, alt: 'A rust-red square' });
    });

    it('answers HEAD, a byte range, a revalidation and absent or impossible names as a static file would', async () => {
      await s3MediaStore(s3.config(prefix)).put('demo/ranged-150.webp', Buffer.from('0123456789'), 'image/webp');
      const url = '/media/demo/ranged-150.webp';
      const head = await b.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe('10');
      expect(head.rawPayload.length).toBe(0);
      const part = await b.inject({ url, headers: { range: 'bytes=2-5' } });
      expect([part.statusCode, part.body, part.headers['content-range']]).toEqual([206, '2345', 'bytes 2-5/10']);
      const tail = await b.inject({ url, headers: { range: 'bytes=-3' } });
      expect([tail.statusCode, tail.body, tail.headers['content-range']]).toEqual([206, '789', 'bytes 7-9/10']);
      const past = await b.inject({ url, headers: { range: 'bytes=20-' } });
      expect([past.statusCode, past.headers['content-range']]).toEqual([416, 'bytes */10']);
      const whole = await b.inject(url);
      expect(whole.headers.etag).toBeTruthy();
      const again = await b.inject({ url, headers: { 'if-none-match': String(whole.headers.etag) } });
      expect(again.statusCode).toBe(304);
      for (const missing of ['/media/demo/none-150.webp', '/media/demo/../../etc/passwd', '/media/Demo/X.webp', '/media/']) {
        const r = await b.inject(missing);
        expect(r.statusCode, missing).toBe(404);
        expect(r.headers['set-cookie']).toBeUndefined();
      }
    });
  });
}
