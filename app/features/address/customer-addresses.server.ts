import type { DB } from '../../../db/client.ts';
import { parseJson } from '../../lib/json.ts';
import { nowIso } from '../../lib/time.ts';
import { EMPTY_ADDRESS, type Address } from './address.ts';
import { parseAddress } from './address.server.ts';

/*
 * A customer's saved billing and shipping addresses (my account → addresses; checkout
 * prefill). Checkout saves the addresses of each order placed while signed in.
 */

export type AddressType = 'billing' | 'shipping';

export async function getCustomerAddresses(db: DB, userId: number): Promise<Record<AddressType, Address | null>> {
  const rows = await db.selectFrom('customer_addresses').select(['type', 'address']).where('user_id', '=', userId).execute();
  const read = (type: AddressType) => {
    const r = rows.find((x) => x.type === type);
    return r ? { ...EMPTY_ADDRESS, ...parseJson<Partial<Address>>(r.address, {}) } : null;
  };
  return { billing: read('billing'), shipping: read('shipping') };
}

/** Writes an already validated address. */
export async function storeCustomerAddress(db: DB, userId: number, type: AddressType, address: Address): Promise<void> {
  const row = { user_id: userId, type, address: JSON.stringify(address), updated_at: nowIso() };
  await db
    .insertInto('customer_addresses')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ address: row.address, updated_at: row.updated_at }))
    .execute();
}

/**
 * Validates and saves one of the customer's addresses (400 with per-field errors named
 * `first_name`, `postcode` … when the form posts the fields without a prefix).
 */
export async function saveCustomerAddress(db: DB, userId: number, type: AddressType, input: unknown): Promise<Address> {
  const address = parseAddress(input, type, '');
  await storeCustomerAddress(db, userId, type, address);
  return address;
}
