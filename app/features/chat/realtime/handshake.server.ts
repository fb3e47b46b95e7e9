import type { Socket } from 'socket.io';
import { t } from '../../../i18n/t-chat.ts';
import { getChatSettings } from '../chat-settings.server.ts';
import { verifyChatToken } from '../chat-token.server.ts';
import { ensureOperator, ensureVisitor, type ChatUserRow } from '../chat-store.server.ts';
import { mayOperate, type ChatHub, type SocketData } from './hub.server.ts';

function clientIp(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded) return forwarded.split(',')[0].trim();
  return socket.handshake.address;
}

/** Who a socket is, decided once at its handshake, with the connection limits; refused sockets never connect. */
export function authenticate(hub: ChatHub) {
  const { io, db, limits, log, track, takeSettings } = hub;
  const { config } = hub.services;
  // ---- authentication: the token says who the socket is; nothing it sends later can change that ----
  io.use(async (socket, next) => {
    try {
      const claims = verifyChatToken(config.sessionSecret, (socket.handshake.auth as { token?: unknown } | undefined)?.token);
      if (!claims) return next(Object.assign(new Error('unauthorized'), { data: { code: 'unauthorized', message: t('chat.unauthorized') } }));
      const ip = clientIp(socket, config.trustProxy);
      const settings = await getChatSettings(db);
      hub.settingsReadNow(settings);
      // Connections per person and per client address, across sockets and nodes.
      const wait = await limits.connection(claims.role === 'operator' ? String(claims.userId) : claims.visitorKey, ip, claims.role === 'operator', settings);
      if (wait > 0) return next(Object.assign(new Error('rate_limited'), { data: { code: 'rate_limited', message: t('chat.rateLimited'), retryAfterMs: wait * 1000 } }));
      let me: ChatUserRow;
      let staffAccount = false;
      if (claims.role === 'operator') {
        // The account's role now, not when the token was issued: only the console's roles operate.
        const user = await db.selectFrom('users').select(['id', 'name', 'email', 'role']).where('id', '=', claims.userId).executeTakeFirst();
        if (!user || !mayOperate(user.role)) return next(Object.assign(new Error('unauthorized'), { data: { code: 'unauthorized', message: t('chat.operatorsOnly') } }));
        me = await ensureOperator(db, user, ip);
        staffAccount = true;
      } else {
        if (claims.userId !== null) {
          // The same-address bypass is for the console's staff (the access table), not every staff role.
          const user = await db.selectFrom('users').select('role').where('id', '=', claims.userId).executeTakeFirst();
          staffAccount = mayOperate(user?.role);
        }
        me = await ensureVisitor(db, { visitorKey: claims.visitorKey, userId: claims.userId, vendorId: claims.vendorId, ip });
      }
      // Sockets open at once per person and per client address, across nodes: the places are
      // taken last (nothing refused after them) and given back when the connection goes, even
      // one that closes before it is welcomed (the engine's close event).
      const identity = claims.role === 'operator' ? String(claims.userId) : claims.visitorKey;
      const full = await limits.opened(socket.id, identity, ip, claims.role === 'operator', settings);
      if (full) {
        return next(Object.assign(new Error('too_many_sockets'), { data: { code: 'too_many_sockets', message: t('chat.tooManySockets'), scope: full } }));
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        track(limits.closed(socket.id, identity, ip, claims.role === 'operator').catch((err: unknown) => log.warn({ err }, 'chat: giving back an open socket place failed')));
      };
      socket.once('disconnect', release);
      socket.conn.once('close', release);
      if (socket.conn.readyState !== 'open') release();
      const data = socket.data as SocketData;
      data.role = claims.role;
      data.chatUserId = me.id;
      data.accountId = claims.userId;
      data.ip = ip;
      data.initial = me;
      data.vendorId = me.vendor_id;
      data.staffAccount = staffAccount;
      data.typing = new Set();
      takeSettings(data, settings);
      data.bucket = { tokens: data.rate.burst, last: Date.now() };
      next();
    } catch (err) {
      log.error({ err }, 'chat connection setup failed');
      next(Object.assign(new Error('server_error'), { data: { code: 'server_error', message: 'Server error' } }));
    }
  });
}
