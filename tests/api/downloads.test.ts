import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { mailsSettled } from '../../app/features/orders/emails.server.ts';
import { downloadPath } from '../../app/features/downloads/links.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { FORM, signIn, staffLogin, urlencoded } from '../helpers/admin-forms.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';

/*
 * Downloadable products end to end, through the real pages: the owner uploads a file to a
 * product (private storage, never under a public path) with a limit and an expiry; a shopper
 * buys it, the order is paid, My account → Downloads and the completed-order e-mail link to
 * it; the signed link gives the same bytes, counts and logs each download, and refuses a used
 * up, expired, altered or someone else's link; a refund takes the access away; staff grant
 * and revoke on the order page; only catalogue staff manage files, only order staff access.
 */

const BILLING = { first_name: 'Zoe', last_name: 'Ivanova', company: '', address_1: '1 Market St', address_2: '', city: 'Athens', state: '', postcode: '10558', country: 'GR', email: 'zoe@example.com', phone: '' };

for (const dialect of await dialects()) {
  describe(`downloadable products (${dialect})`, () => {
    let t: TestApp;
    let smtp: TestSmtpServer;
    let manager: Client;
    let editor: Client;
    let zoe: Client;
    let other: Client;
    let album: number;
    const track = randomBytes(70_000);

    /** A multipart post as a browser sends a form with a file. */
    async function multipart(c: Client, url: string, fields: Record<string, string>, file?: { field: string; name: string; bytes: Buffer }) {
      const fd = new FormData();
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      if (file) fd.append(file.field, new Blob([new Uint8Array(file.bytes)]), file.name);
      const req = new Request('http://x/', { method: 'POST', body: fd });
      const payload = Buffer.from(await req.arrayBuffer());
      return t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': req.headers.get('content-type')!, cookie: c.cookieHeader(), 'x-csrf-token': c.csrf } });
    }
    const form = (c: Client, url: string, fields: Record<string, string>) => c.request('POST', url, urlencoded(fields), FORM);
    async function order(by: Client, productId: number, payment = 'bacs', variationId?: number): Promise<number> {
      expect((await by.request('POST', '/api/cart/items', { productId, variationId, quantity: 1 })).statusCode).toBe(201);
      const res = await by.request('POST', '/api/checkout', { billing_address: { ...BILLING, email: by === zoe ? 'zoe@example.com' : 'other@example.com' }, payment_method: payment });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().order_id as number;
    }
    const setStatus = async (id: number, status: string) => expect((await form(manager, `/admin/orders/${id}`, { intent: 'status', status })).statusCode).toBe(200);
    /** The download links My account → Downloads shows, in its order. */
    async function pageLinks(c: Client): Promise<string[]> {
      const page = await c.request('GET', '/my-account/downloads');
      expect(page.statusCode).toBe(200);
      return [...page.body.matchAll(/href="(\/download\/\d+\?[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    }
    const db = () => t.services.db;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      t = await createTestApp(dialect, { pages: 'build', config: { smtpUrl: smtp.url, mailFrom: 'Shop <shop@test.example>' } });
      await saveSettings(db(), { storeName: 'Sound Shop', currency: 'EUR', storeUrl: 'https://sound.example' });
      album = (await createProduct(db(), { name: 'Woo Album', regular_price: 900, virtual: 1 })).id;
      manager = await staffLogin(t, 'shop_manager', 'shop.example');
      editor = await staffLogin(t, 'editor', 'shop.example');
      for (const c of [manager, editor]) c.csrf = (await c.request('GET', '/api/session')).json().csrfToken;
      zoe = (await signIn(t, 'zoe@example.com')).c;
      other = (await signIn(t, 'other@example.com')).c;
    }, 180_000);
    afterAll(async () => {
      await mailsSettled();
      await t?.close();
      await smtp?.close();
    });

    it('the owner uploads a file with a limit and an expiry; it is kept where no public path reaches', async () => {
      const added = await multipart(manager, '/admin/products/downloads', { product: String(album), intent: 'add', name: 'Track one' }, { field: 'file', name: 'track-1.flac', bytes: track });
      expect(added.statusCode, added.body).toBe(302);
      expect(added.headers.location).toBe(`/admin/products/${album}?downloads=added#downloads`);
      const saved = await form(manager, '/admin/products/downloads', { product: String(album), intent: 'settings', download_limit: '2', download_expiry: '3' });
      expect(saved.statusCode).toBe(302);
      // A bad limit names the field and changes nothing.
      const bad = await form(manager, '/admin/products/downloads', { product: String(album), intent: 'settings', download_limit: 'many', download_expiry: '' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('download_limit');
      const editorPage = await manager.request('GET', `/admin/products/${album}`);
      expect(editorPage.body).toContain('Track one');
      expect(editorPage.body).toContain('track-1.flac');
      expect(editorPage.body).toMatch(/id="download-limit"[^>]*value="2"/);
      const row = await db().selectFrom('product_downloads').selectAll().where('product_id', '=', album).executeTakeFirstOrThrow();
      expect(row.file_key).toMatch(/^downloads\//);
      const product = await db().selectFrom('products').select(['downloadable', 'download_limit', 'download_expiry']).where('id', '=', album).executeTakeFirstOrThrow();
      expect(product).toEqual({ downloadable: 1, download_limit: 2, download_expiry: 3 });
      // Not under /media, by any spelling of its key, nor in the served media folder.
      for (const url of [`/media/${row.file_key}`, `/media/private/${row.file_key}`, `/private/${row.file_key}`, `/${row.file_key}`, `/media/../private/${row.file_key}`]) {
        const res = await zoe.request('GET', url);
        expect(res.statusCode, url).toBe(404);
        expect(res.rawPayload.includes(track.subarray(0, 64))).toBe(false);
      }
      const media = await readdir(path.join(t.services.config.dataDir, 'media'), { recursive: true }).catch(() => [] as string[]);
      expect(media.some((f) => String(f).includes(path.basename(row.file_key!)))).toBe(false);
    });

    it('only catalogue staff add or remove files', async () => {
      const before = await db().selectFrom('product_downloads').select('id').execute();
      for (const c of [editor, zoe]) {
        const res = await multipart(c, '/admin/products/downloads', { product: String(album), intent: 'add', name: 'Sneaky' }, { field: 'file', name: 'x.bin', bytes: Buffer.from('x') });
        expect([302, 403, 404]).toContain(res.statusCode);
        if (res.statusCode === 302) expect(res.headers.location).toMatch(/login|\/admin$/);
        const gone = await form(c, '/admin/products/downloads', { product: String(album), intent: 'remove', file_id: String(before[0]!.id) });
        expect(gone.statusCode === 302 ? gone.headers.location : '').not.toContain('downloads=removed');
      }
      expect(await db().selectFrom('product_downloads').select('id').execute()).toEqual(before);
    });

    let orderId: number;
    let link: string;

    it('paying the order gives the download: listed in My account with what is left, linked in the completed-order e-mail', async () => {
      orderId = await order(zoe, album);
      // On hold (bank transfer): not paid yet, nothing to download.
      expect(await pageLinks(zoe)).toEqual([]);
      await setStatus(orderId, 'processing');
      const links = await pageLinks(zoe);
      expect(links).toHaveLength(1);
      link = links[0]!;
      const page = (await zoe.request('GET', '/my-account/downloads')).body;
      expect(page).toContain('Woo Album');
      expect(page).toContain('Track one');
      expect(page).toMatch(/<td>2<\/td>/);
      const mailsBefore = smtp.received.length;
      await setStatus(orderId, 'completed');
      await mailsSettled();
      const mails = await Promise.all(smtp.received.slice(mailsBefore).map((m) => parseMail(m.raw)));
      const completed = mails.find((m) => m.subject?.includes('is now complete'));
      expect(completed?.text).toContain('Downloads:');
      const mailed = /Woo Album — Track one: (https:\/\/sound\.example\/download\/\d+\?\S+)/.exec(completed!.text!)?.[1];
      expect(mailed).toBeTruthy();
      expect(completed!.html).toContain(`href="${mailed!.replace(/&/g, '&amp;')}"`);
      // Completing gave no second access.
      expect(await db().selectFrom('download_permissions').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
    });

    it('the link gives the same bytes, counts and logs each download, and refuses once the limit is reached', async () => {
      const first = await zoe.request('GET', link);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('application/octet-stream');
      expect(first.headers['content-disposition']).toContain('attachment; filename="track-1.flac"');
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(Buffer.compare(first.rawPayload, track)).toBe(0);
      expect((await zoe.request('GET', '/my-account/downloads')).body).toMatch(/<td>1<\/td>/);
      expect((await zoe.request('GET', link)).statusCode).toBe(200);
      const third = await zoe.request('GET', link);
      expect(third.statusCode).toBe(403);
      expect(third.body).toContain('You have used all the downloads allowed for this file.');
      expect(third.rawPayload.includes(track.subarray(0, 64))).toBe(false);
      const access = await db().selectFrom('download_permissions').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
      expect(access.download_count).toBe(2);
      expect(access.downloads_remaining).toBe(0);
      expect(await db().selectFrom('download_log').select('id').where('permission_id', '=', access.id).execute()).toHaveLength(2);
      // The page says so instead of a link.
      expect(await pageLinks(zoe)).toEqual([]);
      expect((await zoe.request('GET', '/my-account/downloads')).body).toContain('No downloads left');
    });

    it('an altered, guessed or expired link, another shopper and a signed-out visitor are refused', async () => {
      const access = await db().selectFrom('download_permissions').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
      await db().updateTable('download_permissions').set({ downloads_remaining: 5 }).where('id', '=', access.id).execute();
      const url = new URL(link, 'http://x');
      const sig = url.searchParams.get('sig')!;
      const altered = [
        `/download/${access.id}?expires=${url.searchParams.get('expires')}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
        `/download/${access.id}?expires=${Number(url.searchParams.get('expires')) + 1000}&sig=${sig}`,
        `/download/${access.id + 1}?expires=${url.searchParams.get('expires')}&sig=${sig}`,
        `/download/${access.id}`,
        `/download/${access.id}?expires=9999999999&sig=${'A'.repeat(43)}`,
      ];
      for (const bad of altered) {
        const res = await zoe.request('GET', bad);
        expect(res.statusCode, bad).toBe(404);
        expect(res.rawPayload.includes(track.subarray(0, 64))).toBe(false);
      }
      const expiredLink = downloadPath(t.services.config.sessionSecret, access.id, -60);
      const old = await zoe.request('GET', expiredLink);
      expect(old.statusCode).toBe(403);
      expect(old.body).toContain('This download link has expired');
      const theirs = await other.request('GET', link);
      expect(theirs.statusCode).toBe(403);
      expect(theirs.body).toContain('belongs to another account');
      const anonymous = await t.app.inject({ method: 'GET', url: link });
      expect(anonymous.statusCode).toBe(403);
      expect(anonymous.body).toContain('/account/login?redirect=');
      // Access past its expiry (as three days later): refused with the reason.
      await db().updateTable('download_permissions').set({ access_expires: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', access.id).execute();
      const late = await zoe.request('GET', link);
      expect(late.statusCode).toBe(403);
      expect(late.body).toContain('Access to this download has expired.');
      expect((await zoe.request('GET', '/my-account/downloads')).body).toContain('Expired');
      // None of these counted.
      expect((await db().selectFrom('download_permissions').select('download_count').where('id', '=', access.id).executeTakeFirstOrThrow()).download_count).toBe(2);
    });

    it('staff revoke and grant on the order page; a refund takes the access away', async () => {
      const id = await order(zoe, album, 'cod');
      // Cash on delivery: processing at once, so the access exists.
      const access = await db().selectFrom('download_permissions').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
      expect(access.downloads_remaining).toBe(2);
      expect(Date.parse(access.access_expires!)).toBeGreaterThan(Date.now() + 2.9 * 24 * 3600_000);
      const page = await manager.request('GET', `/admin/orders/${id}`);
      expect(page.body).toContain('Download access of this order');
      expect(page.body).toContain('Track one');
      const fresh = (await pageLinks(zoe))[0]!;
      expect((await zoe.request('GET', fresh)).statusCode).toBe(200);
      // Revoked by hand: the link stops working and the page no longer lists it.
      expect((await form(manager, `/admin/orders/${id}`, { intent: 'download-revoke', access: String(access.id) })).statusCode).toBe(200);
      const refused = await zoe.request('GET', fresh);
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('withdrawn');
      expect(await pageLinks(zoe)).toEqual([]);
      // Completing the order does not bring back what staff revoked.
      await setStatus(id, 'completed');
      expect((await zoe.request('GET', fresh)).statusCode).toBe(403);
      // Granted again by hand: works with a new limit.
      const granted = await form(manager, `/admin/orders/${id}`, { intent: 'download-grant', download: String(access.download_id) });
      expect(granted.statusCode).toBe(200);
      expect(granted.body).toContain('Download access granted.');
      const again = (await pageLinks(zoe))[0]!;
      expect((await zoe.request('GET', again)).statusCode).toBe(200);
      // A file of another product cannot be granted on this order.
      const stray = (await createProduct(db(), { name: 'Other', regular_price: 100, virtual: 1 })).id;
      const strayFile = await multipart(manager, '/admin/products/downloads', { product: String(stray), intent: 'add', name: 'Stray' }, { field: 'file', name: 's.bin', bytes: Buffer.from('stray') });
      expect(strayFile.statusCode).toBe(302);
      const strayId = (await db().selectFrom('product_downloads').select('id').where('product_id', '=', stray).executeTakeFirstOrThrow()).id;
      const wrong = await form(manager, `/admin/orders/${id}`, { intent: 'download-grant', download: String(strayId) });
      expect(wrong.statusCode).toBe(400);
      // Role: an editor sees no orders and changes no access.
      const editorTry = await form(editor, `/admin/orders/${id}`, { intent: 'download-revoke', access: String(access.id) });
      expect(editorTry.statusCode).not.toBe(200);
      expect(((await db().selectFrom('download_permissions').select('revoked_at').where('id', '=', access.id).executeTakeFirstOrThrow()).revoked_at)).toBeNull();
      // Refunded in full: access gone.
      const total = (await db().selectFrom('orders').select('total').where('id', '=', id).executeTakeFirstOrThrow()).total;
      const refund = await form(manager, `/admin/orders/${id}`, { intent: 'refund', refund_amount: (total / 100).toFixed(2), refund_reason: 'Changed mind' });
      expect(refund.statusCode, refund.body.slice(0, 500)).toBe(200);
      expect((await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('refunded');
      const afterRefund = await zoe.request('GET', again);
      expect(afterRefund.statusCode).toBe(403);
      expect(afterRefund.rawPayload.includes(Buffer.from('stray'))).toBe(false);
    });

    it('refunding the downloadable line in full takes its access away; the rest of the order keeps going', async () => {
      const mug = (await createProduct(db(), { name: 'Plain Mug', regular_price: 1200, virtual: 1 })).id;
      expect((await zoe.request('POST', '/api/cart/items', { productId: mug, quantity: 1 })).statusCode).toBe(201);
      const id = await order(zoe, album, 'cod');
      const access = await db().selectFrom('download_permissions').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow();
      expect(access.revoked_at).toBeNull();
      const line = await db().selectFrom('order_items').select('id').where('order_id', '=', id).where('product_id', '=', album).executeTakeFirstOrThrow();
      const refund = await form(manager, `/admin/orders/${id}`, { intent: 'refund', [`refund_qty_${line.id}`]: '1', refund_amount: '', refund_reason: '' });
      expect(refund.statusCode, refund.body.slice(0, 300)).toBe(200);
      expect((await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status).toBe('processing');
      const after = await db().selectFrom('download_permissions').selectAll().where('id', '=', access.id).executeTakeFirstOrThrow();
      expect(after.revoked_at).not.toBeNull();
      // Completing the rest of the order does not give it back.
      await setStatus(id, 'completed');
      expect((await db().selectFrom('download_permissions').select('revoked_at').where('id', '=', access.id).executeTakeFirstOrThrow()).revoked_at).not.toBeNull();
    });

    it("a WooCommerce import's download columns become the product's files (external links), kept across re-imports", async () => {
      const csv = [
        'Type,SKU,Name,Published,Regular price,Download limit,Download expiry days,Download 1 name,Download 1 URL,Download 2 name,Download 2 URL',
        '"simple, downloadable, virtual",woo-album,Imported Album,1,15,,,Single 1,https://files.example.com/single-1.zip,Single 2,https://files.example.com/single-2.zip',
      ].join('\n');
      const importCsv = async () => {
        const res = await multipart(manager, '/admin/import', { skipImages: 'on' }, { field: 'file', name: 'products.csv', bytes: Buffer.from(csv) });
        expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(400);
      };
      await importCsv();
      const imported = await db().selectFrom('products').select('id').where('sku', '=', 'woo-album').executeTakeFirstOrThrow();
      const editorPage = (await manager.request('GET', `/admin/products/${imported.id}`)).body;
      expect(editorPage).toContain('Single 1');
      expect(editorPage).toContain('https://files.example.com/single-2.zip');
      const id = await order(other, imported.id, 'cod');
      const links = await pageLinks(other);
      expect(links).toHaveLength(2);
      const page = (await other.request('GET', '/my-account/downloads')).body;
      expect(page).toContain('Single 1');
      expect(page).toContain('Unlimited');
      const res = await other.request('GET', links[0]!);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://files.example.com/single-1.zip');
      const before = await db().selectFrom('download_permissions').select(['id', 'download_count']).where('order_id', '=', id).orderBy('id').execute();
      expect(before.map((p) => p.download_count)).toEqual([1, 0]);
      // Imported again: the same files, the same accesses.
      await importCsv();
      expect(await db().selectFrom('download_permissions').select(['id', 'download_count']).where('order_id', '=', id).orderBy('id').execute()).toEqual(before);
      expect(await db().selectFrom('product_downloads').select('name').where('product_id', '=', imported.id).orderBy('id').execute()).toEqual([{ name: 'Single 1' }, { name: 'Single 2' }]);
    });

    it('a file given to one variation comes with that variation only: its buyer downloads it, the other variation\'s buyer gets nothing', async () => {
      const pack = (
        await createProduct(db(), {
          type: 'variable',
          name: 'Sample Pack',
          virtual: 1,
          attributes: [{ name: 'Format', options: ['WAV', 'MP3'], variation: 1 }],
          variations: [
            { attributes: { format: 'WAV' }, regular_price: 1500, virtual: 1 },
            { attributes: { format: 'MP3' }, regular_price: 900, virtual: 1 },
          ],
        })
      ).id;
      const vs = await db().selectFrom('product_variations').select(['id', 'regular_price']).where('product_id', '=', pack).execute();
      const wav = vs.find((v) => v.regular_price === 1500)!.id;
      const mp3 = vs.find((v) => v.regular_price === 900)!.id;
      const stems = randomBytes(20_000);
      const added = await multipart(manager, '/admin/products/downloads', { product: String(pack), intent: 'add', name: 'WAV stems', variation: String(wav) }, { field: 'file', name: 'stems.zip', bytes: stems });
      expect(added.statusCode, added.body).toBe(302);
      expect(await db().selectFrom('product_downloads').select(['variation_id', 'name']).where('product_id', '=', pack).execute()).toEqual([{ variation_id: wav, name: 'WAV stems' }]);

      const wavOrder = await order(zoe, pack, 'cod', wav);
      const mp3Order = await order(other, pack, 'cod', mp3);
      // Both paid (cash on delivery is processing at once); only the WAV order gives access.
      const access = await db().selectFrom('download_permissions').select(['id', 'order_id']).where('order_id', 'in', [wavOrder, mp3Order]).execute();
      expect(access.map((a) => a.order_id)).toEqual([wavOrder]);
      const zoePage = (await zoe.request('GET', '/my-account/downloads')).body;
      expect(zoePage).toContain('WAV stems');
      const wavLink = (await pageLinks(zoe)).find((l) => l.startsWith(`/download/${access[0]!.id}?`));
      expect(wavLink).toBeTruthy();
      const got = await zoe.request('GET', wavLink!);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-disposition']).toContain('filename="stems.zip"');
      expect(Buffer.compare(got.rawPayload, stems)).toBe(0);
      // The MP3 buyer: nothing listed, and the WAV buyer's link is not theirs.
      expect((await other.request('GET', '/my-account/downloads')).body).not.toContain('WAV stems');
      const refused = await other.request('GET', wavLink!);
      expect(refused.statusCode).toBe(403);
      expect(refused.rawPayload.includes(stems.subarray(0, 64))).toBe(false);
    });

    it('removing a file deletes it from private storage', async () => {
      const row = await db().selectFrom('product_downloads').select(['id', 'file_key']).where('product_id', '=', album).executeTakeFirstOrThrow();
      const res = await form(manager, '/admin/products/downloads', { product: String(album), intent: 'remove', file_id: String(row.id) });
      expect(res.headers.location).toContain('downloads=removed');
      const files = await readdir(path.join(t.services.config.dataDir, 'private'), { recursive: true });
      expect(files.some((f) => String(f).includes(path.basename(row.file_key!)))).toBe(false);
    });
  });
}
