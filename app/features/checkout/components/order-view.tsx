import { useMoney } from '../../cart/components/money.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import type { OrderDetail } from '../../orders/orders.ts';
import { t } from '../../../i18n/t-orders.ts';
import { LinesTable } from './lines-table.tsx';

/** Order dates as the shop shows them in its language ("21 November 2026", "21. November 2026"), the same on server and browser. */
export function useOrderDate(): (iso: string) => string {
  const locale = useLocale();
  return (iso) => formatDate(iso, locale);
}

/**
 * The lines and totals of an order (received page, My account, order tracking, admin), as
 * its presentation has them (order.display), through the one lines table: rows that add up
 * to the total, then the payment method and what was refunded since.
 */
export function OrderLines({ order, caption, skus = false }: { order: OrderDetail; caption?: string; /** Each line's SKU under its name (the back office). */ skus?: boolean }) {
  const money = useMoney(order.currency);
  const lineAmount = new Map(order.display.lines.map((l) => [l.key, l.amount]));
  const rows = order.items.map((item) => ({ key: item.id, name: item.name, quantity: item.quantity, attributes: item.attributes, amount: lineAmount.get(String(item.id)) ?? 0, sku: skus && item.sku ? item.sku : undefined }));
  return (
    <LinesTable
      className="order-lines"
      rows={rows}
      amounts={order.display}
      money={money}
      caption={caption}
      beforeTotal={
        <tr>
          <th scope="row">{t('order.paymentMethod')}</th>
          <td className="num">{order.paymentMethodTitle}</td>
        </tr>
      }
      afterTotal={
        order.refundedTotal > 0 ? (
          <tr>
            <th scope="row">{t('order.refunded')}</th>
            <td className="num">−{money(order.refundedTotal)}</td>
          </tr>
        ) : null
      }
    />
  );
}

const AddressLines = ({ lines }: { lines: string[] }) => (
  <address>
    {lines.map((l, i) => (
      <span key={i}>
        {l}
        <br />
      </span>
    ))}
  </address>
);

/** Billing and shipping addresses side by side (one column on small screens). */
export function OrderAddresses({ billing, shipping, showShipping = true }: { billing: string[]; shipping: string[]; showShipping?: boolean }) {
  return (
    <div className="order-addresses">
      <section aria-labelledby="order-billing">
        <h2 id="order-billing">{t('order.billingAddress')}</h2>
        <AddressLines lines={billing} />
      </section>
      {showShipping && shipping.length ? (
        <section aria-labelledby="order-shipping">
          <h2 id="order-shipping">{t('order.shippingAddress')}</h2>
          <AddressLines lines={shipping} />
        </section>
      ) : null}
    </div>
  );
}

/** Notes the shop wrote to the customer, oldest first. */
export function CustomerNotes({ notes }: { notes: OrderDetail['notes'] }) {
  const orderDate = useOrderDate();
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
