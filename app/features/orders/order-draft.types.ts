import type { Address } from '../address/address.ts';

/*
 * An order made or edited by hand, as its form holds it (flat fields as typed), and its
 * priced totals as the form shows them: read by the server code that checks and prices it
 * (order-draft.server.ts, order-draft-page.server.ts) and by the form (components/order-draft-form.tsx).
 */

export interface DraftLine {
  productId: number;
  variationId: number | null;
  /** As shown on the form (the product's name and options). */
  name: string;
  /** The options chosen, as the variation has them (slug → value). */
  attributes: Record<string, string>;
  quantity: string;
  /** Blank: the product's own price. */
  price: string;
  /** The order line this edits (edit only). */
  itemId: number | null;
}

export interface Draft {
  /** "account:<id>", "guest" (a guest e-mail) or "". */
  customer: string;
  customerLabel: string;
  billing: Address;
  shipping: Address;
  shipToDifferent: boolean;
  lines: DraftLine[];
  shippingMethod: string;
  shippingTitle: string;
  shippingCost: string;
  coupon: string;
  fees: { name: string; amount: string }[];
  status: string;
  customerNote: string;
  customerQuery: string;
  productQuery: string;
  /** The order's updated_at when the edit form was opened (edit only). */
  version: string;
}

/** The priced draft as the form's totals show it (the line amounts in the form's order). */
export interface PricedSummary {
  lines: { key: string; total: number; unitPrice: number }[];
  fees: { name: string; amount: number }[];
  subtotal: number;
  discount: number;
  shipping: number;
  taxLines: { label: string; amount: number }[];
  tax: number;
  total: number;
  pricesIncludeTax: boolean;
  keys: string[];
}
