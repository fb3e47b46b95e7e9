import { presentAmounts, type PresentedAmounts } from '../../lib/amounts.ts';
import type { OrderDetail } from './orders.ts';

/**
 * An order's amounts as shown (lib/amounts.ts), on the basis the cart showed when it was
 * placed (`pricesIncludeTax`). Every order surface shows this: the received page, My
 * account, tracking, the admin page, the e-mails and the order API.
 *
 * From the stored columns alone, so orders placed before shipping lines carried their tax
 * (it was stored as 0) present the same way: the shipping total is shared out between the
 * packages by their costs, the discount total between the coupons by their discounts.
 */
export function presentOrder(order: Omit<OrderDetail, 'display'>): PresentedAmounts {
  const incl = order.pricesIncludeTax;
  return presentAmounts({
    basis: incl ? 'incl' : 'excl',
    lines: order.items.map((i) => ({ key: String(i.id), amount: i.subtotal })),
    coupons: order.couponLines.map((c) => ({ code: c.code, weight: c.discount })),
    discountTotal: order.discountTotal,
    shipping: order.shippingLines.map((s) => ({ id: String(s.packageId), rateId: s.rateId, title: s.title, weight: s.cost + (incl ? s.tax : 0) })),
    shippingTotal: order.shippingTotal,
    taxes: order.taxLines,
    taxTotal: order.taxTotal,
    total: order.total,
  });
}
