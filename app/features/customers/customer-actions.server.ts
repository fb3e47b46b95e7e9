import { sql } from 'kysely';
import { isPostgres } from '../../../db/dialect.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Services, SessionUser } from '../../lib/services.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { mailResetLink, resetMailAllowance } from '../account/account.server.ts';
import type { Role } from '../../lib/roles.ts';
import { NO_ORIGIN_MESSAGE } from '../settings/origin.server.ts';
import { eraseCustomer } from '../orders/privacy.server.ts';
import { withTransaction } from '../orders/transaction.server.ts';
import { roleChangeSchema } from './customers.schema.ts';

/*
 * What the back office does to one account: a password-reset e-mail (the shop's own reset
 * flow), a role change (administrators; never one's own role, never the last administrator)
 * and deletion, which is the privacy tool's erasure (customers only; orders kept, anonymised).
 */

const notFound = () => new HttpError(404, 'not_found', 'This account no longer exists.');

/** Any fixed number: names the advisory lock that serialises role changes on PostgreSQL. */
const ROLE_LOCK_ID = 7_411_019;

/**
 * Gives an account another role. In one transaction that role changes queue on (SQLite has
 * one writer; PostgreSQL takes an advisory lock), it checks that the caller is still an
 * administrator, changes the role and counts the administrators left: none left undoes it.
 * So two administrators demoting each other at the same moment cannot leave the shop without one.
 * Once committed, the account's chat sockets are closed (their rights came from the old role).
 */
export async function changeRole(services: Pick<Services, 'db' | 'chat'>, actor: SessionUser, userId: number, input: unknown): Promise<{ email: string; role: Role; changed: boolean }> {
  const { role } = parseInput(roleChangeSchema, input);
  if (userId === actor.id) {
    throw new HttpError(409, 'own_role', 'You cannot change your own role: ask another administrator.', { role: 'You cannot change your own role.' });
  }
  const result = await withTransaction(services.db, async (trx) => {
    if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${ROLE_LOCK_ID})`.execute(trx);
    const me = await trx.selectFrom('users').select('role').where('id', '=', actor.id).executeTakeFirst();
    if (me?.role !== 'admin') throw new HttpError(403, 'forbidden', 'Only administrators change roles.');
    const target = await trx.selectFrom('users').select(['email', 'role']).where('id', '=', userId).executeTakeFirst();
    if (!target) throw notFound();
    if (target.role === role) return { email: target.email, role, changed: false };
    await trx.updateTable('users').set({ role, updated_at: nowIso() }).where('id', '=', userId).execute();
    const admins = await trx.selectFrom('users').select((eb) => eb.fn.countAll<number | string>().as('n')).where('role', '=', 'admin').executeTakeFirstOrThrow();
    if (Number(admins.n) === 0) {
      throw new HttpError(409, 'last_admin', 'The shop must keep at least one administrator.', { role: 'This is the last administrator.' });
    }
    return { email: target.email, role, changed: true };
  });
  // Open chat sockets act with the rights they had: closed on every node, they reconnect with the new role's.
  if (result.changed) await services.chat?.disconnectAccount(userId).catch(() => undefined);
  return result;
}

/**
 * Mails the account a password-reset link through the shop's reset flow (same token, expiry
 * and message as the shopper's own request). Counts against the same per-address limit.
 */
export async function sendPasswordReset(services: Services, userId: number, requestOrigin: string | null): Promise<{ email: string }> {
  const user = await services.db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound();
  const wait = await resetMailAllowance(services, user.email);
  if (wait > 0) {
    throw new HttpError(429, 'rate_limited', `Enough reset e-mails went to this address lately. Try again in ${Math.ceil(wait / 60)} minutes.`, undefined, { 'retry-after': String(wait) });
  }
  let sent: 'sent' | 'no_origin' | 'off';
  try {
    sent = await mailResetLink(services, user, requestOrigin);
  } catch (err) {
    services.log.error({ err, userId }, 'password reset e-mail could not be sent');
    throw new HttpError(503, 'mail_failed', 'The e-mail could not be sent: the mail server did not take it. Try again later.');
  }
  if (sent === 'no_origin') throw new HttpError(409, 'no_origin', `No e-mail was sent. ${NO_ORIGIN_MESSAGE}.`);
  if (sent === 'off') throw new HttpError(409, 'email_off', 'No e-mail was sent: the “Reset password” e-mail is switched off in Settings › E-mails.');
  return { email: user.email };
}

/**
 * Deletes a customer's account as the privacy tool erases it (`eraseCustomer`): orders stay,
 * anonymised, with a note; account, sessions, addresses and cart go. Staff accounts are
 * refused (`not_customer`): change their role first.
 */
export async function deleteCustomer(services: Services, userId: number, actor: SessionUser, confirmed: boolean): Promise<{ email: string; orders: number }> {
  if (!confirmed) throw new HttpError(400, 'not_confirmed', 'Tick the box to confirm the deletion.', { confirm: 'Tick to confirm' });
  const user = await services.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  if (!user) throw notFound();
  const { orders } = await eraseCustomer(services, userId, { name: actor.name || actor.email });
  return { email: user.email, orders };
}
