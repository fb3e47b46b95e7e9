import type { OrderDetail } from './orders.ts';

/*
 * Refunds by quantities: what each line and the shipping may still give back, and the amount
 * a choice of quantities comes to. The same function runs in the admin page (as the quantities
 * are typed) and on the server (the "Calculate amount" button, and the refund's own check).
 *
 * A line's value is the amount the order page shows for it (lib/amounts.ts, on the order's
 * tax basis), in integer minor units. Part of a line is its share by quantity, rounded so
 * that the shares of successive refunds add up to the line exactly: refunding k more of n,
 * after p, gives round(v·(p+k)/n) − round(v·p/n).
 */

export interface RefundLine {
  itemId: number;
  name: string;
  quantity: number;
  /** Units not yet refunded: the quantity field's maximum. */
  left: number;
  refunded: number;
  /** The line as the order page shows it. */
  amount: number;
}

export interface RefundBasis {
  lines: RefundLine[];
  /** Shipping as the order page shows it, and what of it is still to give back. */
  shipping: number;
  shippingLeft: number;
  /** The order's total less earlier refunds: no refund may be more. */
  left: number;
}

/** round(v·k/n) for non-negative integers, half up, in integers. */
const share = (v: number, k: number, n: number) => (n <= 0 ? 0 : Math.floor((2 * v * k + n) / (2 * n)));

export function refundBasis(order: Pick<OrderDetail, 'items' | 'display' | 'refunds' | 'total' | 'refundedTotal'>): RefundBasis {
  const shown = new Map(order.display.lines.map((l) => [l.key, l.amount]));
  const shipping = order.display.shipping.reduce((a, s) => a + s.amount, 0);
  const shippingRefunded = order.refunds.reduce((a, r) => a + (r.shipping ?? 0), 0);
  return {
    lines: order.items.map((i) => ({
      itemId: i.id,
      name: i.name,
      quantity: i.quantity,
      refunded: i.refundedQuantity,
      left: Math.max(0, i.quantity - i.refundedQuantity),
      amount: shown.get(String(i.id)) ?? 0,
    })),
    shipping,
    shippingLeft: Math.max(0, shipping - shippingRefunded),
    left: Math.max(0, order.total - order.refundedTotal),
  };
}

/** What refunding `quantity` more units of a line gives back. */
export function lineRefund(line: RefundLine, quantity: number): number {
  const k = Math.min(Math.max(0, quantity), line.left);
  return share(line.amount, line.refunded + k, line.quantity) - share(line.amount, line.refunded, line.quantity);
}

/**
 * The amount a refund of these quantities (by item id) and this shipping comes to: the lines'
 * shares plus the shipping, never more than what is left to refund on the order.
 */
export function refundAmount(basis: RefundBasis, quantities: ReadonlyMap<number, number>, shipping: number): number {
  let sum = Math.min(Math.max(0, shipping), basis.shippingLeft);
  for (const line of basis.lines) sum += lineRefund(line, quantities.get(line.itemId) ?? 0);
  return Math.min(sum, basis.left);
}
