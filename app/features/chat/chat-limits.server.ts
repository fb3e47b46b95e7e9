import { CHAT_LIMITS } from '../../config/constants.ts';
import type { Services } from '../../lib/services.server.ts';
import { sharedRateLimiter, type RateLimiter } from '../../lib/rate-limit.server.ts';
import { sharedOpenSlots } from '../../lib/open-slots.server.ts';
import type { ChatSettings } from './chat-settings.server.ts';
import { OFFLINE_WINDOW_MS } from './chat.schema.ts';

/*
 * The chat's allowances per person and per client address, counted across all their sockets
 * and every node (`sharedRateLimiter`: Redis when the shop has it). The per-socket token
 * bucket in chat-realtime.server.ts still smooths one socket's events; these keep a visitor
 * with twenty sockets, or a script with four hundred, to what one person may do.
 * Each method answers the seconds to wait, 0 when allowed.
 */

/** Staff answer many conversations at once: this many times a visitor's message allowance. */
export const OPERATOR_RATE_FACTOR = 10;

export interface ChatLimits {
  /** One stored message of `who` (a visitor's record or an operator's) from `ip`. */
  message(who: { kind: 'visitor' | 'operator'; id: number }, ip: string, settings: ChatSettings): Promise<number>;
  /** A socket connecting as `identity` (visitor key or operator account) from `ip`. */
  connection(identity: string, ip: string, operator: boolean, settings: ChatSettings): Promise<number>;
  /**
   * Socket `socketId` of `identity` from `ip` stays open: answers what is full ('visitor' or
   * 'client'), or null when it took its places (give them back with `closed`).
   */
  opened(socketId: string, identity: string, ip: string, operator: boolean, settings: ChatSettings): Promise<'visitor' | 'client' | null>;
  /** The socket of `opened` is gone (any number of times). */
  closed(socketId: string, identity: string, ip: string, operator: boolean): Promise<void>;
  /** A chat login of visitor record `visitorId` from `ip`. */
  login(visitorId: number, ip: string, settings: ChatSettings): Promise<number>;
  /** A transcript copy (or its confirmation mail) to `email`, asked from `ip`. */
  transcript(email: string, ip: string): Promise<number>;
  /** An offline-form message from the browser with chat identity `visitorKey`. */
  offline(visitorKey: string): Promise<number>;
}

const all = new WeakMap<Services, ChatLimits>();

export function chatLimits(services: Services): ChatLimits {
  let l = all.get(services);
  if (!l) all.set(services, (l = makeLimits(services)));
  return l;
}

/**
 * The first allowance that refuses, asked in order: a hit refused by the person's own
 * allowance is not counted against their address (what was not done costs the others nothing).
 */
const worst = async (...hits: (() => Promise<number>)[]) => {
  for (const hit of hits) {
    const wait = await hit();
    if (wait > 0) return wait;
  }
  return 0;
};

function makeLimits(services: Services): ChatLimits {
  const made = new Map<string, RateLimiter>();
  // Limiters are made once per name and size: the message allowance follows the chat settings.
  const limiter = (name: string, points: number, windowMs: number) => {
    const key = `${name}:${points}:${windowMs}`;
    let l = made.get(key);
    if (!l) made.set(key, (l = sharedRateLimiter(services, `${name}-${points}`, points, windowMs)));
    return l;
  };
  const L = CHAT_LIMITS;
  const openById = sharedOpenSlots(services, 'chat-socket-id');
  const openByClient = sharedOpenSlots(services, 'chat-socket-client');
  const idKey = (identity: string, operator: boolean) => `${operator ? 'op' : 'v'}:${identity}`;
  return {
    async opened(socketId, identity, ip, operator, settings) {
      if (!(await openById.take(idKey(identity, operator), socketId, L.openSocketsPerVisitor))) return 'visitor';
      // Staff of one office share an address, as with the connection rate.
      if (operator || settings.openSocketsPerClient === 0) return null;
      if (await openByClient.take(ip, socketId, settings.openSocketsPerClient)) return null;
      await openById.release(idKey(identity, operator), socketId);
      return 'client';
    },
    async closed(socketId, identity, ip, operator) {
      await Promise.all([openById.release(idKey(identity, operator), socketId), operator ? undefined : openByClient.release(ip, socketId)]);
    },
    message(who, ip, settings) {
      // What one socket's bucket allows over a window, now for all of the person's sockets together.
      const allowance = settings.rateBurst + Math.ceil((settings.ratePerSecond * L.messageWindowMs) / 1000);
      if (who.kind === 'operator') return limiter('chat-msg-op', allowance * OPERATOR_RATE_FACTOR, L.messageWindowMs).hit(String(who.id));
      return worst(
        () => limiter('chat-msg-visitor', allowance, L.messageWindowMs).hit(String(who.id)),
        () => limiter('chat-msg-client', allowance * L.messagesClientFactor, L.messageWindowMs).hit(ip),
      );
    },
    connection(identity, ip, operator, settings) {
      const own = () => limiter('chat-conn-id', L.connectionsPerVisitor, L.connectionWindowMs).hit(`${operator ? 'op' : 'v'}:${identity}`);
      // Staff of one office share an address: their own account's count is what holds them.
      if (operator || settings.connectionsPerClient === 0) return own();
      return worst(own, () => limiter('chat-conn-client', settings.connectionsPerClient, L.connectionWindowMs).hit(ip));
    },
    login(visitorId, ip, settings) {
      const own = () => limiter('chat-login-visitor', L.loginsPerVisitor, L.loginWindowMs).hit(String(visitorId));
      if (settings.loginsPerClient === 0) return own();
      return worst(own, () => limiter('chat-login-client', settings.loginsPerClient, L.loginWindowMs).hit(ip));
    },
    transcript(email, ip) {
      return worst(
        () => limiter('chat-copy-address', L.transcriptsPerAddress, L.transcriptWindowMs).hit(email.toLowerCase()),
        () => limiter('chat-copy-client', L.transcriptsPerClient, L.transcriptWindowMs).hit(ip),
      );
    },
    offline(visitorKey) {
      return limiter('chat-offline-visitor', L.offlinePerVisitor, OFFLINE_WINDOW_MS).hit(visitorKey);
    },
  };
}
