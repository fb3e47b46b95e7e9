import { HttpError } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import type { Services } from '../../lib/services.server.ts';
import type { MailContent } from '../emails/layout.server.ts';
import { includedTaxText } from '../../lib/amounts.ts';
import { formatPrice } from '../../lib/money.ts';
import { formatDate } from '../../lib/format.ts';
import { getSettings } from '../settings/settings.server.ts';
import { mailOrigin } from '../settings/origin.server.ts';
import { backgroundSettled, inBackground } from '../../lib/background.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { addressLines } from '../address/address.server.ts';
import { paymentInstructions } from '../payments/payments.server.ts';
import { getOrderAdmin } from './orders.server.ts';
import { needsPayment, payUrl, type OrderDetail, type OrderStatus } from './orders.ts';
import { composeEmail, emailRecipients, type ShopMail } from '../emails/compose.server.ts';
import type { EmailId } from '../settings/email-catalog.ts';
import type { MailExtras } from '../../lib/mail.server.ts';
import { t } from '../../i18n/t-emails.ts';
import { invoiceAttachment } from '../invoices/documents.server.ts';
import { priceFormatOf } from '../invoices/invoices.server.ts';
import { orderAccesses } from '../downloads/access.server.ts';
import { downloadPath, MAIL_LINK_SECONDS } from '../downloads/links.server.ts';

/*
 * Order e-mails, through the mail module (HTML and text in the store's layout). They are
 * sent after the order's transaction has committed and never block or undo it: a failure
 * is logged. Each function starts the work and returns at once.
 */

/** E-mails still on their way; tests and the bench may wait for them. */
export const mailsSettled = (): Promise<void> => backgroundSettled();

const later = (services: Services, what: string, work: () => Promise<void>): void => inBackground(services, `order e-mail (${what})`, work);

/** An order's amounts in its own currency (the shop's may have changed since), in the shop's format. */
const money = (amount: number, s: StoreSettings, order: Pick<OrderDetail, 'currency'>) => formatPrice(amount, priceFormatOf(s, order.currency));

/**
 * The order's lines and totals as its presentation has them (order.display), the same rows
 * as the order pages: lines before coupons, a row per coupon, per package and, when shown
 * without tax, per tax; with tax, the total says what tax it includes.
 */
function summary(order: OrderDetail, s: StoreSettings): string[] {
  const d = order.display;
  const m = (amount: number) => money(amount, s, order);
  const amountOf = new Map(d.lines.map((l) => [l.key, l.amount]));
  const lines = order.items.map(
    (i) => `${i.quantity} × ${i.name}${i.attributes.length ? ` (${i.attributes.map((a) => `${a.name}: ${a.value}`).join(', ')})` : ''} — ${m(amountOf.get(String(i.id)) ?? 0)}`,
  );
  lines.push(t('emails.order.subtotal', { amount: m(d.subtotal) }));
  for (const c of d.discounts) lines.push(c.code ? t('emails.order.coupon', { code: c.code, amount: m(c.amount) }) : t('emails.order.discount', { amount: m(c.amount) }));
  for (const p of d.shipping) lines.push(t('emails.order.shipping', { amount: m(p.amount), method: p.title }));
  for (const x of d.taxes) lines.push(`${x.label}: ${m(x.amount)}`);
  const included = includedTaxText(d, m);
  lines.push(included ? t('emails.order.totalIncluding', { amount: m(d.total), tax: included }) : t('emails.order.total', { amount: m(d.total) }));
  lines.push(t('emails.order.paymentMethod', { method: order.paymentMethodTitle }));
  return lines;
}

function details(order: OrderDetail, s: StoreSettings): string[] {
  const out = [t('emails.order.line', { order_number: String(order.id), date: formatDate(order.createdAt, s) }), ...summary(order, s)];
  const pay = paymentInstructions(order, s);
  if (pay && pay.accounts.length) {
    // Bank transfer with accounts set: the instructions, then the bank details, one account after another.
    if (pay.text) out.push(pay.text);
    out.push(`${pay.title}:`);
    for (const d of pay.details) out.push(`${d.label}: ${d.value}`);
  } else if (pay) {
    out.push(`${pay.title}: ${pay.text}`);
  }
  out.push(t('emails.order.billingAddress', { address: addressLines(order.billing).join(', ') }));
  if (order.shippingLines.length) out.push(t('emails.order.shippingAddress', { address: addressLines(order.shipping).join(', ') }));
  if (order.customerNote) out.push(t('emails.order.note', { note: order.customerNote }));
  return out;
}

/**
 * Links in these e-mails come from the trusted origin only (PUBLIC_URL or the store address):
 * never from a request. Without one the e-mail goes out without its link, and the log says
 * what to set.
 */
const action = (origin: string | null, label: string, path: string) => (origin ? { label, url: `${origin}${path}` } : undefined);

async function send(services: Services, to: string, mail: ShopMail | null, attachments?: MailExtras['attachments']): Promise<void> {
  if (!to || !mail) return;
  await services.mailer.send({ to, ...mail, ...(attachments?.length ? { attachments } : {}) });
}

/** Waits for every send, then fails with the first refusal, if any (the caller logs it). One refused address does not hold back the others. */
async function settleAll(sends: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(sends)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** "Hi Anna," with the billing first name; "Hi there," without one. */
const greeting = (order: OrderDetail): string => (order.billing.first_name ? t('emails.greeting', { name: order.billing.first_name }) : t('emails.greetingNoName'));

/** WooCommerce's "Pay for this order" link: for an order still waiting for its money, the link to its pay page (with its key). */
const payAction = (origin: string | null, order: OrderDetail) => action(origin, t('emails.order.payAction'), payUrl(order.id, order.orderKey));

function customerMail(origin: string | null, order: OrderDetail, s: StoreSettings, to: EmailId, partialRefund?: number, downloads: DownloadLink[] = []): MailContent | null {
  const hi = greeting(order);
  const n = { order_number: String(order.id), site_title: s.storeName };
  const view = action(origin, t('emails.order.viewAction'), order.receivedUrl);
  // A paid order's files, each behind its signed link (WooCommerce's "Downloads" table in these e-mails).
  const links = downloads.length ? { heading: t('emails.order.downloads'), items: downloads } : undefined;
  switch (to) {
    case 'customer_failed_order':
      // WooCommerce's "Failed order" e-mail to the customer, with the way to pay it after all.
      return {
        subject: t('emails.customerFailed.subject', n),
        heading: t('emails.customerFailed.heading'),
        paragraphs: [hi, t('emails.customerFailed.intro', n), ...details(order, s)],
        action: payAction(origin, order),
      };
    case 'customer_on_hold_order':
      return {
        subject: t('emails.customerReceived.subject', n),
        heading: t('emails.customerReceived.heading'),
        paragraphs: [hi, t('emails.customerOnHold.intro', n), ...details(order, s)],
        action: view,
      };
    case 'customer_processing_order':
      return {
        subject: t('emails.customerReceived.subject', n),
        heading: t('emails.customerReceived.heading'),
        paragraphs: [hi, t('emails.customerProcessing.intro', n), ...details(order, s)],
        links,
        action: view,
      };
    case 'customer_completed_order':
      return {
        subject: t('emails.customerCompleted.subject', n),
        heading: t('emails.customerCompleted.heading'),
        paragraphs: [hi, t('emails.customerCompleted.intro', n), ...summary(order, s)],
        links,
        action: view,
      };
    case 'customer_refunded_order':
      return {
        subject: partialRefund ? t('emails.customerRefunded.partialSubject', n) : t('emails.customerRefunded.subject', n),
        heading: partialRefund ? t('emails.customerRefunded.partialHeading') : t('emails.customerRefunded.heading'),
        paragraphs: [
          hi,
          partialRefund ? t('emails.customerRefunded.partialIntro', { ...n, amount: money(partialRefund, s, order) }) : t('emails.customerRefunded.intro', n),
          t('emails.customerRefunded.soFar', { refunded: money(order.refundedTotal, s, order), total: money(order.total, s, order) }),
        ],
        action: view,
      };
    default:
      return null;
  }
}

/**
 * WooCommerce's "Cancelled order" and "Failed order" e-mails to the shop: an order cancelled
 * from pending payment, on hold or processing (one the shop may have been preparing), or
 * failed from pending payment or on hold. The body is the new-order e-mail's, so the shop
 * reads the same order either way.
 */
/** Which of the shop's status e-mails a move calls for, if any. */
function shopStatusEmail(from: OrderStatus, to: OrderStatus): EmailId | null {
  if (to === 'cancelled' && (from === 'pending' || from === 'on-hold' || from === 'processing')) return 'cancelled_order';
  if (to === 'failed' && (from === 'pending' || from === 'on-hold')) return 'failed_order';
  return null;
}

/** The customer's e-mail for an order's new status, if it has one. */
const CUSTOMER_EMAIL: Partial<Record<OrderStatus, EmailId>> = {
  failed: 'customer_failed_order',
  'on-hold': 'customer_on_hold_order',
  processing: 'customer_processing_order',
  completed: 'customer_completed_order',
  refunded: 'customer_refunded_order',
};

/** A download's name and its signed link, for a paid order's e-mails. */
export interface DownloadLink {
  label: string;
  url: string;
}

interface MailExtra {
  partialRefund?: number;
  note?: string;
  downloads?: DownloadLink[];
}

/** The order's downloads that work now, each with a signed link valid for MAIL_LINK_SECONDS (none without a trusted origin). */
async function downloadLinks(services: Services, origin: string | null, orderId: number): Promise<DownloadLink[]> {
  if (!origin) return [];
  return (await orderAccesses(services.db, orderId))
    .filter((a) => !a.blocked)
    .map((a) => ({ label: `${a.productName} — ${a.fileName}`, url: `${origin}${downloadPath(services.config.sessionSecret, a.id, MAIL_LINK_SECONDS)}` }));
}

/** What an order's e-mails may put in their subject, heading and extra text. */
export function orderPlaceholders(order: OrderDetail, s: StoreSettings): Record<string, string> {
  return {
    order_number: String(order.id),
    order_date: formatDate(order.createdAt, s),
    customer_name: order.billingName || order.billingEmail,
    order_total: money(order.display.total, s, order),
  };
}

/**
 * The words of an order e-mail (the shop's "new", "cancelled" and "failed order"; the
 * customer's for each status, the note and the refund), before the owner's settings apply.
 */
function orderMailContent(id: EmailId, origin: string | null, order: OrderDetail, s: StoreSettings, extra: MailExtra): MailContent | null {
  const n = { order_number: String(order.id), site_title: s.storeName, customer: order.billingName || order.billingEmail, email: order.billingEmail };
  const open = action(origin, t('emails.order.openAction'), `/admin/orders/${order.id}`);
  switch (id) {
    case 'new_order':
      return {
        subject: t('emails.newOrder.subject', n),
        heading: t('emails.newOrder.heading', n),
        paragraphs: [t('emails.newOrder.intro', n), ...details(order, s)],
        action: open,
      };
    case 'cancelled_order':
      return {
        subject: t('emails.cancelledOrder.subject', n),
        heading: t('emails.cancelledOrder.heading', n),
        paragraphs: [t('emails.cancelledOrder.intro', n), ...details(order, s)],
        action: open,
      };
    case 'failed_order':
      return {
        subject: t('emails.failedOrder.subject', n),
        heading: t('emails.failedOrder.heading', n),
        paragraphs: [t('emails.failedOrder.intro', n), ...details(order, s)],
        action: open,
      };
    case 'customer_note':
      return {
        subject: t('emails.customerNote.subject', n),
        heading: t('emails.customerNote.heading'),
        paragraphs: [greeting(order), t('emails.customerNote.intro'), extra.note ?? '', ...summary(order, s)],
        // An order that still waits for its money links to its pay page instead.
        action: needsPayment(order.status) ? payAction(origin, order) : action(origin, t('emails.order.viewAction'), order.receivedUrl),
      };
    case 'customer_invoice':
      // WooCommerce's "Order details" e-mail: an order made for the customer, with the way to pay it.
      return {
        subject: t('emails.customerInvoice.subject', n),
        heading: t('emails.customerInvoice.heading', n),
        paragraphs: [greeting(order), t('emails.customerInvoice.intro', n), ...summary(order, s)],
        action: payAction(origin, order),
      };
    default:
      return customerMail(origin, order, s, id, extra.partialRefund, extra.downloads);
  }
}

/** The e-mails an order can send, as the list in the admin has them. */
export const ORDER_EMAILS: readonly EmailId[] = ['new_order', 'cancelled_order', 'failed_order', ...Object.values(CUSTOMER_EMAIL), 'customer_note', 'customer_invoice'];

/**
 * An order e-mail as it goes out: the same function for the send, the admin's preview and
 * its test message (`ignoreSwitch`). Null when it is switched off or has nothing to say.
 */
export function composeOrderEmail(
  id: EmailId,
  origin: string | null,
  order: OrderDetail,
  s: StoreSettings,
  extra: MailExtra = {},
  opts: { ignoreSwitch?: boolean } = {},
): ShopMail | null {
  const content = orderMailContent(id, origin, order, s, extra);
  return content ? composeEmail(s, id, content, orderPlaceholders(order, s), opts) : null;
}

/**
 * After a status change: the customer's e-mail for the new status and, when an order first
 * leaves "pending payment", the shop's "new order" e-mail; when it is cancelled or fails, the
 * shop's "cancelled order" or "failed order" e-mail. Every path that moves an order (the
 * back office, the bulk change, checkout's payment result, webhooks, captures) calls this once
 * for a transition its transaction made, so each goes out once. `partialRefund` (from == to)
 * sends the partial-refund e-mail.
 */
export function notifyStatus(
  services: Services,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  opts: { partialRefund?: number; order?: OrderDetail; settings?: StoreSettings } = {},
): void {
  later(services, `order ${orderId} ${from}→${to}`, async () => {
    // Checkout passes the settings its order was placed under.
    const s = opts.settings ?? (await getSettings(services.db));
    // The caller may have read the order as it is after the change already (checkout does).
    const order = opts.order ?? (await getOrderAdmin(services.db, orderId));
    if (!order) return;
    const partial = from === to ? opts.partialRefund : undefined;
    if (from === to && !partial) return;
    const origin = await mailOrigin(services, `order ${orderId}`, null, s);
    const customerId = partial ? 'customer_refunded_order' : CUSTOMER_EMAIL[to];
    const isNew = (from === 'pending' || from === 'failed') && (to === 'on-hold' || to === 'processing' || to === 'completed');
    // Never both with a new order: a cancelled or failed order is not a new one.
    const shopId: EmailId | null = isNew ? 'new_order' : shopStatusEmail(from, to);
    const shopMail = shopId ? composeOrderEmail(shopId, origin, order, s) : null;
    // The staff's addresses are read first; then the messages go out side by side (the
    // customer's handed over first), so that one refused address does not hold back the rest.
    const staffTo = shopId && shopMail ? await emailRecipients(services.db, s, shopId) : [];
    const sends: Promise<void>[] = [];
    if (customerId) {
      const downloads = !partial && (to === 'processing' || to === 'completed') ? await downloadLinks(services, origin, order.id) : [];
      const mail = composeOrderEmail(customerId, origin, order, s, { partialRefund: partial, downloads });
      // The completed-order e-mail carries the invoice when the owner wants it (Settings → Invoices).
      const invoice = mail && to === 'completed' && !partial && s.invoices.attachToCompletedEmail ? await invoiceAttachment(services.db, order.id) : null;
      sends.push(send(services, order.billingEmail, mail, invoice ? [invoice] : undefined));
    }
    for (const address of staffTo) sends.push(send(services, address, shopMail));
    await settleAll(sends);
  });
}

/** A note to the customer, e-mailed to the billing address. */
export function notifyNote(services: Services, orderId: number, content: string): void {
  later(services, `order ${orderId} note`, async () => {
    const s = await getSettings(services.db);
    const order = await getOrderAdmin(services.db, orderId);
    if (!order) return;
    const origin = await mailOrigin(services, `order ${orderId} note`);
    await send(services, order.billingEmail, composeOrderEmail('customer_note', origin, order, s, { note: content }));
  });
}

/**
 * "Send the payment link" on an order waiting for payment: the customer_invoice e-mail to the
 * billing address, sent now (staff see a failure), and an order note saying who sent it.
 * 409 when the order is paid for, the e-mail is switched off or no link can be built.
 */
export async function sendPaymentLink(services: Services, orderId: number, actor: { name: string }): Promise<{ email: string }> {
  const s = await getSettings(services.db);
  const order = await getOrderAdmin(services.db, orderId);
  if (!order) throw new HttpError(404, 'not_found', 'Order not found.');
  if (!needsPayment(order.status)) throw new HttpError(409, 'not_payable', 'This order does not wait for a payment: there is no link to send.');
  if (!order.billingEmail) throw new HttpError(409, 'no_email', 'This order has no e-mail address to send the link to.');
  const origin = await mailOrigin(services, `order ${orderId} payment link`, null, s);
  if (!origin) throw new HttpError(409, 'no_origin', 'The link cannot be built: set the shop’s address in Settings first.');
  const mail = composeOrderEmail('customer_invoice', origin, order, s);
  if (!mail) throw new HttpError(409, 'email_off', 'The “Order details and payment link” e-mail is switched off in Settings → E-mails.');
  await send(services, order.billingEmail, mail);
  await services.db
    .insertInto('order_notes')
    .values({ order_id: orderId, content: `Payment link e-mailed to ${order.billingEmail} by ${actor.name}.`, customer_note: 0, author: actor.name, created_at: nowIso() })
    .execute();
  return { email: order.billingEmail };
}

/** "Your account has been created" after checkout created one. */
export function notifyAccountCreated(services: Services, email: string, name: string): void {
  later(services, 'account created', async () => {
    const s = await getSettings(services.db);
    const origin = await mailOrigin(services, 'account created');
    await send(services, email, composeAccountEmail(origin, s, email, name));
  });
}

/** The "new account" e-mail, for the send and the admin's preview and test (`ignoreSwitch`). */
export function composeAccountEmail(origin: string | null, s: StoreSettings, email: string, name: string, opts: { ignoreSwitch?: boolean } = {}): ShopMail | null {
  return composeEmail(
    s,
    'customer_new_account',
    {
      subject: t('emails.newAccount.subject', { site_title: s.storeName }),
      heading: t('emails.newAccount.heading', { site_title: s.storeName }),
      paragraphs: [
        name ? t('emails.greeting', { name }) : t('emails.greetingNoName'),
        t('emails.newAccount.intro', { site_title: s.storeName, email }),
        t('emails.newAccount.account'),
      ],
      action: action(origin, t('emails.newAccount.action'), '/my-account'),
    },
    { customer_name: name || email },
    opts,
  );
}
