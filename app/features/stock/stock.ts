/*
 * The stock log as pages see it (isomorphic): why stock changed, and one row of the history.
 */

/** Why stock changed: an order took it, a refund or a cancellation put it back, staff changed it, an import set it. */
export const STOCK_REASONS = ['order', 'refund', 'cancellation', 'manual', 'import'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

export const isStockReason = (v: unknown): v is StockReason => typeof v === 'string' && (STOCK_REASONS as readonly string[]).includes(v);

/** Where a manual change was made. */
export const MANUAL_SOURCES = ['editor', 'quick_edit', 'bulk', 'duplicate'] as const;

export interface StockHistoryRow {
  id: number;
  createdAt: string;
  productId: number;
  /** The product's name now; null once the product is gone. */
  productName: string | null;
  variationId: number | null;
  /** The variation's choice now ("Blue, M"); null for a product row or a variation that is gone. */
  variationLabel: string | null;
  quantityBefore: number | null;
  quantityAfter: number | null;
  statusBefore: string | null;
  statusAfter: string;
  reason: StockReason;
  source: string;
  orderId: number | null;
  /** Who: a user's name, or "Guest", "System", a payment method. */
  actor: string;
  userId: number | null;
  alert: 'low' | 'out' | null;
}

export interface StockHistoryPage {
  rows: StockHistoryRow[];
  total: number;
  page: number;
  pages: number;
}

/** `12 → 9` as a signed change: "−3", "+2", or "" when a quantity is unknown. */
export function stockDelta(before: number | null, after: number | null): string {
  if (before === null || after === null) return '';
  const d = after - before;
  return d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '0';
}

/** The stock e-mail settings as /admin/stock shows them (stock-settings.server.ts saves them). */
export interface StockSettingsValues {
  stockLowThreshold: number;
  stockNotifyLow: boolean;
  stockNotifyOut: boolean;
  stockNotificationEmail: string;
}
