import { z } from 'zod';

/*
 * The live chat's limits, event names and payload shapes, shared by the server
 * (chat-realtime.server.ts, server/api/chat.ts) and the browser (client/chat-connection.ts).
 * Every payload a client sends is parsed with one of these schemas before anything is done.
 */

/** Longest message, in characters (UTF-16 code units, as the browser counts a textarea). */
export const MESSAGE_MAX = 5000;
/** How long a chat token from POST /api/chat/token is accepted for a new connection. */
export const CHAT_TOKEN_TTL_MS = 5 * 60_000;
/** The chat cookie: a random visitor identity (HttpOnly); the database keeps its SHA-256. */
export const CHAT_COOKIE = 'vt_chat';
export const CHAT_COOKIE_DAYS = 365;
/** Messages one catch-up answer holds at most; the client asks again from the last one. */
export const SINCE_PAGE = 500;
/** Offline messages per client address and per e-mail address in one window. */
export const OFFLINE_PER_WINDOW = 3;
export const OFFLINE_WINDOW_MS = 60 * 60 * 1000;
/** Spec §4 cleanup: offline visitors go after this many seconds, waiting ones after twice that. */
export const CLEANUP_THRESHOLD_S = 3600;
export const CLEANUP_EVERY_MS = 5 * 60_000;

/** Spec §9: reconnect delay starts at 1 s and grows by 1.3 up to 5 minutes. */
export const RECONNECT = { firstMs: 1000, factor: 1.3, maxMs: 5 * 60_000 } as const;
/** Spec §9: the widget's guest poll, login retry and typing timeout. */
export const GUEST_POLL_MS = 30_000;
export const LOGIN_RETRY_MS = 10_000;
export const TYPING_TIMEOUT_MS = 1300;
/** Spec §2, §9: a click on the popup's header minimises it, from 3 s after it opened. */
export const HEADER_CLICK_DELAY_MS = 3000;
/**
 * Spec §4, §9: the popup minimises 2 s after the visitor leaves (here: once the ended chat is
 * rated, the end panel's question) and after an offline message is sent.
 */
export const MINIMISE_AFTER_MS = 2000;

export type ChatRole = 'visitor' | 'operator';
export type UserStatus = 'online' | 'offline' | 'wait';
export type WidgetMode = 'offline' | 'login' | 'online';

/** Events a client emits (each with an acknowledgement callback answering `Ack`). */
export const CLIENT_EVENTS = {
  login: 'chat:login',
  send: 'chat:send',
  join: 'chat:join',
  since: 'chat:since',
  typing: 'chat:typing',
  read: 'chat:read',
  page: 'chat:page',
  end: 'chat:end',
  evaluate: 'chat:evaluate',
  availability: 'chat:availability',
  /** A visitor minimising (offline) or restoring (online) the popup (spec §2, §4). */
  visitorStatus: 'chat:status',
  status: 'op:status',
  accept: 'op:accept',
  queue: 'op:queue',
  canned: 'op:canned',
  /** Online operators who could take over a conversation, and the handover itself. */
  operators: 'op:operators',
  transfer: 'op:transfer',
} as const;

/** Events the server emits. */
export const SERVER_EVENTS = {
  hello: 'chat:hello',
  message: 'chat:message',
  typing: 'chat:typing',
  presence: 'chat:presence',
  conversation: 'chat:conversation',
  availability: 'chat:availability',
  read: 'chat:read',
  error: 'chat:error',
  queue: 'op:queue',
} as const;

// ---- shared field rules (spec §5) ----

/** Letters of the scripts the spec names, digits, space, hyphen, dot, at-sign, underscore. */
const NAME_RE = /^[0-9A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF\u0530-\u058F\u0590-\u05FF\u0600-\u06FF\uAC00-\uD7AF\u1100-\u11FF\u3040-\u30FF\u4E00-\u9FFF .@_-]+$/;
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const chatName = z
  .string({ message: 'field_empty' })
  .trim()
  .min(1, 'field_empty')
  .max(100, 'invalid_username')
  .regex(NAME_RE, 'invalid_username');
export const chatEmail = z.string({ message: 'field_empty' }).trim().toLowerCase().min(1, 'field_empty').max(254, 'invalid_email').regex(EMAIL_RE, 'invalid_email');
const id = z.number().int().positive().max(2_147_483_647);
const seq = z.number().int().min(0).max(2_147_483_647);
const vendorId = z.number().int().min(0).max(2_147_483_647);
/** A page address the visitor is on (shown to operators as text, never fetched). */
const pageUrl = z.string().max(2000);
/** Chosen by the sender, unique among its messages of the conversation (a UUID or similar). */
export const clientId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_:.-]+$/);

// ---- socket payloads ----

/** An empty field counts as not given (the shop may not show the login form). */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/**
 * Spec §3: a visitor who gives no name is called after the part of their e-mail address before
 * the at-sign, or 'Guest-' and a number from 1000 to 5000 without one.
 */
export function guestName(email?: string, random: () => number = Math.random): string {
  const local = email?.split('@')[0]?.trim();
  if (local) return local.slice(0, 100);
  return `Guest-${1000 + Math.floor(random() * 4001)}`;
}

export const loginSchema = z.object({
  /** Both required while the shop shows the login form; without it a guest name is made (guestName). */
  name: optional(chatName),
  email: optional(chatEmail),
  /** Required when the shop asks for GDPR acceptance (chat settings). */
  gdpr: z.boolean().optional(),
  currentPage: pageUrl.optional(),
  isMobile: z.boolean().optional(),
});
export const sendSchema = z.object({
  conversationId: id,
  clientId,
  text: z.string().max(MESSAGE_MAX, 'too_long'),
});
export const joinSchema = z.object({ conversationId: id, after: seq.default(0) });
export const sinceSchema = z.object({ conversationId: id, after: seq });
export const typingSchema = z.object({ conversationId: id, typing: z.boolean() });
export const readSchema = z.object({ conversationId: id, upTo: seq });
export const pageSchema = z.object({ currentPage: pageUrl, isMobile: z.boolean().optional() });
export const endSchema = z.object({ conversationId: id });
export const evaluateSchema = z.object({
  conversationId: id,
  evaluation: z.enum(['good', 'bad', '']),
  /** Mail a transcript to the visitor's address. */
  receiveCopy: z.boolean().default(false),
});
export const statusSchema = z.object({ status: z.enum(['online', 'offline']) });
export const acceptSchema = z.object({ conversationId: id });
export const transferSchema = z.object({ conversationId: id, operatorId: id });
/** Events without a payload (anything sent along is ignored). */
export const emptySchema = z.object({}).nullish();

// ---- HTTP bodies ----

export const tokenRequestSchema = z.object({
  /** operator: a staff session is required; default visitor. */
  as: z.enum(['visitor', 'operator']).default('visitor'),
  /** The vendor whose operators the visitor wants (shop pages of a vendor), 0 = the shop. */
  vendorId: vendorId.default(0),
});
export const offlineSchema = z.object({
  name: chatName,
  email: chatEmail,
  message: z.string({ message: 'field_empty' }).trim().min(1, 'field_empty').max(MESSAGE_MAX, 'too_long'),
  vendorId: vendorId.default(0),
  gdpr: z.boolean().optional(),
  currentPage: pageUrl.optional(),
});

/**
 * An operator's picture in the chat (spec §3 avatar_type / avatar_image): initials ('other'),
 * their Gravatar, or a picture on this shop (a path: the page's image policy allows no other host
 * but Gravatar). Visitors always get initials: their addresses are never sent anywhere.
 */
export const operatorAvatarSchema = z
  .object({
    avatarType: z.enum(['other', 'gravatar', 'image'], { message: 'avatar_type' }),
    avatarImage: z
      .string()
      .trim()
      .max(500, 'avatar_image')
      .regex(/^(\/(?!\/)[^\s"'<>\\]*)?$/, 'avatar_image')
      .default(''),
  })
  .refine((a) => a.avatarType !== 'image' || a.avatarImage !== '', { path: ['avatarImage'], message: 'avatar_image' });

// ---- what the server sends ----

export interface ChatMessageView {
  conversationId: number;
  seq: number;
  id: number;
  /** The sender's client id (null for system messages): lets the sender match its pending bubble. */
  clientId: string | null;
  senderId: number | null;
  senderType: 'visitor' | 'operator' | 'system';
  userName: string;
  gravatar: string;
  avatarType: string;
  avatarImage: string;
  text: string;
  read: boolean;
  at: string;
}

export interface ChatUserView {
  id: number;
  kind: ChatRole;
  name: string;
  email: string;
  gravatar: string;
  avatarType: string;
  avatarImage: string;
  status: UserStatus;
  lastOnline: string | null;
  currentPage: string;
  ip: string;
  isMobile: boolean;
  vendorId: number;
  conversationId: number | null;
  chatWith: string;
}

export interface ConversationView {
  id: number;
  vendorId: number;
  status: 'open' | 'closed';
  visitorId: number | null;
  visitorName: string;
  visitorEmail: string;
  operatorId: number | null;
  operatorName: string;
  evaluation: '' | 'good' | 'bad';
  lastSeq: number;
  createdAt: string;
  acceptedAt: string | null;
  closedAt: string | null;
}

export interface Hello {
  role: ChatRole;
  me: ChatUserView;
  /** The visitor's open conversation (visitors), null without one. */
  conversation: ConversationView | null;
  mode: WidgetMode;
  operatorsOnline: number;
  /** Operators: open conversations of their vendor. */
  queue?: ConversationView[];
  /** `transcriptCopy`: the end panel offers a copy by e-mail (the chat transcript e-mail is on). */
  settings: { gdpr: boolean; displayLogin: boolean; offlineForm: boolean; transcriptCopy: boolean };
}

export interface ChatErrorBody {
  code: string;
  message: string;
  /** The event that was refused. */
  event?: string;
  fields?: Record<string, string>;
  retryAfterMs?: number;
}

export type Ack<T = Record<string, unknown>> = ({ ok: true } & T) | { ok: false; error: ChatErrorBody };
