import { includedTaxText } from '../../../lib/amounts.ts';
import { useMoney } from '../../cart/components/money.ts';
import type { OrderDetail } from '../../orders/orders.ts';
import { t } from '../../../i18n/t-orders.ts';

/** Order dates as the shop shows them ("21 November 2026"), the same on server and browser. */
export const orderDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The lines and totals of an order (received page, My account, order tracking, admin), as
 * its presentation has them (order.display): rows that add up to the total. Each amount
 * row carries its signed part of the total in `data-amount` (lines: their part of the
 * subtotal), so what is shown can be checked against what was charged.
 */
export function OrderLines({ order, caption }: { order: OrderDetail; caption?: string }) {
  const money = useMoney(order.currency);
  const d = order.display;
  const lineAmount = new Map(d.lines.map((l) => [l.key, l.amount]));
  const included = includedTaxText(d, money);
  return (
    <table className="order-lines">
      {caption ? <caption>{caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">{t('order.product')}</th>
          <th scope="col" className="num">
            {t('order.lineTotal')}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.items.map((item) => {
          const amount = lineAmount.get(String(item.id)) ?? 0;
          return (
            <tr key={item.id} data-row="line" data-amount={amount}>
              <td>
                {item.name} <strong className="order-lines__qty">× {item.quantity}</strong>
                {item.attributes.length ? (
                  <ul className="order-lines__attrs">
                    {item.attributes.map((a) => (
                      <li key={a.name}>
                        {a.name}: {a.value}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
              <td className="num">{money(amount)}</td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr data-row="subtotal" data-amount={d.subtotal}>
          <th scope="row">{t('order.subtotal')}</th>
          <td className="num">{money(d.subtotal)}</td>
        </tr>
        {d.discounts.map((c) => (
          <tr key={c.code} data-row="discount" data-amount={-c.amount}>
            <th scope="row">{c.code ? t('order.coupon', { code: c.code }) : t('order.discount')}</th>
            <td className="num">−{money(c.amount)}</td>
          </tr>
        ))}
        {d.shipping.map((s) => (
          <tr key={s.id} data-row="shipping" data-amount={s.amount}>
            <th scope="row">{t('order.shipping')}</th>
            <td className="num">
              {money(s.amount)} <span className="order-lines__via">{t('order.via', { method: s.title })}</span>
            </td>
          </tr>
        ))}
        {d.taxes.map((tl) => (
          <tr key={tl.label} data-row="tax" data-amount={tl.amount}>
            <th scope="row">{tl.label}</th>
            <td className="num">{money(tl.amount)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">{t('order.paymentMethod')}</th>
          <td className="num">{order.paymentMethodTitle}</td>
        </tr>
        <tr className="order-lines__total" data-row="total" data-amount={d.total}>
          <th scope="row">{t('order.total')}</th>
          <td className="num">
            {money(d.total)}
            {included ? (
              <small className="order-lines__incl" data-row="included-tax" data-amount={d.includedTaxes.reduce((a, x) => a + x.amount, 0)}>
                {' '}
                {t('order.includesTax', { taxes: included })}
              </small>
            ) : null}
          </td>
        </tr>
        {order.refundedTotal > 0 ? (
          <tr>
            <th scope="row">{t('order.refunded')}</th>
            <td className="num">−{money(order.refundedTotal)}</td>
          </tr>
        ) : null}
      </tfoot>
    </table>
  );
}

/** Billing and shipping addresses side by side (one column on small screens). */
export function OrderAddresses({ billing, shipping, showShipping = true }: { billing: string[]; shipping: string[]; showShipping?: boolean }) {
  return (
    <div className="order-addresses">
      <section aria-labelledby="order-billing">
        <h2 id="order-billing">{t('order.billingAddress')}</h2>
        <address>
          {billing.map((l, i) => (
            <span key={i}>
              {l}
              <br />
            </span>
          ))}
        </address>
      </section>
      {showShipping && shipping.length ? (
        <section aria-labelledby="order-shipping">
          <h2 id="order-shipping">{t('order.shippingAddress')}</h2>
          <address>
            {shipping.map((l, i) => (
              <span key={i}>
                {l}
                <br />
              </span>
            ))}
          </address>
        </section>
      ) : null}
    </div>
  );
}

/** Notes the shop wrote to the customer, oldest first. */
export function CustomerNotes({ notes }: { notes: OrderDetail['notes'] }) {
  const shown = notes.filter((n) => n.customerNote);
  if (!shown.length) return null;
  return (
    <section aria-labelledby="order-updates" className="order-notes">
      <h2 id="order-updates">{t('order.updates')}</h2>
      <ol>
        {shown.map((n) => (
          <li key={n.id}>
            <p className="order-notes__date">{orderDate(n.createdAt)}</p>
            <p>{n.content}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
