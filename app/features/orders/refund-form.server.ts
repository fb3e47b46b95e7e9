import { HttpError } from '../../lib/http-error.ts';
import { formatPrice, toMinor, type PriceFormat } from '../../lib/money.ts';
import { t } from '../../i18n/t-admin.ts';
import type { OrderDetail } from './orders.ts';
import { refundAmount, refundBasis } from './refund-amount.ts';

/*
 * The admin order page's refund form read and checked: a quantity per line
 * (`refund_qty_<item id>`, 0 up to what is left of it), the shipping given back
 * (`refund_shipping`), the amount (`refund_amount`, at most what is left on the order; empty:
 * the amount worked out) and, when the form carries it, the refunded total it was drawn
 * with (`refunded_before`): a form sent twice finds the total moved and changes nothing.
 * Every problem is reported against its field, and nothing has been written by then.
 */

export interface RefundForm {
  quantities: Map<number, number>;
  shipping: number;
  /** Worked out from the quantities and the shipping. */
  computed: number;
  /** What to refund: the amount typed, else the amount worked out. */
  amount: number;
  restock: boolean;
  reason: string;
}

const WHOLE = /^\d{1,6}$/;

export function readRefundForm(order: OrderDetail, values: Record<string, string>, format: PriceFormat, opts: { calculateOnly: boolean }): RefundForm {
  const basis = refundBasis(order);
  const money = (m: number) => formatPrice(m, format);
  const fields: Record<string, string> = {};
  const quantities = new Map<number, number>();
  let unknown: string | null = null;
  for (const [key, raw] of Object.entries(values)) {
    const m = /^refund_qty_(.*)$/.exec(key);
    if (!m) continue;
    const line = basis.lines.find((l) => String(l.itemId) === m[1]);
    const text = raw.trim();
    if (!line) {
      fields[key] = t('admin.order.refundNoLine');
      unknown ??= key;
      continue;
    }
    if (text === '') continue;
    if (!WHOLE.test(text)) fields[key] = t('admin.order.refundQtyWhole');
    else if (Number(text) > line.left) fields[key] = t('admin.order.refundQtyMax', { max: line.left });
    else if (Number(text) > 0) quantities.set(line.itemId, Number(text));
  }
  const shippingText = (values.refund_shipping ?? '').trim();
  const shipping = shippingText === '' ? 0 : toMinor(shippingText, order.currency);
  if (shipping === null || shipping < 0) fields.refund_shipping = t('admin.order.refundMissingField');
  else if (shipping > basis.shippingLeft) fields.refund_shipping = t('admin.order.refundMax', { amount: money(basis.shippingLeft) });
  const computed = refundAmount(basis, quantities, shipping ?? 0);
  const amountText = (values.refund_amount ?? '').trim();
  let amount = computed;
  if (!opts.calculateOnly && amountText !== '') {
    const typed = toMinor(amountText, order.currency);
    if (typed === null || typed <= 0) fields.refund_amount = t('admin.order.refundMissingField');
    else if (typed > basis.left) fields.refund_amount = t('admin.order.refundMax', { amount: money(basis.left) });
    else amount = typed;
  } else if (!opts.calculateOnly && amount <= 0) {
    fields.refund_amount = t('admin.order.refundMissingField');
  }
  if (Object.keys(fields).length) {
    const message = unknown ? t('admin.order.refundUnknownLine', { field: unknown }) : t('admin.order.refundInvalid');
    throw new HttpError(400, 'invalid', message, fields);
  }
  const before = (values.refunded_before ?? '').trim();
  if (!opts.calculateOnly && before !== '' && before !== String(order.refundedTotal)) {
    throw new HttpError(409, 'refund_changed', t('admin.order.refundChanged'));
  }
  return { quantities, shipping: shipping ?? 0, computed, amount, restock: values.restock === '1', reason: values.refund_reason ?? '' };
}
