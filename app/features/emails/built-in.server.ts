import { t as mail } from '../../i18n/t-emails.ts';
import { t as chat } from '../../i18n/t-chat.ts';
import { t as wishlist } from '../../i18n/t-wishlist.ts';
import type { EmailId } from '../settings/email-catalog.ts';

/**
 * The built-in subject and heading of each e-mail of the list, in the shop's language, with
 * its placeholders as the owner writes them (`{site_title}`, `{order_number}`…): what is sent
 * when the owner leaves the fields empty (the settings page shows them as the fields' hint).
 * They are the same messages the e-mails are made of, given their placeholders as values.
 */
const P = (...names: string[]) => Object.fromEntries(names.map((n) => [n, `{${n}}`]));
const site = P('site_title');
const order = P('site_title', 'order_number');
const product = P('site_title', 'product_name');

const BUILT_IN: Record<EmailId, () => { subject: string; heading: string }> = {
  new_order: () => ({ subject: mail('emails.newOrder.subject', order), heading: mail('emails.newOrder.heading', order) }),
  cancelled_order: () => ({ subject: mail('emails.cancelledOrder.subject', order), heading: mail('emails.cancelledOrder.heading', order) }),
  failed_order: () => ({ subject: mail('emails.failedOrder.subject', order), heading: mail('emails.failedOrder.heading', order) }),
  customer_failed_order: () => ({ subject: mail('emails.customerFailed.subject', order), heading: mail('emails.customerFailed.heading') }),
  customer_on_hold_order: () => ({ subject: mail('emails.customerReceived.subject', order), heading: mail('emails.customerReceived.heading') }),
  customer_processing_order: () => ({ subject: mail('emails.customerReceived.subject', order), heading: mail('emails.customerReceived.heading') }),
  customer_completed_order: () => ({ subject: mail('emails.customerCompleted.subject', order), heading: mail('emails.customerCompleted.heading') }),
  customer_refunded_order: () => ({ subject: mail('emails.customerRefunded.subject', order), heading: mail('emails.customerRefunded.heading') }),
  customer_note: () => ({ subject: mail('emails.customerNote.subject', order), heading: mail('emails.customerNote.heading') }),
  customer_invoice: () => ({ subject: mail('emails.customerInvoice.subject', order), heading: mail('emails.customerInvoice.heading', order) }),
  customer_new_account: () => ({ subject: mail('emails.newAccount.subject', site), heading: mail('emails.newAccount.heading', site) }),
  customer_reset_password: () => ({ subject: mail('emails.resetPassword.subject', site), heading: mail('emails.resetPassword.heading') }),
  low_stock: () => ({ subject: mail('emails.lowStock.subject', product), heading: mail('emails.lowStock.heading') }),
  no_stock: () => ({ subject: mail('emails.noStock.subject', product), heading: mail('emails.noStock.heading') }),
  wishlist_alert: () => ({ subject: wishlist('wishlist.alertSubject', { list: '{list_name}' }), heading: wishlist('wishlist.alertHeading', { list: '{list_name}' }) }),
  wishlist_estimate: () => ({ subject: wishlist('wishlist.estimateSubject', { name: '{customer_name}' }), heading: wishlist('wishlist.estimateHeading', { list: '{list_name}' }) }),
  wishlist_estimate_copy: () => ({ subject: wishlist('wishlist.estimateConfirmSubject'), heading: wishlist('wishlist.estimateConfirmHeading', { name: '{customer_name}' }) }),
  chat_transcript: () => ({ subject: chat('chat.transcriptSubject', { store: '{site_title}' }), heading: chat('chat.transcriptHeading', { date: '{chat_date}' }) }),
  chat_offline: () => ({ subject: chat('chat.offlineSubject', { name: '{customer_name}' }), heading: chat('chat.offlineHeading') }),
};

/** An e-mail's built-in subject and heading in the shop's language, placeholders unfilled. */
export const builtInTexts = (id: EmailId): { subject: string; heading: string } => BUILT_IN[id]();
