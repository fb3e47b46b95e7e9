import type { ReactNode } from 'react';
import { useMoney } from '../../cart/components/money.ts';
import type { OrderDetail, PaymentInstructions as Instructions } from '../../orders/orders.ts';
import { t } from '../../../i18n/t-orders.ts';
import { CustomerNotes, OrderAddresses, OrderLines, useOrderDate } from './order-view.tsx';

/** An order's invoice and credit notes, as My account links them. */
export interface OrderDocumentLinks {
  invoice: { number: string } | null;
  creditNotes: { number: string }[];
}

export interface OrderOverviewProps {
  order: OrderDetail;
  /** The summary above the details (number, date, total; with `email` and `method` as asked); none when false. */
  summary?: false | { email?: boolean; method?: boolean };
  /** Shown between the summary and the order's updates (payment instructions). */
  beforeDetails?: ReactNode;
  /** The shop's notes to the customer ("Order updates"). */
  updates?: boolean;
  /** Inside a section with its own heading: the details heading is the table's caption. */
  captionHeading?: boolean;
  /** Shown right after the lines and the customer's note (instructions, "Order again"). */
  afterLines?: ReactNode;
  /** Billing and shipping addresses, already as lines; none when absent. */
  addresses?: { billing: string[]; shipping: string[]; showShipping?: boolean };
  /** My account's invoice and credit notes links. */
  documents?: OrderDocumentLinks;
}

/** Number, date, (e-mail), total and (payment method) of an order, in a row of labelled values. */
export function OrderSummaryList({ order, email, method }: { order: OrderDetail; email?: boolean; method?: boolean }) {
  const orderDate = useOrderDate();
  const money = useMoney(order.currency);
  return (
    <ul className="received-overview">
      <li>
        {t('received.number')} <strong>{order.id}</strong>
      </li>
      <li>
        {t('received.date')} <strong>{orderDate(order.createdAt)}</strong>
      </li>
      {email ? (
        <li>
          {t('received.email')} <strong>{order.billingEmail}</strong>
        </li>
      ) : null}
      <li>
        {t('received.total')} <strong>{money(order.display.total)}</strong>
      </li>
      {method ? (
        <li>
          {t('received.method')} <strong>{order.paymentMethodTitle}</strong>
        </li>
      ) : null}
    </ul>
  );
}

/** What the payment method tells the shopper (bank details with `details`, as on the received page). */
export function PaymentInstructions({ instructions, details = true }: { instructions: Instructions; details?: boolean }) {
  return (
    <section aria-labelledby="instructions-title" className="received-instructions">
      <h2 id="instructions-title">{instructions.title}</h2>
      {instructions.text ? <p>{instructions.text}</p> : null}
      {details && instructions.accounts.length ? (
        <>
          <dl className="bank-details">
            {instructions.details.slice(0, 1).map((d) => (
              <div key={d.label}>
                <dt>{d.label}</dt>
                <dd>{d.value}</dd>
              </div>
            ))}
          </dl>
          {instructions.accounts.map((fields, i) => (
            <dl className="bank-details bank-details--account" key={i}>
              {fields.map((d) => (
                <div key={d.label}>
                  <dt>{d.label}</dt>
                  <dd>{d.value}</dd>
                </div>
              ))}
            </dl>
          ))}
        </>
      ) : null}
    </section>
  );
}

/** The order's invoice and credit notes to download (My account). */
function OrderDocuments({ orderId, documents }: { orderId: number; documents: OrderDocumentLinks }) {
  if (!documents.invoice) return null;
  return (
    <section aria-labelledby="order-documents">
      <h2 id="order-documents">{t('myaccount.documents')}</h2>
      <ul>
        <li>
          <a href={`/my-account/view-order/${orderId}/documents/invoice`} download>
            {t('myaccount.invoice', { number: documents.invoice.number })}
          </a>
        </li>
        {documents.creditNotes.length ? (
          <li>
            <a href={`/my-account/view-order/${orderId}/documents/credit-notes`} download>
              {t('myaccount.creditNotes', { numbers: documents.creditNotes.map((c) => c.number).join(', ') })}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}

/**
 * One order as the shopper sees it, wherever it is shown (order received, pay for order,
 * My account, order tracking): the summary, the shop's updates, the lines and totals (rows
 * that add up to the total, amounts through the one presenter), the customer's note, the
 * addresses and the documents. Each page says which parts it shows and what goes between.
 */
export function OrderOverview(p: OrderOverviewProps) {
  const { order } = p;
  return (
    <>
      {p.summary ? <OrderSummaryList order={order} email={p.summary.email} method={p.summary.method} /> : null}
      {p.beforeDetails}
      {p.updates === false ? null : <CustomerNotes notes={order.notes} />}
      {p.captionHeading ? null : <h2>{t('order.details')}</h2>}
      <OrderLines order={order} caption={p.captionHeading ? t('order.details') : undefined} />
      {order.customerNote ? (
        <p className="order-customer-note">
          <strong>{t('order.note')}</strong> {order.customerNote}
        </p>
      ) : null}
      {p.afterLines}
      {p.addresses ? <OrderAddresses billing={p.addresses.billing} shipping={p.addresses.shipping} showShipping={p.addresses.showShipping} /> : null}
      {p.documents ? <OrderDocuments orderId={order.id} documents={p.documents} /> : null}
    </>
  );
}
