import { expect } from 'vitest';
import { addMethod, saveMethod } from '../../app/features/shipping/methods-admin.server.ts';
import { Client, type TestApp } from './app.ts';

/* A shop that ships everywhere, and a guest's order placed through the cart and checkout API. */

export const ADDRESS = { first_name: 'Ada', last_name: 'Lovelace', address_1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA', country: 'GB', email: 'ada@example.com' };

/** One flat rate of 5 for the whole world. */
export async function shipEverywhere(t: TestApp): Promise<void> {
  const world = await addMethod(t.services.db, null, { type: 'flat_rate' });
  await saveMethod(t.services.db, null, world, { title: 'Standard', enabled: '1', cost: '5', costType: 'per_order', calculationType: 'per_order', noClassCost: '' }, 'GBP');
}

/** A guest buys `quantity` of the product by bank transfer; the order's id. */
export async function guestOrder(t: TestApp, productId: number, quantity = 1): Promise<number> {
  const shopper = await Client.start(t.app);
  expect((await shopper.request('POST', '/api/cart/items', { productId, quantity })).statusCode).toBe(201);
  const order = await shopper.request('POST', '/api/checkout', { billing_address: ADDRESS, payment_method: 'bacs' });
  expect(order.statusCode, order.body).toBe(200);
  return Number(order.json().order_id);
}
