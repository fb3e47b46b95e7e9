import type { Selectable } from 'kysely';
import type { ChatConversationsTable, ChatMessagesTable, ChatUsersTable } from '../../../../db/schema.ts';
import { t } from '../../../i18n/t-chat.ts';
import type { ChatMessageView, ChatUserView, ConversationView } from '../chat.schema.ts';

/*
 * The chat's rows as the database holds them, the views the clients get of them, and the one
 * refusal every part of the chat throws.
 */

export type ChatUserRow = Selectable<ChatUsersTable>;
export type ConversationRow = Selectable<ChatConversationsTable>;
export type MessageRow = Selectable<ChatMessagesTable>;

/** A refusal the client can act on: a stable code, a message, an HTTP status for the HTTP calls. */
export class ChatError extends Error {
  constructor(
    public code: string,
    message: string,
    public status = 400,
    public fields?: Record<string, string>,
  ) {
    super(message);
  }
  override name = 'ChatError';
}

export const notFound = () => new ChatError('not_found', t('chat.notFound'), 404);

// ---- views ----

export const userView = (r: ChatUserRow): ChatUserView => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  email: r.email,
  gravatar: r.gravatar,
  avatarType: r.avatar_type,
  avatarImage: r.avatar_image,
  status: r.status,
  lastOnline: r.last_online,
  currentPage: r.current_page,
  ip: r.ip,
  isMobile: r.is_mobile === 1,
  vendorId: r.vendor_id,
  conversationId: r.conversation_id,
  chatWith: r.chat_with,
});

export const conversationView = (r: ConversationRow): ConversationView => ({
  id: r.id,
  vendorId: r.vendor_id,
  status: r.status,
  visitorId: r.visitor_id,
  visitorName: r.visitor_name,
  visitorEmail: r.visitor_email,
  operatorId: r.operator_id,
  operatorName: r.operator_name,
  evaluation: r.evaluation,
  lastSeq: r.last_seq,
  createdAt: r.created_at,
  acceptedAt: r.accepted_at,
  closedAt: r.closed_at,
});

export const messageView = (r: MessageRow): ChatMessageView => ({
  conversationId: r.conversation_id,
  seq: r.seq,
  id: r.id,
  clientId: r.client_id,
  senderId: r.sender_id,
  senderType: r.sender_type,
  userName: r.user_name,
  gravatar: r.gravatar,
  avatarType: r.avatar_type,
  avatarImage: r.avatar_image,
  text: r.body,
  read: r.read === 1,
  at: r.created_at,
});
