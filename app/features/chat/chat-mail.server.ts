import type { Services } from '../../lib/services.server.ts';
import { renderMail } from '../../lib/mail-template.server.ts';
import { sharedRateLimiter, type RateLimiter } from '../../lib/rate-limit.server.ts';
import { nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { getSettings } from '../admin/settings.server.ts';
import { t } from '../../i18n/t-chat.ts';
import { getChatSettings } from './chat-settings.server.ts';
import { ChatError, getConversation, messagesSince } from './chat-store.server.ts';
import { OFFLINE_PER_WINDOW, OFFLINE_WINDOW_MS, offlineSchema } from './chat.schema.ts';
import { shopRecipients as recipientsOf } from '../admin/recipients.server.ts';

// One limiter per running app (tests build many apps in one process).
const limiters = new WeakMap<Services, RateLimiter>();
function limiterFor(services: Services): RateLimiter {
  let l = limiters.get(services);
  if (!l) limiters.set(services, (l = sharedRateLimiter(services, 'chat-offline', OFFLINE_PER_WINDOW, OFFLINE_WINDOW_MS)));
  return l;
}

/** The chat's offline-message address, else the shop's (`shopRecipients`). */
async function shopRecipients(services: Services, offlineEmail: string): Promise<string[]> {
  return recipientsOf(services.db, await getSettings(services.db), offlineEmail);
}

/**
 * The offline contact form (spec §7 offline_form): validated, limited per client address and
 * per e-mail address, stored first, then mailed to the shop. A failed delivery is logged and
 * the message stays stored for the inbox.
 */
export async function sendOfflineMessage(
  services: Services,
  input: unknown,
  from: { ip: string; userId: number | null },
): Promise<{ result: 'sent' | 'stored'; message: string; id: number }> {
  const chat = await getChatSettings(services.db);
  if (!chat.offlineForm) throw new ChatError('not_found', t('chat.offlineOff'), 404);
  const data = parseInput(offlineSchema, input);
  if (chat.gdpr && !data.gdpr) throw new ChatError('field_empty', t('chat.gdpr'), 400, { gdpr: t('chat.gdpr') });
  const limiter = limiterFor(services);
  const wait = Math.max(await limiter.hit(`ip:${from.ip}`), await limiter.hit(`email:${data.email}`));
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
    for (const to of await shopRecipients(services, chat.offlineEmail)) {
      await services.mailer.send({
        to,
        ...renderMail(settings, {
          subject: t('chat.offlineSubject', { name: data.name }),
          heading: t('chat.offlineHeading'),
          paragraphs: [
            t('chat.offlineFrom', { name: data.name, email: data.email }),
            ...(data.currentPage ? [t('chat.offlinePage', { page: data.currentPage })] : []),
            data.message,
          ],
        }),
      });
    }
    await services.db.updateTable('chat_offline_messages').set({ mail_sent: 1 }).where('id', '=', row.id).execute();
    return { result: 'sent', message: t('chat.offlineSent'), id: row.id };
  } catch (err) {
    services.log.error({ err, offlineMessage: row.id }, 'chat offline message e-mail failed');
    return { result: 'stored', message: t('chat.offlineStored'), id: row.id };
  }
}

/** Mails the transcript of a conversation to its visitor's address (the "send me a copy" box). */
export async function mailTranscript(services: Services, conversationId: number): Promise<void> {
  const c = await getConversation(services.db, conversationId);
  if (!c || !c.visitor_email) return;
  const settings = await getSettings(services.db);
  const lines: string[] = [];
  for (let after = 0; ; ) {
    const page = await messagesSince(services.db, c.id, after);
    for (const m of page) lines.push(m.sender_type === 'system' ? m.body : `${m.created_at.slice(11, 16)} ${m.user_name}: ${m.body}`);
    if (page.length === 0) break;
    after = page[page.length - 1].seq;
  }
  await services.mailer.send({
    to: c.visitor_email,
    ...renderMail(settings, {
      subject: t('chat.transcriptSubject', { store: settings.storeName }),
      heading: t('chat.transcriptHeading', { date: c.created_at.slice(0, 10) }),
      paragraphs: [t('chat.transcriptIntro'), ...lines],
    }),
  });
}
