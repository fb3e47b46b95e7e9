import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { HttpError } from '../../app/lib/http-error.ts';
import { parseInput } from '../../app/lib/validate.ts';
import { mayUse } from '../../app/features/account/admin-access.ts';
import { CHAT_COOKIE, evaluateSchema, tokenRequestSchema } from '../../app/features/chat/chat.schema.ts';
import { chatCookieHeader, issueChatToken, visitorKeyOf } from '../../app/features/chat/chat-token.server.ts';
import { knownChatCookie, newChatCookie } from '../../app/features/chat/chat-cookie.server.ts';
import { ChatError, evaluateConversation, notFound } from '../../app/features/chat/chat-store.server.ts';
import { requestTranscriptCopy, sendOfflineMessage } from '../../app/features/chat/chat-mail.server.ts';
import { requestResumeLink, resumeRequestSchema } from '../../app/features/chat/chat-resume.server.ts';
import { t } from '../../app/i18n/t-chat.ts';
import { z } from 'zod';
import { apiSchema } from '../openapi.ts';
import { offlineSchema } from '../../app/features/chat/chat.schema.ts';

/** A chat refusal as the house error shape. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ChatError) {
      const retry = (err as ChatError & { retryAfter?: number }).retryAfter;
      throw new HttpError(err.status, err.code, err.message, err.fields, retry ? { 'retry-after': String(retry) } : undefined);
    }
    throw err;
  }
}

const tags = ['Chat'];

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Live chat (docs/API.md, Chat): tokens for the socket, the offline form, evaluations. */
export async function chatRoutes(api: FastifyInstance) {
  const services = api.services;

  const secret = services.config.sessionSecret;
  /** This browser's chat cookie when the server issued it (chat-cookie.server.ts), else null. */
  const knownCookie = (request: FastifyRequest) => knownChatCookie(services.db, secret, request.cookies[CHAT_COOKIE]);
  /** The visitor's chat cookie, made (and sent) when they have none or one the server never issued. */
  const visitorCookie = async (request: FastifyRequest, reply: FastifyReply): Promise<string> => {
    const existing = await knownCookie(request);
    if (existing) return existing;
    const fresh = newChatCookie(secret);
    reply.header('set-cookie', chatCookieHeader(fresh, request.ctx.secure));
    return fresh;
  };

  api.post('/chat/token', { schema: apiSchema({ summary: 'A token for the chat socket', description: 'Visitors get one tied to their `vt_chat` cookie (set when missing); operators need a staff session.', tags, access: 'csrf', cookies: ['vt_chat'], body: tokenRequestSchema, responses: { 200: { description: 'The token.', body: z.looseObject({ role: z.enum(['visitor', 'operator']), token: z.string() }) } } }) }, async (request, reply) => {
    noStore(reply);
    const input = parseInput(tokenRequestSchema, request.body ?? {});
    const user = request.ctx.user;
    if (input.as === 'operator') {
      if (!user) throw new HttpError(401, 'unauthorized', 'Sign in with a staff account first.');
      if (!mayUse(user.role, 'chatConsole')) throw new HttpError(403, 'forbidden', t('chat.operatorsOnly'));
      return { role: 'operator', ...issueChatToken(services.config.sessionSecret, { role: 'operator', userId: user.id }) };
    }
    const visitorKey = visitorKeyOf(await visitorCookie(request, reply));
    return {
      role: 'visitor',
      ...issueChatToken(services.config.sessionSecret, { role: 'visitor', visitorKey, userId: user?.id ?? null, vendorId: input.vendorId }),
    };
  });

  api.post('/chat/offline', { schema: apiSchema({ summary: 'Leave a message when no operator is online', tags, access: 'csrf', body: offlineSchema, responses: { 201: { description: 'Sent.', body: z.looseObject({}) } } }) }, async (request, reply) => {
    noStore(reply);
    const cookie = await knownCookie(request);
    const result = await answer(() => sendOfflineMessage(services, request.body, { ip: request.ctx.clientIp, userId: request.ctx.user?.id ?? null, visitorKey: cookie ? visitorKeyOf(cookie) : null }));
    return reply.status(201).send(result);
  });

  api.post('/chat/resume', { schema: apiSchema({ summary: 'Mail a link that continues a chat on this device', description: 'The link goes to the address an open conversation was started with; the answer is the same whether there is one or not.', tags, access: 'csrf', cookies: ['vt_chat'], body: resumeRequestSchema, responses: { 202: { description: 'Asked.', body: z.object({ message: z.string() }) } } }) }, async (request, reply) => {
    noStore(reply);
    const cookie = await knownCookie(request);
    const result = await answer(() => requestResumeLink(services, request.body, { ip: request.ctx.clientIp, cookie, requestOrigin: request.ctx.requestOrigin }));
    return reply.status(202).send(result);
  });

  api.post('/chat/evaluation', { schema: apiSchema({ summary: 'Rate a chat conversation', tags, access: 'csrf', cookies: ['vt_chat'], body: evaluateSchema, responses: { 200: { description: 'Rated.', body: z.looseObject({ ok: z.boolean(), message: z.string(), evaluation: z.string().nullable(), receiveCopy: z.boolean(), copy: z.enum(['sent', 'confirm', 'limited', 'none']) }) } } }) }, async (request, reply) => {
    noStore(reply);
    const input = parseInput(evaluateSchema, request.body);
    const cookie = await knownCookie(request);
    const userId = request.ctx.user?.id ?? null;
    const key = cookie ? visitorKeyOf(cookie) : null;
    if (key === null && userId === null) throw new HttpError(404, 'not_found', t('chat.notFound'));
    // This browser's visitor record, or — signed in — any of the account's (one visitor on every device).
    const mine = await services.db
      .selectFrom('chat_users')
      .selectAll()
      .where('kind', '=', 'visitor')
      .where((eb) => eb.or([...(key !== null ? [eb('visitor_key', '=', key)] : []), ...(userId !== null ? [eb('user_id', '=', userId)] : [])]))
      .execute();
    const owner = await services.db.selectFrom('chat_conversations').select('visitor_id').where('id', '=', input.conversationId).executeTakeFirst();
    const visitor = mine.find((v) => v.id === owner?.visitor_id) ?? mine[0];
    const c = await answer(async () => {
      if (!visitor) throw notFound();
      return evaluateConversation(services.db, visitor, input);
    });
    // The copy only to an address the visitor has proved (else a confirmation link first), within the day's allowance.
    const copy = input.receiveCopy ? await requestTranscriptCopy(services, c.id, { ip: request.ctx.clientIp, requestOrigin: request.ctx.requestOrigin }) : 'none';
    return { ok: true, message: t('chat.evaluated'), evaluation: c.evaluation, receiveCopy: c.receive_copy === 1, copy };
  });
}

