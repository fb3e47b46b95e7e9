import { Form, Link, data, useActionData } from 'react-router';
import type { Route } from './+types/admin.orders.$id';
import { requireStaff } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { addressLines } from '../features/address/address.server.ts';
import { CsrfField, FormErrors } from '../features/account/components/form-parts.tsx';
import { ORDER_ROLES } from '../features/checkout/admin-roles.ts';
import { OrderAddresses, OrderLines, useOrderDate } from '../features/checkout/components/order-view.tsx';
import { sendPaymentLink } from '../features/orders/emails.server.ts';
import { EDITABLE_STATUSES } from '../features/orders/admin-order-edit.server.ts';
import { addOrderNote, changeOrderStatus, deleteOrderNote, refundOrder } from '../features/orders/order-status.server.ts';
import { getOrderAdmin } from '../features/orders/orders.server.ts';
import { readRefundForm } from '../features/orders/refund-form.server.ts';
import { RefundForm } from '../features/orders/components/refund-form.tsx';
import { orderPaymentEvents } from '../features/payments/events.server.ts';
import { gateway } from '../features/payments/gateway.ts';
import { capturePayment } from '../features/payments/webhook.server.ts';
import { needsPayment, STATUS_TRANSITIONS } from '../features/orders/orders.ts';
import { statusName } from '../features/orders/status-name.ts';
import { useMoney } from '../features/cart/components/money.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError, type ActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { plainPrice, toMinor } from '../lib/money.ts';
import { formToObject, idFromText } from '../lib/validate.ts';
import { perLanguage, t } from '../i18n/t-admin.ts';
import { OrderDocuments } from '../features/invoices/components/order-documents.tsx';
import { documentLinks } from '../features/invoices/invoices.server.ts';
import { grantByStaffInTrx, listOrderDownloads, revokeByStaff } from '../features/downloads/access.server.ts';
import { OrderDownloads } from '../features/downloads/components/order-downloads.tsx';
import { withTransaction } from '../features/orders/transaction.server.ts';
import '../styles/orders.css';

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${t('admin.order.title', { id: params.id ?? '' })} · ${t('admin.title')}` }];

const orderId = idFromText;

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, ORDER_ROLES);
  const id = orderId(params.id);
  const order = id === null ? null : await getOrderAdmin(context.services.db, id);
  if (!order) throw data(null, { status: 404 });
  const settings = await getSettings(context.services.db);
  const g = gateway(order.paymentMethod);
  return {
    order,
    payment: {
      gateway: g?.provider ?? order.paymentMethodTitle,
      dashboardUrl: order.transactionId ? (g?.transactionUrl?.(order.transactionId, settings) ?? null) : null,
      canCapture: !!g?.capture && order.status === 'on-hold' && !!order.transactionId,
      refundsOnline: !!g?.refund && !!order.transactionId,
      events: await orderPaymentEvents(context.services.db, order.id),
    },
    billing: [...addressLines(order.billing), order.billing.phone, order.billing.email].filter(Boolean),
    shipping: addressLines(order.shipping),
    next: STATUS_TRANSITIONS[order.status],
    decimals: settings.pricePrecision,
    documents: await documentLinks(context.services.db, order.id),
    downloads: await listOrderDownloads(context.services.db, order.id),
    invoiceIssued: new URL(request.url).searchParams.get('invoice') === 'issued',
    formDone: (['created', 'edited'] as const).find((k) => new URL(request.url).searchParams.get(k) === '1') ?? null,
    editable: EDITABLE_STATUSES.includes(order.status),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireStaff(context, request, ORDER_ROLES);
  const id = orderId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const values = formToObject(await request.formData());
  const actor = { name: user.name || user.email, userId: user.id };
  return formAction(async () => {
    switch (values.intent) {
      case 'status': {
        const { from } = await changeOrderStatus(context.services, id, { status: values.status, note: values.status_note || undefined }, actor);
        if (from) return { done: t('admin.order.done.status') };
        // The order already had that status (the select starts at it): keep the note all the same.
        if (values.status_note?.trim()) await addOrderNote(context.services, id, { content: values.status_note }, actor);
        return { done: t(values.status_note?.trim() ? 'admin.order.done.unchangedNote' : 'admin.order.done.unchanged') };
      }
      case 'note':
        await addOrderNote(context.services, id, { content: values.note ?? '', customerNote: values.note_type === 'customer' }, actor);
        return { done: t('admin.order.done.note') };
      case 'delete-note':
        await deleteOrderNote(context.services, id, Number(values.noteId));
        return { done: t('admin.order.done.deleteNote') };
      case 'refund': {
        const order = await getOrderAdmin(context.services.db, id);
        if (!order) throw new HttpError(404, 'not_found', t('admin.order.notFound'));
        const settings = await getSettings(context.services.db);
        const calculateOnly = values.calculate === '1';
        const form = readRefundForm(order, values, { ...settings, currency: order.currency }, { calculateOnly });
        if (calculateOnly) {
          const { _csrf: _, ...sent } = values;
          return { calculated: { ...sent, refund_amount: form.computed > 0 ? plainPrice(form.computed, { currency: order.currency, pricePrecision: settings.pricePrecision }) : '' } };
        }
        const items = [...form.quantities].map(([itemId, quantity]) => ({ itemId, quantity, restock: form.restock }));
        await refundOrder(context.services, id, { amount: form.amount, reason: form.reason, items, shipping: form.shipping }, actor, { throughGateway: values.via === 'gateway', requestOrigin: context.requestOrigin });
        return { done: t('admin.order.done.refund') };
      }
      case 'send-link': {
        const { email } = await sendPaymentLink(context.services, id, actor);
        return { done: t('admin.orderForm.linkSent', { email }) };
      }
      case 'capture': {
        const order = await getOrderAdmin(context.services.db, id);
        if (!order) throw new HttpError(404, 'not_found', t('admin.order.notFound'));
        const given = (values.capture_amount ?? '').trim();
        const amount = given ? toMinor(given, order.currency) : undefined;
        if (amount === null || (amount !== undefined && amount <= 0)) throw new HttpError(400, 'invalid', t('admin.order.refundMissing'), { capture_amount: t('admin.order.refundMissingField') });
        await capturePayment(context.services, id, actor, context.requestOrigin, amount);
        return { done: t('admin.order.done.capture') };
      }
      case 'download-grant': {
        const download = idFromText(values.download);
        if (download === null) throw new HttpError(400, 'invalid', t('downloads.order.grantLabel'), { download: t('downloads.order.grantLabel') });
        await withTransaction(context.services.db, (trx) => grantByStaffInTrx(trx, id, download));
        return { done: t('downloads.order.done.granted') };
      }
      case 'download-revoke': {
        const access = idFromText(values.access);
        if (access === null) throw new HttpError(404, 'not_found', t('admin.order.notFound'));
        await revokeByStaff(context.services.db, id, access);
        return { done: t('downloads.order.done.revoked') };
      }
      default:
        throw new HttpError(400, 'invalid', t('admin.unknownRequest'));
    }
  }, values);
}

const LABELS = perLanguage(() => ({
  status: t('admin.order.field.status'),
  note: t('admin.order.field.note'),
  content: t('admin.order.field.note'),
  refund_amount: t('admin.order.refundAmount'),
  amount: t('admin.order.refundAmount'),
  capture_amount: t('admin.order.captureAmount'),
  refund_shipping: t('admin.order.refundShippingLabel'),
}));

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const orderDate = useOrderDate();
  const { order, billing, shipping, next, payment } = loaderData;
  const result = useActionData<ActionError | { done: string } | { calculated: Record<string, string> }>();
  const error = isActionError(result) ? result : undefined;
  const money = useMoney(order.currency);
  const left = order.total - order.refundedTotal;
  return (
    <>
      <p>
        <Link to="/admin/orders">{t('admin.order.back')}</Link>
      </p>
      <h1>
        {t('admin.order.title', { id: order.id })} <span className={`order-status order-status--${order.status}`}>{order.statusLabel}</span>
      </h1>
      <p>
        {t('admin.order.placed', { date: orderDate(order.createdAt), customer: order.billingName || order.billingEmail, method: order.paymentMethodTitle })}
        {order.transactionId ? t('admin.order.transaction', { id: order.transactionId }) : ''} ·{' '}
        <a href={order.receivedUrl} target="_blank" rel="noreferrer">
          {t('admin.order.customerPage')}
        </a>
      </p>
      {loaderData.formDone && !result ? (
        <p className="notice" role="status">
          {t(loaderData.formDone === 'created' ? 'admin.orderForm.created' : 'admin.orderForm.saved')}
        </p>
      ) : null}
      {loaderData.editable ? (
        <p>
          <Link to={`/admin/orders/${order.id}/edit`} className="button button--ghost">
            {t('admin.orderForm.edit')}
          </Link>
        </p>
      ) : null}
      {result && 'done' in result ? (
        <p className="notice" role="status">
          {result.done}
        </p>
      ) : null}
      <FormErrors result={error} labels={{ ...LABELS, ...Object.fromEntries(order.items.map((i) => [`refund_qty_${i.id}`, t('admin.order.refundQuantity', { name: i.name })])) }} />
      <div className="admin-order">
        <div>
          <OrderLines order={order} caption={t('admin.order.items')} skus />
          {order.customerNote ? (
            <p>
              <strong>{t('admin.order.customerNote')}</strong> {order.customerNote}
            </p>
          ) : null}
          <OrderAddresses billing={billing} shipping={shipping} />
          <PaymentPanel order={order} payment={payment} money={money} />
          <OrderDownloads accesses={loaderData.downloads.accesses} grantable={loaderData.downloads.grantable} />
          <OrderDocuments orderId={order.id} documents={loaderData.documents} canInvoice={!['pending', 'failed', 'cancelled'].includes(order.status)} issued={loaderData.invoiceIssued} />
          {order.refunds.length ? (
            <section aria-labelledby="refunds">
              <h2 id="refunds">{t('admin.order.refunds')}</h2>
              <ul>
                {order.refunds.map((r) => (
                  <li key={r.id}>
                    {t('admin.order.refundLine', { amount: money(r.amount), date: orderDate(r.createdAt) })}
                    {r.reason ? ` — ${r.reason}` : ''}
                    {r.items.length || r.shipping ? (
                      <div className="hint">
                        {[
                          ...r.items.filter((x) => x.quantity > 0).map((x) => t('admin.order.refundCovered', { quantity: x.quantity, name: order.items.find((i) => i.id === x.itemId)?.name ?? '' })),
                          ...(r.shipping ? [t('admin.order.refundShippingLine', { amount: money(r.shipping) })] : []),
                        ].join(', ')}
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
        <div className="admin-order__side">
          {needsPayment(order.status) ? (
            <section aria-labelledby="pay-link-h">
              <h2 id="pay-link-h">{t('admin.orderForm.sendLink')}</h2>
              <p className="hint">{t('admin.orderForm.sendLinkHint')}</p>
              <Form method="post">
                <CsrfField />
                <button type="submit" name="intent" value="send-link" className="button button--ghost">
                  {t('admin.orderForm.sendLink')}
                </button>
              </Form>
            </section>
          ) : null}
          <section aria-labelledby="status-h">
            <h2 id="status-h">{t('admin.order.status')}</h2>
            {next.length ? (
              <Form method="post" key={`status-${order.status}`}>
                <CsrfField />
                <div className="form-row">
                  <label htmlFor="field-status">{t('admin.order.changeTo')}</label>
                  {/* Starts at the order's own status (choosing it again changes nothing), then the statuses it may change to. */}
                  <select id="field-status" name="status" defaultValue={order.status}>
                    {[order.status, ...next].map((s) => (
                      <option key={s} value={s}>
                        {statusName(s)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="form-row">
                  <label htmlFor="status-note">{t('admin.order.statusNote')}</label>
                  <input id="status-note" name="status_note" />
                </div>
                <button type="submit" name="intent" value="status" className="button">
                  {t('admin.order.updateStatus')}
                </button>
              </Form>
            ) : (
              <p>{t('admin.order.final', { status: statusName(order.status, { inText: true }) })}</p>
            )}
          </section>
          <section aria-labelledby="notes-h">
            <h2 id="notes-h">{t('admin.order.notes')}</h2>
            {order.notes.length ? (
              <ul className="admin-notes">
                {order.notes.map((n) => (
                  <li key={n.id} className={n.customerNote ? 'is-customer' : undefined}>
                    <p>{n.content}</p>
                    <div className="meta">
                      {t(n.customerNote ? 'admin.order.toCustomer' : 'admin.order.private')} · {n.author} · {orderDate(n.createdAt)}{' '}
                      <Form method="post" className="inline-form">
                        <CsrfField />
                        <input type="hidden" name="noteId" value={n.id} />
                        <button type="submit" name="intent" value="delete-note" className="link-button" aria-label={t('admin.order.deleteNoteLabel', { note: n.content.slice(0, 40) })}>
                          {t('admin.order.deleteNote')}
                        </button>
                      </Form>
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('admin.order.noNotes')}</p>
            )}
            {/* A new form after each note, so the type goes back to "private". */}
            <Form method="post" key={`note-${order.notes.length}`}>
              <CsrfField />
              <div className="form-row">
                <label htmlFor="field-note">{t('admin.order.addNote')}</label>
                <textarea id="field-note" name="note" rows={3} required />
              </div>
              <div className="form-row">
                <label htmlFor="note-type">{t('admin.order.noteType')}</label>
                <select id="note-type" name="note_type" defaultValue="private">
                  <option value="private">{t('admin.order.noteType.private')}</option>
                  <option value="customer">{t('admin.order.noteType.customer')}</option>
                </select>
              </div>
              <button type="submit" name="intent" value="note" className="button button--ghost">
                {t('admin.order.addNote')}
              </button>
            </Form>
          </section>
          {left > 0 && !['pending', 'cancelled', 'failed'].includes(order.status) ? (
            <section aria-labelledby="refund-h">
              <h2 id="refund-h">{t('admin.order.refund')}</h2>
              <p className="hint">{t('admin.order.refundHint', { amount: money(left) })}</p>
              <RefundForm
                order={order}
                money={money}
                decimals={loaderData.decimals}
                refundsOnline={payment.refundsOnline}
                gateway={payment.gateway}
                sent={result && 'calculated' in result ? result.calculated : error?.values?.intent === 'refund' ? error.values : undefined}
              />
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}

type PaymentInfo = Route.ComponentProps['loaderData']['payment'];

/** The payment: its id at the provider (with a dashboard link), capture when only authorised, and the provider's events. */
function PaymentPanel({ order, payment, money }: { order: Route.ComponentProps['loaderData']['order']; payment: PaymentInfo; money: (n: number) => string }) {
  const orderDate = useOrderDate();
  if (!order.transactionId && !payment.events.length) return null;
  return (
    <section aria-labelledby="payment-h">
      <h2 id="payment-h">{t('admin.order.payment')}</h2>
      {order.transactionId ? (
        <p>
          <code>{order.transactionId}</code>
          {payment.dashboardUrl ? (
            <>
              {' · '}
              <a href={payment.dashboardUrl} target="_blank" rel="noreferrer">
                {t('admin.order.paymentDashboard', { gateway: payment.gateway })}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {payment.canCapture ? (
        <Form method="post" className="admin-form">
          <CsrfField />
          <h3>{t('admin.order.captureTitle')}</h3>
          <p className="hint">{t('admin.order.captureHint')}</p>
          <div className="form-row">
            <label htmlFor="field-capture_amount">{t('admin.order.captureAmount')}</label>
            <input id="field-capture_amount" name="capture_amount" inputMode="decimal" placeholder={money(order.total)} />
          </div>
          <button type="submit" name="intent" value="capture" className="button">
            {t('admin.order.captureButton')}
          </button>
        </Form>
      ) : null}
      {payment.events.length ? (
        <>
          <h3>{t('admin.order.paymentTimeline')}</h3>
          <ol className="payment-timeline">
            {payment.events.map((e) => (
              <li key={e.id}>
                <time dateTime={e.createdAt}>{orderDate(e.createdAt)}</time> <code>{e.type}</code> {e.summary}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
