import type { DB } from '../../../db/client.ts';
import type { StoreSettings } from './settings.schema.ts';

/**
 * Who hears of shop events by e-mail (new orders, stock alerts, chat messages left offline,
 * wishlist estimates): `first` when a feature has its own address, else the order
 * notification address, else the first five administrators and shop managers.
 */
export async function shopRecipients(db: DB, settings: StoreSettings, first = ''): Promise<string[]> {
  const address = first || settings.orderNotificationEmail;
  if (address) return [address];
  const rows = await db.selectFrom('users').select('email').where('role', 'in', ['admin', 'shop_manager']).orderBy('id').limit(5).execute();
  return rows.map((r) => r.email);
}
