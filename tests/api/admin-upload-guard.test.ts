import { readFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

/*
 * Who may send a body to /admin is decided before the body is read. Each refused request
 * below declares a large body and sends only its first 64 KB, then waits: an answer can only
 * arrive if the server decided without the rest (a server that reads the body first would
 * never answer, and the test fails on its time limit).
 */

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const PASSWORD = 'a long enough password';
const BOUNDARY = '----vitrine-test-boundary';
const FIRST_CHUNK = 64 * 1024;
const ANSWER_WAIT_MS = 10_000;

interface PartialPost {
  status: number;
  headers: Record<string, string>;
  /** Body bytes sent before the answer came. */
  sent: number;
}

/** Declares `declared` body bytes, sends the first 64 KB, and waits for the answer without sending more. */
function postPartly(port: number, url: string, declared: number, headers: Record<string, string> = {}): Promise<PartialPost> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer to POST ${url} while its body was incomplete`));
    }, ANSWER_WAIT_MS);
    const head = [
      `POST ${url} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
      `Content-Length: ${declared}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      '',
      '',
    ].join('\r\n');
    const start = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const chunk = Buffer.concat([Buffer.from(start), Buffer.alloc(FIRST_CHUNK - start.length, 'a')]);
    socket.on('connect', () => {
      socket.write(head);
      socket.write(chunk);
    });
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      const end = answer.indexOf('\r\n\r\n');
      if (end < 0) return;
      clearTimeout(timer);
      socket.destroy();
      const [statusLine, ...lines] = answer.slice(0, end).split('\r\n');
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()])),
        sent: chunk.length,
      });
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

function multipart(fields: { name: string; value: string; filename?: string }[]): string {
  return (
    fields
      .map((f) =>
        f.filename
          ? `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: text/csv\r\n\r\n${f.value}\r\n`
          : `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${f.name}"\r\n\r\n${f.value}\r\n`,
      )
      .join('') + `--${BOUNDARY}--\r\n`
  );
}

for (const dialect of await dialects()) {
  describe(`admin uploads: authorisation before the body (${dialect})`, () => {
    let t: TestApp;
    let port = 0;
    const cookies = new Map<string, Record<string, string>>();

    beforeAll(async () => {
      t = await createTestApp(dialect, { pages: 'build' });
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
      for (const role of ['customer', 'editor', 'operator', 'admin'] as const) {
        await createUser(t.services, { email: `${role}@shop.example`, password: PASSWORD, role });
        const c = await Client.start(t.app);
        expect((await c.request('POST', '/api/account/login', { email: `${role}@shop.example`, password: PASSWORD })).statusCode).toBe(200);
        cookies.set(role, { Cookie: c.cookieHeader(), 'x-csrf-token': c.csrf });
      }
    }, 120_000);
    afterAll(() => t?.close());

    const SIXTY_MB = 60 * 1024 * 1024;

    it('sends a visitor to log in before reading a 60 MB upload to /admin/import', async () => {
      const res = await postPartly(port, '/admin/import', SIXTY_MB);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/account/login?redirect=%2Fadmin%2Fimport');
      expect(res.headers.connection).toBe('close');
      expect(res.sent).toBeLessThan(SIXTY_MB);
    });

    it('refuses customers and staff without the import role (403) before reading the upload, by any spelling of the path', async () => {
      for (const role of ['customer', 'editor', 'operator']) {
        for (const url of ['/admin/import', '/admin/import.data', '/ADMIN/Import', '/admin/import/', '/admin/%69mport']) {
          const res = await postPartly(port, url, role === 'customer' ? SIXTY_MB : 900 * 1024, cookies.get(role));
          expect(res.status, `${role} ${url}`).toBe(403);
          expect(res.headers.connection).toBe('close');
        }
      }
      const anonymous = await postPartly(port, '/admin/import.data', SIXTY_MB);
      expect(anonymous.status).toBe(403);
      // The tax-rate CSV upload: the same roles, the default limit.
      for (const role of ['customer', 'editor', 'operator']) {
        expect((await postPartly(port, '/admin/tax', 900 * 1024, cookies.get(role))).status, role).toBe(403);
      }
    });

    it('refuses a visitor and a customer before reading the body of any other admin form', async () => {
      for (const url of ['/admin/settings', '/admin/privacy', '/admin/orders/1', '/admin/coupons/new.data']) {
        expect((await postPartly(port, url, 900 * 1024, cookies.get('customer'))).status, url).toBe(403);
        const visitor = await postPartly(port, url, 900 * 1024);
        expect([303, 403], url).toContain(visitor.status);
      }
      expect(await t.services.db.selectFrom('products').select('id').execute()).toEqual([]);
    });

    it('an administrator still imports a catalog larger than the default body limit, with and without scripts', async () => {
      const csv = readFileSync(path.join(fixtures, 'woocommerce-products.csv'), 'utf8');
      const body = multipart([
        { name: 'file', value: csv, filename: 'products.csv' },
        { name: 'skipImages', value: 'on' },
        { name: 'note', value: 'x'.repeat(1_500_000) },
      ]);
      const login = cookies.get('admin')!;
      for (const url of ['/admin/import', '/admin/import.data']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie: login.Cookie, 'x-csrf-token': login['x-csrf-token'], 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          payload: body,
        });
        expect(res.statusCode, url).toBe(200);
      }
      const products = await t.services.db.selectFrom('products').select('sku').execute();
      expect(products.length).toBeGreaterThan(0);
    });
  });
}
