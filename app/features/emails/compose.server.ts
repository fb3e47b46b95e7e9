import type { DB } from '../../../db/client.ts';
import { renderMail, sitePlaceholders, type MailContent } from './layout.server.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';
import { shopRecipients } from '../settings/recipients.server.ts';
import { fillPlaceholders, type EmailId } from '../settings/email-catalog.ts';

/** An e-mail ready for the mailer: its words in the shop's layout, and the shop's sender when one is set. */
export interface ShopMail {
  subject: string;
  text: string;
  html: string;
  from?: string;
}

/** `"Name" <address>` from the e-mail settings; undefined without an address (the mailer's MAIL_FROM then). */
export function shopSender(s: StoreSettings): string | undefined {
  if (!s.emailFromAddress) return undefined;
  const name = (s.emailFromName || s.storeName).replace(/["\\<>\r\n]/g, '').trim();
  return name ? `"${name}" <${s.emailFromAddress}>` : s.emailFromAddress;
}

/**
 * The one way an e-mail of the list (app/features/settings/email-catalog.ts) is made, for sending
 * and for the admin's preview and test alike: null when the owner switched it off
 * (`ignoreSwitch`: the preview and test show it anyway); else the built-in content with the
 * owner's subject, heading and extra text (their placeholders filled from `values`) in the
 * shop's layout, HTML and plain text.
 */
export function composeEmail(s: StoreSettings, id: EmailId, content: MailContent, values: Record<string, string> = {}, opts: { ignoreSwitch?: boolean } = {}): ShopMail | null {
  const own = s.emails[id];
  if (!own.enabled && !opts.ignoreSwitch) return null;
  const all = { ...sitePlaceholders(s), ...values };
  const fill = (v: string) => fillPlaceholders(v, all);
  const extra = own.additional
    .split(/\n\s*\n/)
    .map((p) => fill(p.trim()))
    .filter(Boolean);
  const mail = renderMail(s, {
    ...content,
    subject: own.subject ? fill(own.subject) : content.subject,
    heading: own.heading ? fill(own.heading) : content.heading,
    paragraphs: [...content.paragraphs, ...extra],
  });
  const from = shopSender(s);
  return from ? { ...mail, from } : mail;
}

/** Who gets one of the shop's e-mails: its own recipients when set, else `shopRecipients` (with the feature's own address `first`). */
export async function emailRecipients(db: DB, s: StoreSettings, id: EmailId, first = ''): Promise<string[]> {
  const own = s.emails[id].recipient;
  if (own) return own.split(', ');
  return shopRecipients(db, s, first);
}
