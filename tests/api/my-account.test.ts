import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, verifyPassword } from '../../app/features/account/account.server.ts';
import { erasurePreview, updateAccountDetails } from '../../app/features/account/customer.server.ts';
import { createSession, sessionUser } from '../../app/features/account/session.server.ts';
import { addressFromPost } from '../../app/features/checkout/address-form.server.ts';
import { lookUpOrder, TRACKING_LIMIT, TRACKING_NOT_FOUND } from '../../app/features/checkout/tracking.server.ts';
import { HttpError } from '../../app/lib/http-error.ts';
import type { SessionUser } from '../../app/lib/services.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

const password = 'correct horse battery';

/** The HttpError a call fails with (the test fails when it does not fail). */
async function refusal(p: Promise<unknown> | (() => unknown)): Promise<HttpError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

for (const dialect of await dialects()) {
  describe(`my account (${dialect})`, () => {
    let t: TestApp;
    let n = 0;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t?.close());

    const customer = (label = 'c'): Promise<SessionUser> => createUser(t.services, { email: `${label}${++n}@example.com`, password, name: 'Ada Lovelace' });

    async function orderFor(user: SessionUser | null, email: string) {
      const now = new Date().toISOString();
      const row = await t.services.db
        .insertInto('orders')
        .values({
          order_key: `key-${++n}-${Math.random()}`,
          user_id: user?.id ?? null,
          billing_email: email,
          billing: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Analytical St', city: 'London', postcode: 'SW1A 1AA', country: 'GB', email }),
          shipping: JSON.stringify({ first_name: 'Ada', last_name: 'Lovelace', address_1: '1 Analytical St', city: 'London', postcode: 'SW1A 1AA', country: 'GB' }),
          customer_note: 'Leave at the door',
          payment_method: 'bacs',
          payment_method_title: 'Direct bank transfer',
          currency: 'GBP',
          total: 1250,
          customer_ip: '203.0.113.9',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.services.db.insertInto('order_items').values({ order_id: row.id, name: 'Mug', quantity: 2, unit_price: 625, subtotal: 1250, total: 1250 }).execute();
      return row.id;
    }

    const userRow = (id: number) => t.services.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

    it('changes the name without the current password, but refuses an e-mail change without it', async () => {
      const user = await customer();
      const renamed = await updateAccountDetails(t.services, user, { name: 'Ada King', email: user.email });
      expect(renamed.user.name).toBe('Ada King');
      expect(renamed.token).toBeNull();

      const err = await refusal(updateAccountDetails(t.services, user, { name: 'Ada King', email: 'new@example.com' }));
      expect(err.status).toBe(400);
      expect(err.fields).toHaveProperty('current_password');
      expect((await userRow(user.id))!.email).toBe(user.email);
    });

    it('refuses a wrong current password and changes nothing', async () => {
      const user = await customer();
      const before = await userRow(user.id);
      const err = await refusal(updateAccountDetails(t.services, user, { name: 'X', email: user.email, current_password: 'not it at all', new_password: 'a brand new password' }));
      expect(err.code).toBe('wrong_password');
      expect(err.fields?.current_password).toBe('Your current password is incorrect.');
      const after = await userRow(user.id);
      expect(after!.password_hash).toBe(before!.password_hash);
      expect(after!.name).toBe('Ada Lovelace');
    });

    it('a new password needs the length rule, ends the other sessions and answers a fresh one', async () => {
      const user = await customer();
      const other = await createSession(t.services.db, user.id);
      const short = await refusal(updateAccountDetails(t.services, user, { name: 'Ada', email: user.email, current_password: password, new_password: 'short' }));
      expect(short.fields).toHaveProperty('new_password');

      const { token } = await updateAccountDetails(t.services, user, { name: 'Ada', email: user.email, current_password: password, new_password: 'a brand new password' });
      expect(token).toBeTruthy();
      expect(await sessionUser(t.services.db, other)).toBeNull();
      expect((await sessionUser(t.services.db, token!))?.id).toBe(user.id);
      // The new password is the one that works now, the old one no longer.
      const hash = (await userRow(user.id))!.password_hash;
      expect(await verifyPassword(hash, 'a brand new password')).toBe(true);
      expect(await verifyPassword(hash, password)).toBe(false);
    });

    it('refuses an e-mail address another account uses with 409', async () => {
      const a = await customer();
      const b = await customer();
      const err = await refusal(updateAccountDetails(t.services, b, { name: 'B', email: a.email.toUpperCase(), current_password: password }));
      expect(err.status).toBe(409);
      expect((await userRow(b.id))!.email).toBe(b.email);
    });

    it('reads an address from the form’s field names and normalises it for its country', () => {
      const us = { billing_first_name: 'Ada', billing_last_name: 'L', billing_address_1: '1 Main St', billing_city: 'Austin', billing_country: 'us', billing_state: 'Texas', billing_postcode: '73301', billing_email: 'Ada@Example.com' };
      expect(addressFromPost(us, 'billing')).toMatchObject({ country: 'US', state: 'TX', postcode: '73301', city: 'Austin', email: 'ada@example.com' });
      // Germany has no state field: a state sent anyway is dropped; shipping has no e-mail.
      const de = { shipping_first_name: 'Ada', shipping_last_name: 'L', shipping_address_1: 'Hauptstr. 1', shipping_city: 'Berlin', shipping_country: 'DE', shipping_postcode: '10115', shipping_state: 'Berlin', shipping_email: 'x@y.z' };
      expect(addressFromPost(de, 'shipping')).toMatchObject({ country: 'DE', state: '', email: '' });
    });

    it('refuses a bad postcode, a state not in the country and missing fields, with the form’s field names', async () => {
      const err = await refusal(() =>
        addressFromPost({ billing_first_name: 'Ada', billing_address_1: '1 Main', billing_city: 'Austin', billing_country: 'US', billing_state: 'ZZ', billing_postcode: 'ABC', billing_email: 'a@b.co' }, 'billing'),
      );
      expect(err.status).toBe(400);
      expect(Object.keys(err.fields ?? {})).toEqual(expect.arrayContaining(['billing_last_name', 'billing_state', 'billing_postcode']));
    });

    it('order tracking needs the number and the billing e-mail together, answers one not-found for any wrong pair, and is rate-limited', async () => {
      const id = await orderFor(null, 'tracker@example.com');
      const ip = `198.51.100.${++n % 250}`;
      const found = await lookUpOrder(t.services, ip, { orderid: `#${id}`, order_email: ' Tracker@Example.com ' });
      expect(found.id).toBe(id);
      expect(found.items.map((i) => i.name)).toEqual(['Mug']);
      const wrongEmail = await refusal(lookUpOrder(t.services, ip, { orderid: String(id), order_email: 'other@example.com' }));
      const wrongNumber = await refusal(lookUpOrder(t.services, ip, { orderid: String(id + 999), order_email: 'tracker@example.com' }));
      for (const e of [wrongEmail, wrongNumber]) {
        expect(e.status).toBe(404);
        expect(e.message).toBe(TRACKING_NOT_FOUND);
      }
      expect((await refusal(lookUpOrder(t.services, ip, { orderid: 'abc', order_email: 'x' }))).status).toBe(400);
      // Three look-ups counted so far (the malformed one is refused before counting).
      for (let i = 3; i < TRACKING_LIMIT; i++) await refusal(lookUpOrder(t.services, ip, { orderid: String(id), order_email: 'nope@example.com' }));
      const limited = await refusal(lookUpOrder(t.services, ip, { orderid: String(id), order_email: 'tracker@example.com' }));
      expect(limited.status).toBe(429);
      expect(limited.headers?.['retry-after']).toBeTruthy();
      // Another address is not affected.
      expect((await lookUpOrder(t.services, `203.0.113.${n % 250}`, { orderid: String(id), order_email: 'tracker@example.com' })).id).toBe(id);
    });

    it('the erasure preview counts the customer’s orders (own and as a guest with the same address) and refuses unknown addresses', async () => {
      const user = await customer();
      await orderFor(user, user.email);
      await orderFor(null, user.email);
      await orderFor(null, 'stranger@example.com');
      expect(await erasurePreview(t.services.db, user.email.toUpperCase())).toEqual({ userId: user.id, email: user.email, name: 'Ada Lovelace', role: 'customer', orders: 2 });
      expect((await refusal(erasurePreview(t.services.db, 'nobody@example.com'))).status).toBe(404);
      expect((await refusal(erasurePreview(t.services.db, 'not-an-address'))).status).toBe(400);
    });
  });
}
