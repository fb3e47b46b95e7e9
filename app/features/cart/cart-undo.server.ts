import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import type { Services } from '../../lib/services.server.ts';
import { addItem, type CartAnswer, type CartCaller } from './cart.server.ts';
import { loadPurchasables, purchasableName } from './lines.server.ts';

/*
 * WooCommerce's "“X” removed. Undo?": removing a line leaves a short-lived cookie naming what
 * was removed (key, product, variation, chosen attributes, quantity), and Undo adds exactly that
 * back. The cookie is the browser's own record of its last removal, so nothing is stored for
 * it; whatever it says goes through the ordinary add (product, stock and attribute rules), so a
 * value written by hand can do no more than an add to cart could.
 */

export const REMOVED_COOKIE = 'vt_removed';
/** How long Undo stays possible after a removal. */
const REMOVED_SECONDS = 3600;

/** What a removal took out of the cart, as the cookie carries it. */
export interface RemovedLine {
  key: string;
  productId: number;
  variationId: number | null;
  attributes: Record<string, string>;
  quantity: number;
}

const removedSchema = z.object({
  key: z.string().min(1).max(64),
  productId: z.number().int().positive(),
  variationId: z.number().int().positive().nullable(),
  attributes: z.record(z.string().max(100), z.string().max(200)),
  quantity: z.number().int().min(1).max(9999),
});

const attrs = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export const removedCookie = (line: RemovedLine, secure: boolean) =>
  `${REMOVED_COOKIE}=${Buffer.from(JSON.stringify(line)).toString('base64url')}; Max-Age=${REMOVED_SECONDS}; ${attrs(secure)}`;
export const clearRemovedCookie = (secure: boolean) => `${REMOVED_COOKIE}=; Max-Age=0; ${attrs(secure)}`;

/** The removal a cookie value records, when it is well formed (and is the line `key`, when given). */
export function removedLine(value: string | undefined, key?: string): RemovedLine | null {
  if (!value || value.length > 2000) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const line = removedSchema.safeParse(parsed);
  if (!line.success || (key !== undefined && line.data.key !== key)) return null;
  return line.data;
}

/** The removed line's name as the notice shows it ("Hoodie – Blue, L"); null when it is no longer sold. */
export async function removedName(services: Services, line: RemovedLine): Promise<string | null> {
  const p = (await loadPurchasables(services.db, [{ productId: line.productId, variationId: line.variationId }])).get(`${line.productId}:${line.variationId ?? ''}`);
  return p ? purchasableName(p) : null;
}

/** Undo: puts the removed line `key` back with its quantity; 404 when this browser removed no such line lately. */
export function restoreItem(services: Services, caller: CartCaller, cookie: string | undefined, key: string): Promise<CartAnswer> {
  const line = removedLine(cookie, key);
  if (!line) throw new HttpError(404, 'not_found', 'That item can no longer be put back in your cart.');
  return addItem(services, caller, {
    productId: line.productId,
    ...(line.variationId === null ? {} : { variationId: line.variationId }),
    ...(Object.keys(line.attributes).length ? { attributes: line.attributes } : {}),
    quantity: line.quantity,
  });
}
