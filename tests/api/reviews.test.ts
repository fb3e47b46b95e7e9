import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../app/features/account/account.server.ts';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { createProduct } from '../../app/features/catalog/catalog-write.server.ts';
import { listAdminReviews, moderateReview } from '../../app/features/product/reviews-admin.server.ts';
import { REVIEW_POSTS_PER_WINDOW, loadReviews } from '../../app/features/product/reviews.server.ts';
import { Client, createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

// Every post comes from its own address (the app trusts X-Forwarded-For here), so the
// per-address rate limit only bites in the test about it.
let lastIp = 0;
const freshIp = () => `10.1.${Math.floor(++lastIp / 200)}.${(lastIp % 200) + 1}`;
let lastName = 0;

for (const dialect of await dialects()) {
  describe(`product reviews (${dialect})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(dialect, { config: { trustProxy: true } });
    });
    afterAll(() => t?.close());

    const db = () => t.services.db;
    const product = async (extra: Record<string, unknown> = {}) => (await createProduct(db(), { name: `Mug ${++lastName}`, regular_price: 1200, ...extra })).id;
    const guest = async () => Client.start(t.app);
    const post = (c: Client, productId: number | string, body: unknown, ip = freshIp()) =>
      c.request('POST', `/api/products/${productId}/reviews`, body, { 'x-forwarded-for': ip });
    const list = async (c: Client, productId: number, page?: number | string) =>
      (await c.request('GET', `/api/products/${productId}/reviews${page === undefined ? '' : `?page=${page}`}`)).json();
    const stored = (productId: number) => db().selectFrom('reviews').selectAll().where('product_id', '=', productId).orderBy('id').execute();
    const stats = (productId: number) =>
      db().selectFrom('products').select(['average_rating', 'review_count']).where('id', '=', productId).executeTakeFirstOrThrow();
    const review = (n: number, extra: Record<string, unknown> = {}) => ({ rating: 4, content: `Review number ${n}.`, author: `Guest ${n}`, email: `guest${n}@example.com`, ...extra });
    const signedIn = async (name: string) => {
      const email = `${name.toLowerCase()}-${++lastName}@example.com`;
      await createUser(t.services, { email, password: 'a long enough password', name });
      const c = await guest();
      expect((await c.request('POST', '/api/account/login', { email, password: 'a long enough password' })).statusCode).toBe(200);
      return { c, email };
    };

    it('keeps a guest review pending: stored, but neither shown nor counted', async () => {
      const id = await product();
      const c = await guest();
      const res = await post(c, id, review(1, { email: 'Ann@Example.COM', author: ' Ann ' }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'pending', message: 'Thank you. Your review is awaiting approval.', review: { author: 'Ann', rating: 4, pending: true } });
      expect(await stored(id)).toMatchObject([{ author: 'Ann', email: 'ann@example.com', user_id: null, status: 'pending', verified: 0 }]);
      expect(await list(await guest(), id)).toMatchObject({ reviews: [], total: 0, summary: { count: 0, average: 0 } });
      expect(await stats(id)).toEqual({ average_rating: 0, review_count: 0 });
    });

    it('files a signed-in review under the account, and shows it pending to its author only', async () => {
      const id = await product();
      const { c, email } = await signedIn('Bea');
      const res = await post(c, id, { rating: 5, content: 'Great mug.', author: 'Someone Else', email: 'other@example.com' });
      expect(res.statusCode).toBe(201);
      expect(await stored(id)).toMatchObject([{ author: 'Bea', email, status: 'pending', user_id: expect.any(Number) }]);
      expect((await list(c, id)).reviews).toMatchObject([{ author: 'Bea', content: 'Great mug.', pending: true }]);
      expect((await list(await guest(), id)).reviews).toEqual([]);
    });

    it('publishes on approval and keeps average and count in step through spam and delete', async () => {
      const id = await product();
      const c = await guest();
      for (const [n, rating] of [[1, 4], [2, 2], [3, 5]]) expect((await post(c, id, review(n, { rating }))).statusCode).toBe(201);
      const [a, b, d] = await stored(id);
      await moderateReview(db(), { intent: 'approve', id: String(a.id) });
      await moderateReview(db(), { intent: 'approve', id: b.id });
      expect(await stats(id)).toEqual({ average_rating: 3, review_count: 2 });
      const shown = await list(c, id);
      expect(shown.reviews.map((r: { author: string }) => r.author)).toEqual(['Guest 2', 'Guest 1']);
      expect(shown.summary).toEqual({ average: 3, count: 2, breakdown: [0, 1, 0, 1, 0] });

      await moderateReview(db(), { intent: 'spam', id: b.id });
      expect(await stats(id)).toEqual({ average_rating: 4, review_count: 1 });
      await moderateReview(db(), { intent: 'delete', id: a.id });
      expect(await stats(id)).toEqual({ average_rating: 0, review_count: 0 });
      expect((await stored(id)).map((r) => [r.author, r.status])).toEqual([['Guest 2', 'spam'], ['Guest 3', 'pending']]);
      expect((await listAdminReviews(db(), 'pending', 1)).reviews.some((r) => r.id === d.id)).toBe(true);
      await expect(moderateReview(db(), { intent: 'approve', id: a.id })).rejects.toMatchObject({ status: 404 });
      await expect(moderateReview(db(), { intent: 'publish', id: d.id })).rejects.toMatchObject({ status: 400 });
    });

    it('publishes at once when the store auto-approves', async () => {
      const id = await product();
      await saveSettings(db(), { reviewsAutoApprove: true });
      try {
        const res = await post(await guest(), id, review(1, { rating: 5 }));
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ status: 'approved', message: 'Thank you. Your review has been published.', summary: { count: 1, average: 5 } });
        expect(await stats(id)).toEqual({ average_rating: 5, review_count: 1 });
        expect((await list(await guest(), id)).reviews).toMatchObject([{ author: 'Guest 1', rating: 5, pending: false }]);
      } finally {
        await saveSettings(db(), { reviewsAutoApprove: false });
      }
    });

    it('refuses everyone but verified owners when the store asks for them (403), storing nothing', async () => {
      const id = await product();
      await saveSettings(db(), { reviewsVerifiedOnly: true });
      try {
        const res = await post(await guest(), id, review(1));
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toMatchObject({ code: 'verified_only', message: 'Only customers who have bought this product can review it.' });
        expect((await post((await signedIn('Cy')).c, id, { rating: 3, content: 'Fine.' })).statusCode).toBe(403);
        expect(await stored(id)).toEqual([]);
      } finally {
        await saveSettings(db(), { reviewsVerifiedOnly: false });
      }
    });

    it('lets buyers review when the store asks for verified owners, with the badge; unpaid orders do not count', async () => {
      // Virtual: nothing to ship, so no shipping zone is needed to buy it.
      const id = await product({ virtual: 1 });
      const buyer = await signedIn('Dee');
      // A real purchase: the signed-in shopper's cart, checked out with cash on delivery (processing).
      expect((await buyer.c.request('POST', '/api/cart/items', { productId: id, quantity: 1 })).statusCode).toBe(201);
      const address = { first_name: 'Dee', last_name: 'Buyer', company: '', address_1: '1 High St', address_2: '', city: 'London', state: '', postcode: 'SW1A 1AA', country: 'GB', email: buyer.email, phone: '' };
      const placed = await buyer.c.request('POST', '/api/checkout', { billing_address: address, payment_method: 'cod' });
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json().status).toBe('processing');
      // A guest who only left an unpaid bank-transfer order (on hold) is not an owner.
      const guestC = await guest();
      expect((await guestC.request('POST', '/api/cart/items', { productId: id, quantity: 1 })).statusCode).toBe(201);
      const onHold = await guestC.request('POST', '/api/checkout', { billing_address: { ...address, email: 'waiting@example.com' }, payment_method: 'bacs' });
      expect(onHold.json().status).toBe('on-hold');
      await saveSettings(db(), { reviewsVerifiedOnly: true, reviewsAutoApprove: true });
      try {
        expect((await post(guestC, id, review(77, { email: 'waiting@example.com' }))).statusCode).toBe(403);
        const res = await post(buyer.c, id, { rating: 5, content: 'Bought it, love it.' });
        expect(res.statusCode, res.body).toBe(201);
        const shown = await list(await guest(), id);
        expect(shown.reviews).toEqual([expect.objectContaining({ author: 'Dee', verified: true })]);
      } finally {
        await saveSettings(db(), { reviewsVerifiedOnly: false, reviewsAutoApprove: false });
      }
    });

    it('refuses bad input with 400 naming the field, and stores nothing', async () => {
      const id = await product();
      const c = await guest();
      const cases: [Record<string, unknown>, string][] = [
        [review(1, { rating: 0 }), 'rating'],
        [review(1, { rating: 6 }), 'rating'],
        [review(1, { rating: 3.5 }), 'rating'],
        [review(1, { rating: undefined }), 'rating'],
        [review(1, { content: '' }), 'content'],
        [review(1, { content: '   \n ' }), 'content'],
        [review(1, { content: 'x'.repeat(5001) }), 'content'],
        [review(1, { author: '' }), 'author'],
        [review(1, { email: undefined }), 'email'],
        [review(1, { email: 'not-an-address' }), 'email'],
      ];
      for (const [body, field] of cases) {
        const res = await post(c, id, body);
        expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.json().error.code).toBe('invalid');
        expect(Object.keys(res.json().error.fields)).toEqual([field]);
      }
      expect((await post(c, id, review(1, { email: ' ' }))).json().error.fields).toEqual({ email: 'Enter your e-mail address' });
      expect(Object.keys((await post(c, id, {})).json().error.fields).sort()).toEqual(['author', 'content', 'email', 'rating']);
      expect((await post(c, id, review(1, { content: 'x'.repeat(5000) }))).statusCode).toBe(201);
      expect(await stored(id)).toHaveLength(1);
    });

    it('refuses 10 MB of text with 413 before it reaches the database', async () => {
      const id = await product();
      const res = await post(await guest(), id, review(1, { content: 'x'.repeat(10 * 1024 * 1024) }));
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('too_large');
      expect(await stored(id)).toEqual([]);
    });

    it('keeps script tags as plain text', async () => {
      const id = await product();
      const content = '<script>alert("x")</script> <b>bold</b> & <img src=x onerror=alert(1)>';
      expect((await post(await guest(), id, review(1, { content, author: '<i>Eve</i>' }))).statusCode).toBe(201);
      await moderateReview(db(), { intent: 'approve', id: (await stored(id))[0].id });
      const res = await (await guest()).request('GET', `/api/products/${id}/reviews`);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().reviews).toMatchObject([{ content, author: '<i>Eve</i>' }]);
    });

    it('allows one review per shopper and product (409)', async () => {
      const id = await product();
      const c = await guest();
      expect((await post(c, id, review(1))).statusCode).toBe(201);
      const again = await post(c, id, review(1, { email: 'GUEST1@example.com', content: 'Second thoughts.' }));
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'duplicate_review', message: 'You have already reviewed this product.' });
      const { c: user } = await signedIn('Dee');
      expect((await post(user, id, { rating: 2, content: 'Meh.' })).statusCode).toBe(201);
      expect((await post(user, id, { rating: 5, content: 'Changed my mind.' })).statusCode).toBe(409);
      expect((await post(user, await product(), { rating: 5, content: 'Another mug.' })).statusCode).toBe(201);
      expect((await stored(id)).map((r) => r.content)).toEqual(['Review number 1.', 'Meh.']);

      const raced = await product();
      const answers = await Promise.all([1, 2, 3].map(() => post(c, raced, review(7))));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
      expect(await stored(raced)).toHaveLength(1);
    });

    it('refuses reviews on products that are closed to them (403) or not published (404)', async () => {
      const c = await guest();
      const closed = await product({ reviews_allowed: 0 });
      const res = await post(c, closed, review(1));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('reviews_closed');
      const draft = await product({ status: 'draft' });
      expect((await post(c, draft, review(2))).statusCode).toBe(404);
      expect((await c.request('GET', `/api/products/${draft}/reviews`)).statusCode).toBe(404);
      expect((await post(c, 999_999, review(3))).statusCode).toBe(404);
      expect((await post(c, 'mug', review(4))).statusCode).toBe(400);
      expect(await db().selectFrom('reviews').select('id').where('product_id', 'in', [closed, draft]).execute()).toEqual([]);
    });

    it('needs the CSRF token', async () => {
      const id = await product();
      const c = await guest();
      c.csrf = '';
      expect((await post(c, id, review(1))).statusCode).toBe(403);
      expect(await stored(id)).toEqual([]);
    });

    it(`limits each address to ${REVIEW_POSTS_PER_WINDOW} reviews per window (429)`, async () => {
      const ip = freshIp();
      const c = await guest();
      for (let n = 1; n <= REVIEW_POSTS_PER_WINDOW; n++) expect((await post(c, await product(), review(n), ip)).statusCode).toBe(201);
      const id = await product();
      const res = await post(c, id, review(99), ip);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(await stored(id)).toEqual([]);
      expect((await post(c, id, review(99))).statusCode).toBe(201);
    });

    it('pages reviews newest first, 10 to a page, for the API and the product page alike', async () => {
      const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
      const reviews = Array.from({ length: 23 }, (_, i) => ({ ...review(i + 1), rating: (i % 5) + 1, status: 'approved', created_at: day(i + 1) }));
      const id = await product({ reviews: [...reviews, { ...review(50), status: 'pending' }] });
      const c = await guest();
      const first = await list(c, id);
      expect(first).toMatchObject({ page: 1, pages: 3, total: 23, summary: { count: 23, breakdown: [5, 5, 5, 4, 4] } });
      expect(first.reviews.map((r: { author: string }) => r.author)).toEqual(Array.from({ length: 10 }, (_, i) => `Guest ${23 - i}`));
      const last = await list(c, id, 3);
      expect(last.reviews.map((r: { author: string }) => r.author)).toEqual(['Guest 3', 'Guest 2', 'Guest 1']);
      expect((await list(c, id, 99)).page).toBe(3);
      expect((await list(c, id, 'abc')).page).toBe(1);
      const forPage = await loadReviews(db(), id, 2);
      expect(forPage.initial).toEqual({ reviews: (await list(c, id, 2)).reviews, page: 2, pages: 3, total: 23 });
      expect(forPage.initial.reviews[0]).toMatchObject({ author: 'Guest 13', verified: false, pending: false });
      expect(forPage).toMatchObject({ open: true, verifiedOnly: false, summary: { count: 23 } });
    });
  });
}
