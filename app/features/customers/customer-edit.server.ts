import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { ADDRESS_FIELDS, type Address } from '../address/address.ts';
import { billingAddressSchema, shippingAddressSchema } from '../address/address.server.ts';
import { storeCustomerAddress, type AddressType } from '../address/customer-addresses.server.ts';
import { emailSchema, nameSchema } from '../account/account.schema.ts';
import { withTransaction } from '../orders/transaction.server.ts';

/*
 * Staff editing an account's details (name, e-mail) and saved addresses from its
 * back-office page. The form carries the version it was opened at (the account's and its
 * addresses' last change): a save over a newer change — another staff member's, or the
 * customer's own in My account — is refused (409 conflict), as the product editor does.
 * Every field is checked before anything is written; errors are named by field
 * (`name`, `email`, `billing_postcode`, `shipping_country` …, the form's own names); the save is one transaction.
 * An address left entirely blank is removed.
 */

export const CUSTOMER_CONFLICT_MESSAGE = 'This customer was changed since you opened it. Reload the page to see the other changes, then make yours again.';

const detailsSchema = z.object({ name: nameSchema, email: emailSchema, version: z.string().max(100).default('') });

/** The version a form must send back: the account's and its addresses' latest change. */
export async function customerVersion(db: DB, userId: number): Promise<string | null> {
  const user = await db.selectFrom('users').select('updated_at').where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  const addr = await db.selectFrom('customer_addresses').select((eb) => eb.fn.max('updated_at').as('at')).where('user_id', '=', userId).executeTakeFirst();
  return `${user.updated_at}|${addr?.at ?? ''}`;
}

/** An address posted as the checkout's fields name it (`billing_first_name` …); null when every field is blank. */
function postedAddress(input: Record<string, unknown>, type: AddressType): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const f of ADDRESS_FIELDS) {
    const v = input[`${type}_${f}`];
    out[f] = typeof v === 'string' ? v : '';
  }
  return Object.values(out).some((v) => v.trim() !== '') ? out : null;
}

export async function saveCustomerDetails(db: DB, userId: number, input: Record<string, unknown>): Promise<{ email: string }> {
  const fields: Record<string, string> = {};
  const details = detailsSchema.safeParse(input);
  if (!details.success) for (const i of details.error.issues) fields[i.path.join('.')] ??= i.message;
  const addresses: Partial<Record<AddressType, Address | null>> = {};
  for (const type of ['billing', 'shipping'] as const) {
    const posted = postedAddress(input, type);
    if (!posted) {
      addresses[type] = null;
      continue;
    }
    const parsed = (type === 'billing' ? billingAddressSchema : shippingAddressSchema).safeParse(posted);
    if (parsed.success) addresses[type] = parsed.data;
    else for (const i of parsed.error.issues) fields[`${type}_${i.path.join('.')}`] ??= i.message;
  }
  const first = Object.entries(fields)[0];
  if (first || !details.success) throw new HttpError(400, 'invalid', first ? `${first[0]}: ${first[1]}` : 'Invalid input', fields);
  const { name, email, version } = details.data;

  return withTransaction(db, async (trx) => {
    const current = await customerVersion(trx, userId);
    if (current === null) throw new HttpError(404, 'not_found', 'This account no longer exists.');
    if (version !== current) throw new HttpError(409, 'conflict', CUSTOMER_CONFLICT_MESSAGE);
    const taken = await trx.selectFrom('users').select('id').where('email', '=', email).where('id', '!=', userId).executeTakeFirst();
    if (taken) throw new HttpError(409, 'email_taken', 'email: Another account already uses this e-mail address.', { email: 'Another account already uses this address' });
    // Only over the version checked: a save committed meanwhile (PostgreSQL) leaves no row to update.
    const updated = await trx
      .updateTable('users')
      .set({ name, email, updated_at: nowIso() })
      .where('id', '=', userId)
      .where('updated_at', '=', current.split('|')[0]!)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw new HttpError(409, 'conflict', CUSTOMER_CONFLICT_MESSAGE);
    for (const type of ['billing', 'shipping'] as const) {
      const a = addresses[type];
      if (a) await storeCustomerAddress(trx, userId, type, a);
      else await trx.deleteFrom('customer_addresses').where('user_id', '=', userId).where('type', '=', type).execute();
    }
    return { email };
  });
}
