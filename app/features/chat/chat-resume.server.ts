import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Services } from '../../lib/services.server.ts';
import { renderMail } from '../emails/layout.server.ts';
import { sharedRateLimiter, type RateLimiter } from '../../lib/rate-limit.server.ts';
import { isoIn, nowIso } from '../../lib/time.ts';
import { parseInput } from '../../lib/validate.ts';
import { mailOrigin } from '../settings/origin.server.ts';
import { getSettings } from '../settings/settings.server.ts';
import { t } from '../../i18n/t-chat.ts';
import { ChatError } from './chat-store.server.ts';
import { newChatCookie } from './chat-cookie.server.ts';
import { visitorKeyOf } from './chat-token.server.ts';
import { chatEmail } from './chat.schema.ts';

/*
 * Continuing a guest's chat on another device. A conversation belongs to the browser that
 * started it (its chat cookie); typing the same e-mail address elsewhere never reaches it
 * (chat-store.server.ts loginVisitor). Instead the visitor asks for a link: it is mailed to
 * the address the open conversation was started with, works once and for RESUME_LINK_MS, and
 * moves the conversation to the browser that opens it — the first browser's cookie no longer
 * reaches it and its sockets are closed. The answer to the request is the same whether or not
 * such a conversation exists, so nobody learns who is chatting.
 */

export const RESUME_LINK_MS = 30 * 60_000;
const PER_WINDOW = 3;
const WINDOW_MS = 60 * 60_000;

export const resumeRequestSchema = z.object({ email: chatEmail });
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
const sha = (token: string) => createHash('sha256').update(`chat-resume:${token}`).digest('base64url');

const limiters = new WeakMap<Services, RateLimiter>();
function limiterFor(services: Services): RateLimiter {
  let l = limiters.get(services);
  if (!l) limiters.set(services, (l = sharedRateLimiter(services, 'chat-resume', PER_WINDOW, WINDOW_MS)));
  return l;
}

/** The newest open conversation started with `email`, by a visitor other than `exceptKey`'s. */
async function openConversationOf(services: Services, email: string, exceptKey: string | null) {
  let q = services.db
    .selectFrom('chat_users as u')
    .innerJoin('chat_conversations as c', 'c.id', 'u.conversation_id')
    .select(['u.id as userId', 'c.id as conversationId', 'u.name as name'])
    .where('u.kind', '=', 'visitor')
    .where('c.status', '=', 'open')
    .where('c.visitor_email', '=', email);
  if (exceptKey !== null) q = q.where((eb) => eb.or([eb('u.visitor_key', 'is', null), eb('u.visitor_key', '<>', exceptKey)]));
  return q.orderBy('c.id', 'desc').executeTakeFirst();
}

/** POST /api/chat/resume: mails a link when there is a conversation to move; one answer for all. */
export async function requestResumeLink(services: Services, input: unknown, from: { ip: string; cookie: string | null; requestOrigin: string | null }): Promise<{ message: string }> {
  const { email } = parseInput(resumeRequestSchema, input);
  const limiter = limiterFor(services);
  const wait = Math.max(await limiter.hit(`ip:${from.ip}`), await limiter.hit(`email:${email}`));
  if (wait > 0) throw Object.assign(new ChatError('rate_limited', t('chat.resumeTooMany'), 429), { retryAfter: wait });
  const answer = { message: t('chat.resumeSent', { email }) };
  const found = await openConversationOf(services, email, from.cookie ? visitorKeyOf(from.cookie) : null);
  if (!found) return answer;
  const origin = await mailOrigin(services, 'chat resume link', from.requestOrigin);
  if (!origin) return answer;
  const token = randomBytes(32).toString('base64url');
  await services.db
    .insertInto('chat_resume_links')
    .values({ token_hash: sha(token), chat_user_id: found.userId, conversation_id: found.conversationId, expires_at: isoIn(RESUME_LINK_MS), used_at: null, created_at: nowIso() })
    .execute();
  const settings = await getSettings(services.db);
  const link = `${origin}/chat/resume?token=${token}`;
  await services.mailer
    .send({
      to: email,
      kind: 'magic_link',
      secrets: [token],
      ...renderMail(settings, {
        subject: t('chat.resumeSubject', { store: settings.storeName }),
        heading: t('chat.resumeHeading'),
        paragraphs: [t('chat.resumeIntro', { minutes: RESUME_LINK_MS / 60_000 })],
        action: { label: t('chat.resumeAction'), url: link },
        footer: t('chat.resumeFooter'),
      }),
    })
    .catch((err: unknown) => services.log.error({ err }, 'chat resume e-mail could not be sent'));
  return answer;
}

/** Whether a link is still good (the page shows it before anything is moved): the visitor's name, or null. */
export async function checkResumeLink(services: Services, token: unknown): Promise<{ name: string } | null> {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) return null;
  const row = await services.db
    .selectFrom('chat_resume_links as l')
    .innerJoin('chat_conversations as c', 'c.id', 'l.conversation_id')
    .select(['c.visitor_name as name', 'c.status as status'])
    .where('l.token_hash', '=', sha(parsed.data))
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', nowIso())
    .executeTakeFirst();
  return row && row.status === 'open' ? { name: row.name } : null;
}

/**
 * Uses a link: in one transaction it is spent and its visitor record gets a new chat cookie,
 * which the caller sets in this browser. Null for a link that is unknown, used, expired, or
 * whose conversation has ended. The caller closes the old browser's sockets (chatUserId).
 */
export async function redeemResumeLink(services: Services, token: unknown): Promise<{ cookie: string; chatUserId: number } | null> {
  const parsed = tokenSchema.safeParse(token);
  if (!parsed.success) return null;
  const now = nowIso();
  return services.db.transaction().execute(async (trx) => {
    const link = await trx
      .updateTable('chat_resume_links')
      .set({ used_at: now })
      .where('token_hash', '=', sha(parsed.data))
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['chat_user_id', 'conversation_id'])
      .executeTakeFirst();
    if (!link) return null;
    const c = await trx.selectFrom('chat_conversations').select('status').where('id', '=', link.conversation_id).executeTakeFirst();
    const owner = await trx.selectFrom('chat_users').select('conversation_id').where('id', '=', link.chat_user_id).executeTakeFirst();
    if (c?.status !== 'open' || owner?.conversation_id !== link.conversation_id) return null;
    const cookie = newChatCookie(services.config.sessionSecret);
    await trx.updateTable('chat_users').set({ visitor_key: visitorKeyOf(cookie), status: 'offline', last_online: now }).where('id', '=', link.chat_user_id).execute();
    return { cookie, chatUserId: link.chat_user_id };
  });
}
