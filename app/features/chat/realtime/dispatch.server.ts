import { plural, t } from '../../../i18n/t-chat.ts';
import { ChatError } from '../chat-store.server.ts';
import { CLIENT_EVENTS, MESSAGE_MAX } from '../chat.schema.ts';
import { mayOperate, type ChatHub, type ChatSocket, type Handler, type SocketData } from './hub.server.ts';

/** Events sent by the hundred (see stillOperator). */
const FREQUENT = new Set<string>([CLIENT_EVENTS.send, CLIENT_EVENTS.typing]);
const ROLE_RECHECK_MS = 1000;

/** The one listener of every socket's events: checks each event, then runs its handler. */
export function dispatcher(hub: ChatHub, handlers: Record<string, Handler>) {
  const { db, log, refuse, takeSettings, currentSettings } = hub;
  /**
   * Whether the operator's account holds a console role now. Messages and typing, sent by the
   * hundred, may use an answer up to ROLE_RECHECK_MS old; every other event reads it. (A role
   * changed through the back office closes the sockets at once anyway: disconnectAccount.)
   */
  const stillOperator = async (data: SocketData, frequent: boolean) => {
    if (data.accountId === null) return false;
    if (frequent && data.roleCheckedAt !== undefined && Date.now() - data.roleCheckedAt < ROLE_RECHECK_MS) return true;
    const user = await db.selectFrom('users').select('role').where('id', '=', data.accountId).executeTakeFirst();
    const ok = mayOperate(user?.role);
    data.roleCheckedAt = ok ? Date.now() : undefined;
    return ok;
  };

  /**
   * Every event of every socket (Socket.IO calls it with the socket as `this`): rate limit,
   * zod, then the handler; every failure is an error event and a failed ack, never a crash.
   */
  function dispatch(this: ChatSocket, event: string, ...args: unknown[]) {
    handle(this, event, args).catch((err: unknown) => log.error({ err, event }, 'chat event failed'));
  }
  async function handle(socket: ChatSocket, event: string, args: unknown[]) {
    const data = socket.data;
    const ack = typeof args[args.length - 1] === 'function' ? (args.pop() as (a: unknown) => void) : undefined;
    const h = Object.hasOwn(handlers, event) ? handlers[event] : undefined;
    if (!h) return refuse(socket, event, { code: 'unknown_event', message: t('chat.invalid') }, ack);
    const b = data.bucket;
    const now = Date.now();
    b.tokens = Math.min(data.rate.burst, b.tokens + ((now - b.last) / 1000) * data.rate.perSecond);
    b.last = now;
    if (b.tokens < 1) {
      const retryAfterMs = Math.ceil(((1 - b.tokens) / Math.max(data.rate.perSecond, 0.001)) * 1000);
      return refuse(socket, event, { code: 'rate_limited', message: t('chat.rateLimited'), retryAfterMs }, ack);
    }
    b.tokens -= 1;
    try {
      // The settings as saved (read again at most once a second per node): a change reaches open sockets by their next event.
      takeSettings(data, await currentSettings());
      // An operator socket acts only while its account holds a console role now (a demotion, or a token
      // issued to a role that never had the console): refused, and the socket closed.
      if (data.role === 'operator' && !(await stillOperator(data, FREQUENT.has(event)))) {
        refuse(socket, event, { code: 'forbidden', message: t('chat.operatorsOnly') }, ack);
        socket.disconnect(true);
        return;
      }
    } catch (err) {
      log.error({ err, event }, 'chat event check failed');
      return refuse(socket, event, { code: 'server_error', message: 'Server error' }, ack);
    }
    const parsed = h.schema.safeParse(args[0]);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
      const tooLong = Object.values(fields).includes('too_long');
      return refuse(socket, event, { code: tooLong ? 'too_long' : 'invalid', message: tooLong ? plural('chat.tooLong', MESSAGE_MAX) : t('chat.invalid'), fields }, ack);
    }
    try {
      const result = await h.run(socket, parsed.data as never);
      ack?.({ ok: true, ...(result ?? {}) });
    } catch (err) {
      if (err instanceof ChatError) {
        const retryAfterMs = (err as ChatError & { retryAfterMs?: number }).retryAfterMs;
        return refuse(socket, event, { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}), ...(retryAfterMs ? { retryAfterMs } : {}) }, ack);
      }
      log.error({ err, event }, 'chat event failed');
      refuse(socket, event, { code: 'server_error', message: 'Server error' }, ack);
    }
  }

  return dispatch;
}
