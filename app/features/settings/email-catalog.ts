/**
 * Every e-mail the shop sends that the owner controls (/admin/settings/emails), WooCommerce's
 * list and names. `shop` e-mails go to the shop's own people (their recipients can be set);
 * `customer` ones to the shopper the event concerns. Contact forms keep their own settings
 * (app/features/forms); one-time sign-in links (chat transcript confirmation and resume
 * links, staff invitations) have no switch of their own and are sent in the same layout (a
 * transcript confirmation only while the transcript e-mail is on). Their built-in subjects and
 * headings are messages in the shop's language (app/features/emails/built-in.server.ts).
 */
export const EMAIL_IDS = [
  'new_order',
  'cancelled_order',
  'failed_order',
  'customer_failed_order',
  'customer_on_hold_order',
  'customer_processing_order',
  'customer_completed_order',
  'customer_refunded_order',
  'customer_note',
  'customer_invoice',
  'customer_new_account',
  'customer_reset_password',
  'low_stock',
  'no_stock',
  'wishlist_alert',
  'wishlist_estimate',
  'wishlist_estimate_copy',
  'chat_transcript',
  'chat_offline',
] as const;

export type EmailId = (typeof EMAIL_IDS)[number];

export interface EmailInfo {
  title: string;
  description: string;
  audience: 'shop' | 'customer';
  /** Placeholders its subject, heading and extra text may use, besides {site_title} and {site_url}. */
  placeholders: readonly string[];
}

const ORDER = ['{order_number}', '{order_date}', '{customer_name}', '{order_total}'] as const;

export const EMAILS: Record<EmailId, EmailInfo> = {
  new_order: { title: 'New order', description: 'Sent to the shop when an order is placed and paid for or awaiting payment by transfer.', audience: 'shop', placeholders: ORDER },
  cancelled_order: { title: 'Cancelled order', description: 'Sent to the shop when an order that was pending, on hold or processing is cancelled.', audience: 'shop', placeholders: ORDER },
  failed_order: { title: 'Failed order', description: 'Sent to the shop when the payment of a pending or on-hold order fails.', audience: 'shop', placeholders: ORDER },
  customer_failed_order: { title: 'Failed order (customer)', description: 'Sent to the customer when their payment fails, with the link to pay again.', audience: 'customer', placeholders: ORDER },
  customer_on_hold_order: { title: 'Order on hold', description: 'Sent to the customer when their order waits for payment (bank transfer, cheque).', audience: 'customer', placeholders: ORDER },
  customer_processing_order: { title: 'Processing order', description: 'Sent to the customer when their order is paid and being prepared.', audience: 'customer', placeholders: ORDER },
  customer_completed_order: { title: 'Completed order', description: 'Sent to the customer when their order is marked completed.', audience: 'customer', placeholders: ORDER },
  customer_refunded_order: { title: 'Refunded order', description: 'Sent to the customer when their order is refunded, in full or in part.', audience: 'customer', placeholders: ORDER },
  customer_note: { title: 'Customer note', description: 'Sent to the customer when staff add a note for them to their order.', audience: 'customer', placeholders: ORDER },
  customer_invoice: { title: 'Order details and payment link', description: 'Sent to the customer when staff e-mail them an order made for them, with the link to pay for it.', audience: 'customer', placeholders: ORDER },
  customer_new_account: { title: 'New account', description: 'Sent to the customer when an account is created at checkout.', audience: 'customer', placeholders: ['{customer_name}'] },
  customer_reset_password: { title: 'Reset password', description: 'Sent to a customer or staff member who asks to reset their password.', audience: 'customer', placeholders: ['{customer_name}'] },
  low_stock: { title: 'Low stock', description: 'Sent to the shop when a product’s stock falls to its low-stock threshold.', audience: 'shop', placeholders: ['{product_name}'] },
  no_stock: { title: 'Out of stock', description: 'Sent to the shop when a product runs out of stock.', audience: 'shop', placeholders: ['{product_name}'] },
  wishlist_alert: { title: 'Wishlist alert', description: 'Sent to a shopper whose wishlist has an item back in stock or cheaper.', audience: 'customer', placeholders: ['{list_name}'] },
  wishlist_estimate: { title: 'Estimate request', description: 'Sent to the shop when a shopper asks for an estimate of a wishlist.', audience: 'shop', placeholders: ['{customer_name}', '{list_name}'] },
  wishlist_estimate_copy: { title: 'Estimate request (copy to the shopper)', description: 'Sent to the shopper who asked for an estimate, as a receipt.', audience: 'customer', placeholders: ['{customer_name}', '{list_name}'] },
  chat_transcript: { title: 'Chat transcript', description: 'Sent to a visitor who asks for the transcript of their chat.', audience: 'customer', placeholders: ['{chat_date}'] },
  chat_offline: { title: 'Chat offline message', description: 'Sent to the shop when a visitor leaves a message while no one is online.', audience: 'shop', placeholders: ['{customer_name}'] },
};

export const isEmailId = (v: unknown): v is EmailId => typeof v === 'string' && (EMAIL_IDS as readonly string[]).includes(v);

/** `{name}` placeholders replaced by their values; unknown ones are left as written. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}
