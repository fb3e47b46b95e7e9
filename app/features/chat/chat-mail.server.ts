import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { CHAT_LIMITS } from '../../config/constants.ts';
import type { Services } from '../../lib/services.server.ts';
import { inBackground } from '../../lib/background.server.ts';
import { isoIn } from '../../lib/time.ts';
import { mailOrigin } from '../settings/origin.server.ts';
import { chatLimits } from './chat-limits.server.ts';
import { renderMail } from '../emails/layout.server.ts';
import { composeEmail, emailRecipients, type ShopMail } from '../emails/compose.server.ts';
import { sharedRateLimiter, type RateLimiter } from '../../lib/rate-limit.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { getSettings } from '../settings/settings.server.ts';
import { t } from '../../i18n/t-chat.ts';
import { getChatSettings } from './chat-settings.server.ts';
import { ChatError, getChatUser, getConversation, messagesSince } from './chat-store.server.ts';
import { OFFLINE_PER_WINDOW, OFFLINE_WINDOW_MS, offlineSchema } from './chat.schema.ts';
import type { StoreSettings } from '../settings/settings.schema.ts';

// One limiter per running app (tests build many apps in one process).
const limiters = new WeakMap<Services, RateLimiter>();
function limiterFor(services: Services): RateLimiter {
  let l = limiters.get(services);
  if (!l) limiters.set(services, (l = sharedRateLimiter(services, 'chat-offline', OFFLINE_PER_WINDOW, OFFLINE_WINDOW_MS)));
  return l;
}

/**
 * The offline contact form (spec §7 offline_form): validated, limited per client address and
 * per e-mail address, stored first, then mailed to the shop. A failed delivery is logged and
 * the message stays stored for the inbox.
 */
export async function sendOfflineMessage(
  services: Services,
  input: unknown,
  from: { ip: string; userId: number | null; visitorKey?: string | null },
): Promise<{ result: 'sent' | 'stored'; message: string; id: number }> {
  const chat = await getChatSettings(services.db);
  if (!chat.offlineForm) throw new ChatError('not_found', t('chat.offlineOff'), 404);
  const data = parseInput(offlineSchema, input);
  if (chat.gdpr && !data.gdpr) throw new ChatError('field_empty', t('chat.gdpr'), 400, { gdpr: t('chat.gdpr') });
  const limiter = limiterFor(services);
  const wait = Math.max(
    await limiter.hit(`ip:${from.ip}`),
    await limiter.hit(`email:${data.email}`),
    from.visitorKey ? await chatLimits(services).offline(from.visitorKey) : 0,
  );
  if (wait > 0) throw Object.assign(new ChatError('rate_limited', t('chat.offlineTooMany'), 429), { retryAfter: wait });
  const row = await services.db
    .insertInto('chat_offline_messages')
    .values({
      name: data.name,
      email: data.email,
      message: data.message,
      vendor_id: data.vendorId,
      user_id: from.userId,
      ip: from.ip,
      current_page: data.currentPage ?? '',
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const settings = await getSettings(services.db);
    const mail = composeOfflineEmail(settings, data);
    if (mail) for (const to of await emailRecipients(services.db, settings, 'chat_offline', chat.offlineEmail)) {
      await services.mailer.send({ to, ...mail });
    }
    await services.db.updateTable('chat_offline_messages').set({ mail_sent: 1 }).where('id', '=', row.id).execute();
    return { result: 'sent', message: t('chat.offlineSent'), id: row.id };
  } catch (err) {
    services.log.error({ err, offlineMessage: row.id }, 'chat offline message e-mail failed');
    return { result: 'stored', message: t('chat.offlineStored'), id: row.id };
  }
}

/*
 * "Send me a copy": the transcript carries the visitor's own text, so it goes only to an address
 * the visitor has proved, else the shop's mail server would carry anyone's text to anyone. A
 * signed-in shopper's own account address is proved; any other address first gets one mail
 * with a link to confirm it (fixed text, nothing the visitor typed), once per conversation, and
 * the copy follows when the link is used. Both count against CHAT_LIMITS per address and per
 * client address a day.
 */

/** What happened to a copy asked for: mailed, a confirmation link mailed, over the day's allowance, or nothing to send. */
export type CopyOutcome = 'sent' | 'confirm' | 'limited' | 'none';

const linkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const linkHash = (token: string) => createHash('sha256').update(`chat-transcript:${token}`).digest('base64url');

/** The visitor of `conversationId` asked for a copy (from `ip`): mails it, or the link that confirms the address first. */
export async function requestTranscriptCopy(services: Services, conversationId: number, from: { ip: string; requestOrigin?: string | null }): Promise<CopyOutcome> {
  const c = await getConversation(services.db, conversationId);
  if (!c || !c.visitor_email) return 'none';
  // Switched off by the owner (/admin/settings/emails): no copy, and no link to confirm an address for one.
  if (!(await getSettings(services.db)).emails.chat_transcript.enabled) return 'none';
  const email = c.visitor_email;
  const visitor = c.visitor_id !== null ? await getChatUser(services.db, c.visitor_id) : undefined;
  const account = visitor?.user_id ? await services.db.selectFrom('users').select('email').where('id', '=', visitor.user_id).executeTakeFirst() : undefined;
  const proved = !!account && account.email.toLowerCase() === email.toLowerCase();
  if (!proved) {
    // Mailed once per conversation: asking again sends nothing (and counts nothing).
    const asked = await services.db.selectFrom('chat_transcript_links').select('id').where('conversation_id', '=', c.id).executeTakeFirst();
    if (asked) return 'confirm';
  }
  if ((await chatLimits(services).transcript(email, from.ip)) > 0) return 'limited';
  if (proved) {
    inBackground(services, 'chat transcript mail', () => mailTranscript(services, c.id, email));
    return 'sent';
  }
  const origin = await mailOrigin(services, 'chat transcript confirmation', from.requestOrigin ?? null);
  if (!origin) return 'none';
  const token = randomBytes(32).toString('base64url');
  const made = await services.db
    .insertInto('chat_transcript_links')
    .values({ token_hash: linkHash(token), conversation_id: c.id, email, expires_at: isoIn(CHAT_LIMITS.transcriptLinkMs), used_at: null, created_at: nowIso() })
    .onConflict((oc) => oc.column('conversation_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!made) return 'confirm'; // another request made it meanwhile
  inBackground(services, 'chat transcript confirmation mail', async () => {
    const settings = await getSettings(services.db);
    await services.mailer.send({
      to: email,
      kind: 'magic_link',
      secrets: [token],
      ...renderMail(settings, {
        subject: t('chat.transcriptConfirmSubject', { store: settings.storeName }),
        heading: t('chat.transcriptConfirmHeading'),
        paragraphs: [t('chat.transcriptConfirmIntro', { hours: CHAT_LIMITS.transcriptLinkMs / 3_600_000 })],
        action: { label: t('chat.transcriptConfirmAction'), url: `${origin}/chat/transcript?token=${token}` },
        footer: t('chat.transcriptConfirmFooter'),
      }),
    });
  });
  return 'confirm';
}

/** Whether a confirmation link is still good (the page shows its button, changing nothing). */
export async function checkTranscriptLink(services: Services, token: unknown): Promise<boolean> {
  const parsed = linkToken.safeParse(token);
  if (!parsed.success) return false;
  const row = await services.db.selectFrom('chat_transcript_links').select('id').where('token_hash', '=', linkHash(parsed.data)).where('used_at', 'is', null).where('expires_at', '>', nowIso()).executeTakeFirst();
  return !!row;
}

/** Uses a confirmation link: spent at once, then the transcript goes to the address the link was mailed to. False for a bad link. */
export async function redeemTranscriptLink(services: Services, token: unknown): Promise<boolean> {
  const parsed = linkToken.safeParse(token);
  if (!parsed.success) return false;
  const now = nowIso();
  const link = await services.db
    .updateTable('chat_transcript_links')
    .set({ used_at: now })
    .where('token_hash', '=', linkHash(parsed.data))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['conversation_id', 'email'])
    .executeTakeFirst();
  if (!link) return false;
  await mailTranscript(services, link.conversation_id, link.email);
  return true;
}

/** Mails the transcript of a conversation to `to`, an address its visitor has proved (see above). */
export async function mailTranscript(services: Services, conversationId: number, to: string): Promise<void> {
  const c = await getConversation(services.db, conversationId);
  if (!c) return;
  const settings = await getSettings(services.db);
  const lines: string[] = [];
  for (let after = 0; ; ) {
    const page = await messagesSince(services.db, c.id, after);
    for (const m of page) lines.push(m.sender_type === 'system' ? m.body : `${m.created_at.slice(11, 16)} ${m.user_name}: ${m.body}`);
    if (page.length === 0) break;
    after = page[page.length - 1].seq;
  }
  const mail = composeTranscriptEmail(settings, c.created_at.slice(0, 10), lines);
  if (mail) await services.mailer.send({ to, ...mail });
}

/** The message left while no one was online, to the shop: for the send and the admin's preview and test (`ignoreSwitch`). */
export function composeOfflineEmail(settings: StoreSettings, data: { name: string; email: string; message: string; currentPage?: string | null }, opts: { ignoreSwitch?: boolean } = {}): ShopMail | null {
  return composeEmail(
    settings,
    'chat_offline',
    {
      subject: t('chat.offlineSubject', { name: data.name }),
      heading: t('chat.offlineHeading'),
      paragraphs: [t('chat.offlineFrom', { name: data.name, email: data.email }), ...(data.currentPage ? [t('chat.offlinePage', { page: data.currentPage })] : []), data.message],
    },
    { customer_name: data.name },
    opts,
  );
}

/** A chat's transcript (`date` as YYYY-MM-DD), for the send and the admin's preview and test (`ignoreSwitch`). */
export function composeTranscriptEmail(settings: StoreSettings, date: string, lines: string[], opts: { ignoreSwitch?: boolean } = {}): ShopMail | null {
  return composeEmail(
    settings,
    'chat_transcript',
    { subject: t('chat.transcriptSubject', { store: settings.storeName }), heading: t('chat.transcriptHeading', { date }), paragraphs: [t('chat.transcriptIntro'), ...lines] },
    { chat_date: date },
    opts,
  );
}
