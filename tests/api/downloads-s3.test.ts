import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { mediaStoreFor } from '../../app/lib/media-store.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { PASSWORD, staffLogin } from '../helpers/admin-forms.ts';
import { startS3, type TestS3 } from '../helpers/s3.ts';

/*
 * Downloadable files with the media store in an S3 bucket (every node shares it): the file
 * goes to the bucket under the private prefix, /media never serves it (by either spelling of
 * its key), and the buyer's signed link streams the same bytes from the bucket.
 */

const BILLING = { first_name: 'Sam', last_name: 'Bucket', company: '', address_1: '1 Quay', address_2: '', city: 'Leeds', state: '', postcode: 'LS1 4AP', country: 'GB', email: 'sam@example.com', phone: '' };

const [dialect] = await dialects();
describe(`downloadable files in an S3 bucket (${dialect})`, () => {
  let s3: TestS3;
  let t: TestApp;
  const prefix = 'shop-downloads';
  const bytes = randomBytes(40_000);

  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(dialect!, { pages: 'build', config: { mediaS3: s3.config(prefix) } });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores the file under the private prefix, never serves it under /media, and streams it to the buyer', async () => {
    const manager = await staffLogin(t, 'shop_manager', 'shop.example');
    manager.csrf = (await manager.request('GET', '/api/session')).json().csrfToken;
    const product = (await createProduct(t.services.db, { name: 'Field recordings', regular_price: 500, virtual: 1 })).id;
    const fd = new FormData();
    for (const [k, v] of Object.entries({ product: String(product), intent: 'add', name: 'Dawn chorus' })) fd.append(k, v);
    fd.append('file', new Blob([new Uint8Array(bytes)]), 'dawn.wav');
    const req = new Request('http://x/', { method: 'POST', body: fd });
    const added = await t.app.inject({
      method: 'POST',
      url: '/admin/products/downloads',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type')!, cookie: manager.cookieHeader(), 'x-csrf-token': manager.csrf },
    });
    expect(added.statusCode, added.body).toBe(302);
    const row = await t.services.db.selectFrom('product_downloads').select('file_key').where('product_id', '=', product).executeTakeFirstOrThrow();
    // In the bucket as <prefix>/private/<key>: the media store (which /media reads) sees it only under private/.
    expect((await mediaStoreFor(t.services.config).exists(`private/${row.file_key}`))).toBe(true);
    for (const url of [`/media/private/${row.file_key}`, `/media/${row.file_key}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }

    const buyer = await Client.start(t.app);
    await createUser(t.services, { email: 'sam@example.com', password: PASSWORD, name: 'Sam', role: 'customer' });
    expect((await buyer.request('POST', '/api/account/login', { email: 'sam@example.com', password: PASSWORD })).statusCode).toBe(200);
    buyer.csrf = (await buyer.request('GET', '/api/session')).json().csrfToken;
    expect((await buyer.request('POST', '/api/cart/items', { productId: product, quantity: 1 })).statusCode).toBe(201);
    const placed = await buyer.request('POST', '/api/checkout', { billing_address: BILLING, payment_method: 'cod' });
    expect(placed.statusCode, placed.body).toBe(200);
    const page = await buyer.request('GET', '/my-account/downloads');
    const link = /href="(\/download\/\d+\?[^"]+)"/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    const got = await buyer.request('GET', link);
    expect(got.statusCode).toBe(200);
    expect(Buffer.compare(got.rawPayload, bytes)).toBe(0);
    // Staff see it counted on the order page.
    const order = placed.json().order_id as number;
    const admin = await manager.request('GET', `/admin/orders/${order}`);
    expect(admin.body).toContain('Dawn chorus');
  });
});
