import type { DB } from '../../../db/client.ts';
import type { StockStatus } from '../../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { getSettings } from '../settings/settings.server.ts';
import type { StockReason } from './stock.ts';

/*
 * Writing the stock log (migration 020). Every writer of stock calls in here inside its own
 * transaction, so a change and its log row commit or roll back together:
 * - orders (placement, cancellation, refunds) know each row's before and after from their
 *   conditional UPDATE's RETURNING and hand them to `writeStockLog`: one INSERT per order;
 * - the editor, quick edit, bulk actions, duplicates and the importer wrap their write in
 *   `withStockLog`, which reads the stock of the products concerned before and after and logs
 *   what differs (so a new write path cannot change stock behind the log's back by forgetting
 *   a field).
 * A change that takes stock down across the low-stock threshold, or to 0, is marked with its
 * alert; the e-mail goes out after the commit (stock-alerts.server.ts).
 */

/** Who changed stock: a user (by id; the name is read when shown), or a named non-user (`Guest`, `System`, a payment method). */
export interface StockActor {
  userId: number | null;
  name: string;
}

export const SYSTEM_ACTOR: StockActor = { userId: null, name: 'System' };
/** A signed-in staff member (or anyone with an account). */
export const staffActor = (u: { id: number; name: string; email: string }): StockActor => ({ userId: u.id, name: u.name || u.email });
export const GUEST_ACTOR: StockActor = { userId: null, name: 'Guest' };

export interface StockAlertPolicy {
  /** The store's low-stock threshold, for products without their own. */
  threshold: number;
  low: boolean;
  out: boolean;
}

export const alertPolicy = (s: StoreSettings): StockAlertPolicy => ({ threshold: s.stockLowThreshold, low: s.stockNotifyLow, out: s.stockNotifyOut });

export interface StockChange {
  productId: number;
  variationId: number | null;
  before: number | null;
  after: number | null;
  statusBefore: StockStatus | null;
  statusAfter: StockStatus;
  /** The product's own low-stock threshold (a variation uses its product's); null: the store's. */
  ownThreshold: number | null;
}

export interface StockLogContext {
  reason: StockReason;
  source?: string;
  orderId?: number | null;
  actor: StockActor;
  /** Read from the settings (in the transaction) when not given. */
  policy?: StockAlertPolicy;
}

/** Whether a move from `before` to `after` crossed a line downwards: to 0 or below ('out'), or to the threshold or below ('low'). */
export function stockAlert(before: number | null, after: number | null, ownThreshold: number | null, policy: StockAlertPolicy): 'low' | 'out' | null {
  if (before === null || after === null || after >= before) return null;
  if (before > 0 && after <= 0) return policy.out ? 'out' : null;
  const threshold = ownThreshold ?? policy.threshold;
  if (before > threshold && after <= threshold && after > 0) return policy.low ? 'low' : null;
  return null;
}

/** Status of managed stock at a quantity (as the order updates compute it). */
export const managedStatus = (quantity: number, backorders: string): StockStatus => (quantity > 0 ? 'instock' : backorders === 'no' ? 'outofstock' : 'onbackorder');

/** Inserts the rows; answers whether any of them calls for an e-mail. */
export async function writeStockLog(trx: DB, changes: StockChange[], ctx: StockLogContext): Promise<boolean> {
  if (!changes.length) return false;
  const policy = ctx.policy ?? alertPolicy(await getSettings(trx));
  const now = nowIso();
  let alerts = false;
  const rows = changes.map((c) => {
    const alert = stockAlert(c.before, c.after, c.ownThreshold, policy);
    if (alert) alerts = true;
    return {
      product_id: c.productId,
      variation_id: c.variationId,
      quantity_before: c.before,
      quantity_after: c.after,
      status_before: c.statusBefore,
      status_after: c.statusAfter,
      reason: ctx.reason,
      source: ctx.source ?? '',
      order_id: ctx.orderId ?? null,
      user_id: ctx.actor.userId,
      // A user's name is read when shown (and goes with the account); others are named here.
      actor: ctx.actor.userId === null ? ctx.actor.name : '',
      alert,
      notified_at: null,
      created_at: now,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto('stock_log').values(rows.slice(i, i + 500)).execute();
  return alerts;
}

interface StockState {
  productId: number;
  variationId: number | null;
  type: string | null;
  manage: number;
  quantity: number | null;
  status: StockStatus;
  ownThreshold: number | null;
}

/** What stock products (and their variations) hold now, keyed `p:<id>` / `v:<id>`. */
export async function stockSnapshot(trx: DB, productIds: number[], scope: 'all' | 'products' | 'variations' = 'all'): Promise<Map<string, StockState>> {
  const out = new Map<string, StockState>();
  const ids = [...new Set(productIds)];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    if (scope !== 'variations') {
      const products = await trx.selectFrom('products').select(['id', 'type', 'manage_stock', 'stock_quantity', 'stock_status', 'low_stock_amount']).where('id', 'in', chunk).execute();
      for (const p of products) {
        out.set(`p:${p.id}`, { productId: p.id, variationId: null, type: p.type, manage: p.manage_stock, quantity: p.stock_quantity, status: p.stock_status, ownThreshold: p.low_stock_amount });
      }
    }
    if (scope !== 'products') {
      const variations = await trx
        .selectFrom('product_variations as v')
        .innerJoin('products as p', 'p.id', 'v.product_id')
        .select(['v.id', 'v.product_id', 'v.manage_stock', 'v.stock_quantity', 'v.stock_status', 'p.low_stock_amount'])
        .where('v.product_id', 'in', chunk)
        .execute();
      for (const v of variations) {
        out.set(`v:${v.id}`, { productId: v.product_id, variationId: v.id, type: null, manage: v.manage_stock, quantity: v.stock_quantity, status: v.stock_status, ownThreshold: v.low_stock_amount });
      }
    }
  }
  return out;
}

/** The changes between two snapshots: a row's managed quantity or its status moved, or a new row starts with managed stock. */
export function stockChanges(before: Map<string, StockState>, after: Map<string, StockState>): StockChange[] {
  const qty = (s: StockState) => (s.manage ? s.quantity : null);
  const changes: StockChange[] = [];
  for (const [key, a] of after) {
    // A variable product without stock of its own, or a grouped one, shows its children's: derived, not a change.
    if (a.variationId === null && !a.manage && (a.type === 'variable' || a.type === 'grouped')) continue;
    const b = before.get(key);
    if (!b) {
      if (qty(a) !== null) changes.push({ ...pick(a), before: null, after: qty(a), statusBefore: null, statusAfter: a.status });
      continue;
    }
    if (qty(b) === qty(a) && b.status === a.status) continue;
    changes.push({ ...pick(a), before: qty(b), after: qty(a), statusBefore: b.status, statusAfter: a.status });
  }
  return changes;
}

const pick = (s: StockState) => ({ productId: s.productId, variationId: s.variationId, ownThreshold: s.ownThreshold });

/** Logs what changed since `before` (a snapshot taken earlier in the same transaction) for the given products. */
export async function logStockSince(trx: DB, before: Map<string, StockState>, productIds: number[], ctx: StockLogContext, scope: 'all' | 'products' | 'variations' = 'all'): Promise<boolean> {
  if (!productIds.length) return false;
  return writeStockLog(trx, stockChanges(before, await stockSnapshot(trx, productIds, scope)), ctx);
}

/**
 * Runs `write` (inside `trx`) and logs every stock change it made to the given products (and
 * those whose ids `write` answers with `created`). Answers write's own result.
 */
export async function withStockLog<T>(
  trx: DB,
  productIds: number[],
  ctx: StockLogContext,
  write: () => Promise<T>,
  options: { scope?: 'all' | 'products' | 'variations'; created?: (result: T) => number[] } = {},
): Promise<T> {
  const scope = options.scope ?? 'all';
  const before = productIds.length ? await stockSnapshot(trx, productIds, scope) : new Map<string, StockState>();
  const result = await write();
  await logStockSince(trx, before, [...productIds, ...(options.created?.(result) ?? [])], ctx, scope);
  return result;
}
