import type { DB } from '../../../db/client.ts';
import { getOrderAdmin, type OrderDetail } from './orders.server.ts';

/*
 * An order as the admin JSON API and the order webhooks give it (docs/API.md, "Orders"):
 * the stored order with its lines, notes and refunds, amounts in minor units of `currency`;
 * the page's presentation (`display`) left out.
 */
export type OrderJson = Omit<OrderDetail, 'display'>;

export function orderJson(detail: OrderDetail): OrderJson {
  const { display: _display, ...rest } = detail;
  return rest;
}

/** The order by id, or null when there is none. */
export async function readOrderJson(db: DB, id: number): Promise<OrderJson | null> {
  const detail = await getOrderAdmin(db, id);
  return detail ? orderJson(detail) : null;
}
