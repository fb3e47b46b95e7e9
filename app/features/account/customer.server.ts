import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { hashPassword, verifyPassword } from './account.server.ts';
import { emailSchema, nameSchema, passwordSchema } from './account.schema.ts';
import { destroyUserSessions, createSession } from './session.server.ts';

/*
 * What a signed-in customer changes about themselves in My account: name, e-mail and
 * password (both guarded by the current password). It takes the session's user: nobody
 * reaches another account through it. Addresses, data export and erasure live with the
 * orders (address/customer-addresses.server.ts, orders/privacy.server.ts).
 */

export const accountDetailsSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  current_password: z.string().max(200).default(''),
  new_password: z.union([z.literal(''), passwordSchema]).default(''),
});

const wrongPassword = () =>
  new HttpError(400, 'wrong_password', 'Your current password is incorrect.', { current_password: 'Your current password is incorrect.' });

/**
 * Saves name, e-mail and (optionally) a new password. Changing the e-mail or the password
 * needs the current password; a new password ends every other session and answers a fresh
 * session token for this browser.
 */
export async function updateAccountDetails(
  services: Services,
  user: SessionUser,
  input: unknown,
): Promise<{ user: SessionUser; token: string | null }> {
  const data = parseInput(accountDetailsSchema, input);
  const row = await services.db.selectFrom('users').select(['password_hash', 'email']).where('id', '=', user.id).executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_found', 'This account no longer exists.');
  const sensitive = data.new_password !== '' || data.email !== row.email;
  if (sensitive) {
    if (!data.current_password) {
      throw new HttpError(400, 'current_password_required', 'Enter your current password to change your e-mail address or password.', {
        current_password: 'Enter your current password.',
      });
    }
    if (!(await verifyPassword(row.password_hash, data.current_password))) throw wrongPassword();
  }
  if (data.email !== row.email) {
    const taken = await services.db.selectFrom('users').select('id').where('email', '=', data.email).where('id', '!=', user.id).executeTakeFirst();
    if (taken) {
      throw new HttpError(409, 'email_taken', 'An account with this e-mail address already exists.', { email: 'An account with this e-mail address already exists.' });
    }
  }
  const password_hash = data.new_password ? await hashPassword(data.new_password) : undefined;
  return services.db.transaction().execute(async (trx) => {
    let updated;
    try {
      updated = await trx
        .updateTable('users')
        .set({ name: data.name, email: data.email, updated_at: nowIso(), ...(password_hash ? { password_hash } : {}) })
        .where('id', '=', user.id)
        .returning(['id', 'email', 'name', 'role'])
        .executeTakeFirstOrThrow();
    } catch (err) {
      if (/unique|duplicate/i.test(String(err))) {
        throw new HttpError(409, 'email_taken', 'An account with this e-mail address already exists.', { email: 'An account with this e-mail address already exists.' });
      }
      throw err;
    }
    let token: string | null = null;
    if (password_hash) {
      await destroyUserSessions(trx, user.id);
      token = await createSession(trx, user.id);
    }
    return { user: { ...user, email: updated.email, name: updated.name }, token };
  });
}

/**
 * What erasing a customer would touch, for the admin's confirm step (the erasure itself is
 * `eraseCustomer` in orders/privacy.server.ts). 404 when no account uses the address.
 */
export async function erasurePreview(db: DB, email: string): Promise<{ userId: number; email: string; name: string; role: string; orders: number }> {
  const address = parseInput(z.object({ email: emailSchema }), { email }).email;
  const user = await db.selectFrom('users').select(['id', 'name', 'role']).where('email', '=', address).executeTakeFirst();
  if (!user) throw new HttpError(404, 'not_found', 'No customer account uses this e-mail address.', { email: 'No account uses this address.' });
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('user_id', '=', user.id), eb('billing_email', '=', address)]))
    .executeTakeFirstOrThrow();
  return { userId: user.id, email: address, name: user.name, role: user.role, orders: Number(row.n) };
}
