import { useMoney } from '../../cart/components/money.ts';
import type { OrderDetail } from '../../orders/orders.ts';
import { t } from '../../../i18n/t-orders.ts';

/** Order dates as the shop shows them ("21 November 2026"), the same on server and browser. */
export const orderDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });

/** The lines and totals of an order (received page, My account, order tracking, admin). */
export function OrderLines({ order, caption }: { order: OrderDetail; caption?: string }) {
  const money = useMoney(order.currency);
  const shipping = order.shippingLines.map((s) => s.title).join(', ');
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
        {order.items.map((item) => (
          <tr key={item.id}>
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
            <td className="num">{money(order.pricesIncludeTax ? item.subtotal + item.tax : item.subtotal)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('order.subtotal')}</th>
          <td className="num">{money(order.subtotal)}</td>
        </tr>
        {order.couponLines.map((c) => (
          <tr key={c.code}>
            <th scope="row">{t('order.coupon', { code: c.code })}</th>
            <td className="num">−{money(c.discount)}</td>
          </tr>
        ))}
        {order.shippingLines.length ? (
          <tr>
            <th scope="row">{t('order.shipping')}</th>
            <td className="num">
              {money(order.shippingTotal)} <span className="order-lines__via">{t('order.via', { method: shipping })}</span>
            </td>
          </tr>
        ) : null}
        {order.taxLines.map((tl) => (
          <tr key={tl.label}>
            <th scope="row">{tl.label}</th>
            <td className="num">{money(tl.amount)}</td>
          </tr>
        ))}
        <tr>
          <th scope="row">{t('order.paymentMethod')}</th>
          <td className="num">{order.paymentMethodTitle}</td>
        </tr>
        <tr className="order-lines__total">
          <th scope="row">{t('order.total')}</th>
          <td className="num">{money(order.total)}</td>
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
