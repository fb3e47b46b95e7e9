import { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseInput } from '../../lib/validate.ts';
import { CHAT_CONSOLE_ROLES } from './chat-roles.ts';
import { setOperatorVendor } from './chat-store.server.ts';

/*
 * Which vendor each operator serves (spec §6: an operator is support staff of a vendor; 0 is
 * the shop itself). Kept in the account's chat profile, so it outlives the live record the
 * cleanup removes. Given on the chat settings page and by `vitrine chat-operator`.
 */

export interface OperatorVendorRow {
  userId: number;
  name: string;
  email: string;
  role: string;
  vendorId: number;
}

/** Staff who may open the console, with the vendor each serves. */
export async function operatorVendors(db: DB): Promise<{ operators: OperatorVendorRow[]; vendors: { id: number; name: string }[] }> {
  const [operators, vendors] = await Promise.all([
    db
      .selectFrom('users')
      .leftJoin('chat_operator_profiles', 'chat_operator_profiles.user_id', 'users.id')
      .select(['users.id as userId', 'users.name', 'users.email', 'users.role', 'chat_operator_profiles.vendor_id'])
      .where('users.role', 'in', [...CHAT_CONSOLE_ROLES])
      .orderBy('users.name')
      .orderBy('users.id')
      .limit(500)
      .execute(),
    db.selectFrom('vendors').select(['id', 'name']).orderBy('name').limit(1000).execute(),
  ]);
  return { operators: operators.map(({ vendor_id, ...o }) => ({ ...o, vendorId: vendor_id ?? 0 })), vendors };
}

export const operatorVendorSchema = z.object({
  userId: z.coerce.number({ message: 'Choose an operator' }).int().positive('Choose an operator'),
  vendorId: z.coerce.number({ message: 'Choose a vendor' }).int().min(0, 'Choose a vendor'),
});

/**
 * Gives a staff account a vendor (0: the shop); an unknown account, a non-operator or an
 * unknown vendor is a 4xx and changes nothing. With the running chat (`chat`, the server's),
 * the operator's open sockets serve the new vendor at once; without (the CLI), each node's
 * recheck finds the change within seconds (chat-realtime.server.ts).
 */
export async function assignOperatorVendor(
  db: DB,
  input: unknown,
  chat?: { operatorVendorChanged(accountId: number): Promise<void> },
): Promise<{ user: { id: number; name: string; email: string }; vendorId: number; vendorName: string }> {
  const { userId, vendorId } = parseInput(operatorVendorSchema, input);
  const user = await db.selectFrom('users').select(['id', 'name', 'email', 'role']).where('id', '=', userId).executeTakeFirst();
  if (!user) throw new HttpError(404, 'not_found', 'No such staff account', { userId: 'No such staff account' });
  if (!CHAT_CONSOLE_ROLES.includes(user.role as (typeof CHAT_CONSOLE_ROLES)[number])) throw new HttpError(400, 'invalid', 'This account cannot answer chats', { userId: 'This account cannot answer chats' });
  const vendor = vendorId === 0 ? { name: '' } : await db.selectFrom('vendors').select('name').where('id', '=', vendorId).executeTakeFirst();
  if (!vendor) throw new HttpError(400, 'invalid', 'No such vendor', { vendorId: 'No such vendor' });
  await setOperatorVendor(db, user, vendorId, vendor.name);
  await chat?.operatorVendorChanged(user.id).catch(() => undefined);
  return { user, vendorId, vendorName: vendor.name };
}
