import type { Services } from '../../lib/services.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import type { EmailId } from '../settings/email-catalog.ts';
import { trustedOrigin } from '../settings/origin.server.ts';
import { EMPTY_ADDRESS } from '../address/address.ts';
import { getOrderAdmin } from '../orders/orders.server.ts';
import { receivedUrl, type OrderDetail } from '../orders/orders.ts';
import { composeAccountEmail, composeOrderEmail, ORDER_EMAILS } from '../orders/emails.server.ts';
import { composeResetEmail } from '../account/account.server.ts';
import { composeStockEmail } from '../stock/stock-alerts.server.ts';
import { composeWishlistAlertEmail } from '../wishlist/wishlist-alerts.server.ts';
import { composeEstimateEmails } from '../wishlist/wishlist-estimate.server.ts';
import { composeOfflineEmail, composeTranscriptEmail } from '../chat/chat-mail.server.ts';
import type { ShopMail } from './compose.server.ts';
import { t } from '../../i18n/t-emails.ts';
import { t as wishlist } from '../../i18n/t-wishlist.ts';

/*
 * The admin's preview and "send me a test" of an e-mail (/admin/settings/emails/:id): made by
 * the very function that sends it, switched on or not, with the shop's latest order when
 * there is one (order e-mails), else with sample data.
 */

/** What a preview was made from: the shop's latest order, or sample data. */
export type SampleSource = { kind: 'order'; orderId: number } | { kind: 'sample' };

/** A made-up order for a shop that has none yet (never stored). */
function sampleOrder(s: StoreSettings): OrderDetail {
  const at = new Date().toISOString();
  const billing = { ...EMPTY_ADDRESS, first_name: 'Jane', last_name: 'Doe', address_1: '1 Sample Street', city: 'Sampleton', postcode: 'SA1 1MP', country: 'GB', email: 'jane@example.com' };
  return {
    id: 1001,
    status: 'processing',
    statusLabel: 'Processing',
    createdAt: at,
    total: 4500,
    refundedTotal: 0,
    currency: s.currency,
    itemCount: 2,
    billingName: 'Jane Doe',
    billingEmail: 'jane@example.com',
    paymentMethodTitle: t('emails.sample.payment'),
    orderKey: 'sample',
    userId: null,
    billing,
    shipping: billing,
    customerNote: '',
    paymentMethod: 'sample',
    transactionId: null,
    pricesIncludeTax: true,
    subtotal: 4000,
    discountTotal: 0,
    shippingTotal: 500,
    taxTotal: 0,
    shippingLines: [{ rateId: 'flat_rate', title: t('emails.sample.shipping'), cost: 500, tax: 0 } as OrderDetail['shippingLines'][number]],
    couponLines: [],
    taxLines: [],
    stockReduced: false,
    paidAt: at,
    completedAt: null,
    updatedAt: at,
    items: [
      { id: 1, productId: null, variationId: null, name: t('emails.sample.product'), sku: '', attributes: [], quantity: 2, unitPrice: 2000, subtotal: 4000, total: 4000, tax: 0, refundedQuantity: 0 },
    ],
    notes: [],
    refunds: [],
    receivedUrl: receivedUrl(1001, 'sample'),
    display: {
      basis: 'incl',
      lines: [{ key: '1', amount: 4000 }],
      subtotal: 4000,
      discounts: [],
      shipping: [{ id: 'sample', rateId: 'flat_rate', title: t('emails.sample.shipping'), amount: 500, rates: [] }],
      taxes: [],
      includedTaxes: [],
      total: 4500,
    },
  };
}

async function latestOrder(services: Services): Promise<OrderDetail | null> {
  const row = await services.db.selectFrom('orders').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? getOrderAdmin(services.db, row.id) : null;
}

/**
 * E-mail `id` as it would go out now (switched off or not), with its source. Links use the
 * trusted origin, else the sample address `https://shop.example`.
 */
export async function sampleEmail(services: Services, s: StoreSettings, id: EmailId): Promise<{ mail: ShopMail; source: SampleSource }> {
  const origin = (await trustedOrigin(services, null, s)) ?? 'https://shop.example';
  const on = { ignoreSwitch: true };
  const sample: SampleSource = { kind: 'sample' };
  let mail: ShopMail | null = null;
  let source: SampleSource = sample;
  if (ORDER_EMAILS.includes(id)) {
    const real = await latestOrder(services);
    const order = real ?? sampleOrder(s);
    if (real) source = { kind: 'order', orderId: real.id };
    const extra = id === 'customer_note' ? { note: t('emails.sample.note') } : {};
    mail = composeOrderEmail(id, origin, order, s, extra, on);
  } else if (id === 'customer_new_account') {
    mail = composeAccountEmail(origin, s, 'jane@example.com', 'Jane Doe', on);
  } else if (id === 'customer_reset_password') {
    mail = composeResetEmail(s, { name: 'Jane Doe', email: 'jane@example.com' }, `${origin}/account/reset-password?token=sample`, on);
  } else if (id === 'low_stock' || id === 'no_stock') {
    mail = composeStockEmail(s, origin, t('emails.sample.product'), 1, id === 'no_stock', id === 'no_stock' ? 0 : 2, on);
  } else if (id === 'wishlist_alert') {
    mail = composeWishlistAlertEmail(s, t('emails.sample.list'), [wishlist('wishlist.alertStockLine', { product: t('emails.sample.product') })], `${origin}/wishlist/view/sample`, `${origin}/wishlist/unsubscribe/sample`, on);
  } else if (id === 'wishlist_estimate' || id === 'wishlist_estimate_copy') {
    const both = composeEstimateEmails(s, origin, { name: 'Jane Doe', email: 'jane@example.com', message: t('emails.sample.estimateMessage') }, {}, { name: t('emails.sample.list'), token: 'sample' }, [{ quantity: 2, name: t('emails.sample.product'), price: 2000 }], on);
    mail = id === 'wishlist_estimate' ? both.shop : both.copy;
  } else if (id === 'chat_transcript') {
    mail = composeTranscriptEmail(s, new Date().toISOString().slice(0, 10), [`10:02 Jane: ${t('emails.sample.chatQuestion')}`, `10:03 Sam: ${t('emails.sample.chatAnswer')}`], on);
  } else if (id === 'chat_offline') {
    mail = composeOfflineEmail(s, { name: 'Jane Doe', email: 'jane@example.com', message: t('emails.sample.offlineMessage') }, on);
  }
  if (!mail) throw new Error(`no sample for e-mail ${id}`);
  return { mail, source };
}
