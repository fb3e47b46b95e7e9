import { useState } from 'react';
import { Form } from 'react-router';
import { CsrfField } from '../../account/components/form-parts.tsx';
import { plainPrice, toMinor } from '../../../lib/money.ts';
import { t } from '../../../i18n/t-admin.ts';
import type { OrderDetail } from '../orders.ts';
import { lineRefund, refundAmount, refundBasis } from '../refund-amount.ts';

/*
 * The admin order page's refund by quantities: a quantity per line (up to what is left of it),
 * the shipping given back, restock, the amount worked out as the quantities are typed (the
 * same function as the server's) and editable, the reason. Enter submits the first button,
 * "Calculate amount", which moves no money: without scripts it brings the form back with the
 * amount filled in.
 */

interface Props {
  order: OrderDetail;
  money: (minor: number) => string;
  decimals: number;
  refundsOnline: boolean;
  gateway: string;
  /** The form as last sent (a calculation or a refused refund), to show it again. */
  sent?: Record<string, string>;
}

export function RefundForm(props: Props) {
  // A new form after each refund, and after each calculation (its answer fills it in).
  return <RefundFields key={`refund-${props.order.refunds.length}-${JSON.stringify(props.sent ?? {})}`} {...props} />;
}

function RefundFields({ order, money, decimals, refundsOnline, gateway, sent = {} }: Props) {
  const basis = refundBasis(order);
  const plain = (m: number) => plainPrice(m, { currency: order.currency, pricePrecision: decimals });
  const [qty, setQty] = useState<Record<number, string>>(() => Object.fromEntries(basis.lines.map((l) => [l.itemId, sent[`refund_qty_${l.itemId}`] ?? '0'])));
  const [shipping, setShipping] = useState(sent.refund_shipping ?? '');
  const [amount, setAmount] = useState(sent.refund_amount ?? '');
  const computedFor = (q: Record<number, string>, s: string) => {
    const quantities = new Map(Object.entries(q).map(([id, v]) => [Number(id), /^\d+$/.test(v.trim()) ? Number(v) : 0]));
    return refundAmount(basis, quantities, toMinor(s, order.currency) ?? 0);
  };
  const computed = computedFor(qty, shipping);
  const follow = (q: Record<number, string>, s: string) => {
    const c = computedFor(q, s);
    setAmount(c > 0 ? plain(c) : '');
  };
  return (
    <Form method="post">
      <CsrfField />
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="refunded_before" value={order.refundedTotal} />
      {basis.lines.map((l) =>
        l.left > 0 ? (
          <div className="form-row" key={l.itemId}>
            <label htmlFor={`field-refund_qty_${l.itemId}`}>{t('admin.order.refundQuantity', { name: l.name })}</label>
            <input
              id={`field-refund_qty_${l.itemId}`}
              name={`refund_qty_${l.itemId}`}
              type="number"
              min={0}
              max={l.left}
              step={1}
              inputMode="numeric"
              value={qty[l.itemId] ?? '0'}
              aria-describedby={`refund-line-${l.itemId}`}
              onChange={(e) => {
                const next = { ...qty, [l.itemId]: e.target.value };
                setQty(next);
                follow(next, shipping);
              }}
            />
            <p className="hint" id={`refund-line-${l.itemId}`}>
              {t('admin.order.refundLineAmount', { amount: money(lineRefund(l, /^\d+$/.test(qty[l.itemId] ?? '') ? Number(qty[l.itemId]) : 0)), quantity: qty[l.itemId] || '0', left: l.left })}
            </p>
          </div>
        ) : null,
      )}
      {basis.shippingLeft > 0 ? (
        <div className="form-row">
          <label htmlFor="field-refund_shipping">{t('admin.order.refundShipping', { amount: money(basis.shippingLeft) })}</label>
          <input
            id="field-refund_shipping"
            name="refund_shipping"
            inputMode="decimal"
            value={shipping}
            placeholder={plain(0)}
            onChange={(e) => {
              setShipping(e.target.value);
              follow(qty, e.target.value);
            }}
          />
        </div>
      ) : null}
      <div className="form-row form-row--check">
        <label>
          <input type="checkbox" name="restock" value="1" defaultChecked={sent.restock === '1'} /> {t('admin.order.restock')}
        </label>
      </div>
      <p className="hint" aria-live="polite" data-refund-computed={computed}>
        {t('admin.order.refundComputed', { amount: money(computed) })}
      </p>
      <div className="form-row">
        <label htmlFor="field-refund_amount">{t('admin.order.refundAmount')}</label>
        <input id="field-refund_amount" name="refund_amount" inputMode="decimal" value={amount} aria-describedby="refund-amount-hint" onChange={(e) => setAmount(e.target.value)} />
        <p className="hint" id="refund-amount-hint">
          {t('admin.order.refundAmountHint', { amount: money(basis.left) })}
        </p>
      </div>
      <div className="form-row">
        <label htmlFor="refund-reason">{t('admin.order.refundReason')}</label>
        <input id="refund-reason" name="refund_reason" defaultValue={sent.refund_reason ?? ''} />
      </div>
      {/* First, so Enter in a field only works the amount out. */}
      <p className="admin-actions">
        <button type="submit" name="calculate" value="1" className="button button--ghost">
          {t('admin.order.refundCalculate')}
        </button>
        {refundsOnline ? (
          <button type="submit" name="via" value="gateway" className="button">
            {t('admin.order.refundViaGateway', { gateway })}
          </button>
        ) : null}
        {/* The main action when the gateway cannot refund. */}
        <button type="submit" name="via" value="manual" className={refundsOnline ? 'button button--ghost' : 'button'}>
          {refundsOnline ? t('admin.order.refundManual') : t('admin.order.recordRefund')}
        </button>
      </p>
    </Form>
  );
}
