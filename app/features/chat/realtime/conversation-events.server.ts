import { t } from '../../../i18n/t-chat.ts';
import { ChatError, acceptConversation, appendMessage, conversationView, endConversation, getChatUser, markRead, messageView, messagesSince } from '../chat-store.server.ts';
import { CLIENT_EVENTS, SERVER_EVENTS, SINCE_PAGE, endSchema, joinSchema, readSchema, sendSchema, sinceSchema, typingSchema } from '../chat.schema.ts';
import { handler, room, type ChatHub, type Handler } from './hub.server.ts';

/*
 * The events both sides send inside a conversation: messages (stored first, then acknowledged
 * and broadcast), catching up, typing, read receipts, the end.
 */
export function conversationEvents(hub: ChatHub): Record<string, Handler> {
  const { io, db, limits, me, conversationFor, withinLimit, stopTyping, presenceOf, emitConversation } = hub;
  return {
    [CLIENT_EVENTS.send]: handler(sendSchema, async (socket, input) => {
      const data = socket.data;
      const who = await me(socket, 2000);
      if (input.text.trim() === '') throw new ChatError('empty', t('chat.empty'));
      // Where this socket has sent recently: no access check per message (the store still refuses a closed one).
      const known = data.mayWrite?.get(input.conversationId);
      let c = known && Date.now() - known.at < 10_000 ? known.c : await conversationFor(socket, who, input.conversationId);
      if (who.kind === 'operator' && c.operator_id === null && c.status === 'open') c = await acceptConversation(db, who, c.id, data.settings).catch(() => c);
      if (c !== known?.c) (data.mayWrite ??= new Map()).set(c.id, { c, at: Date.now() });
      // One allowance for all of the person's sockets on every node (a resend counts too: it is rare).
      await withinLimit(limits.message(who, data.ip, data.settings));
      const { message, duplicate } = await appendMessage(db, { conversationId: c.id, sender: who, senderType: who.kind, clientId: input.clientId, text: input.text });
      if (!socket.rooms.has(room.conv(c.id))) socket.join(room.conv(c.id));
      stopTyping(socket, c.id, who);
      // Also for a duplicate: its first broadcast may have been lost with a process; receivers drop what they have.
      io.to(room.conv(c.id)).emit(SERVER_EVENTS.message, messageView(message));
      return { seq: message.seq, id: message.id, at: message.created_at, duplicate };
    }),

    [CLIENT_EVENTS.join]: handler(joinSchema, async (socket, input) => {
      const who = await me(socket);
      const c = await conversationFor(socket, who, input.conversationId);
      // Join first, then read: a message stored in between arrives by broadcast, one stored before is in the answer.
      socket.join(room.conv(c.id));
      const messages = await messagesSince(db, c.id, input.after);
      // An operator opening a conversation sees its visitor's details at once (then as they change).
      if (who.kind === 'operator' && c.visitor_id !== null) {
        const v = await getChatUser(db, c.visitor_id);
        if (v) socket.emit(SERVER_EVENTS.presence, presenceOf(v, true));
      }
      return { conversation: conversationView(c), messages: messages.map(messageView), more: messages.length === SINCE_PAGE };
    }),

    [CLIENT_EVENTS.since]: handler(sinceSchema, async (socket, input) => {
      const who = await me(socket);
      const c = await conversationFor(socket, who, input.conversationId);
      const messages = await messagesSince(db, c.id, input.after);
      return { lastSeq: c.last_seq, messages: messages.map(messageView), more: messages.length === SINCE_PAGE };
    }),

    [CLIENT_EVENTS.typing]: handler(typingSchema, async (socket, input) => {
      // Only where this socket has joined (no database read per key press).
      if (!socket.rooms.has(room.conv(input.conversationId))) throw new ChatError('not_found', t('chat.notFound'), 404);
      const who = await me(socket, 2000);
      socket.data.typing.add(input.conversationId);
      if (input.typing) {
        socket.to(room.conv(input.conversationId)).emit(SERVER_EVENTS.typing, { conversationId: input.conversationId, userId: who.id, name: who.name, typing: true });
      } else {
        stopTyping(socket, input.conversationId, who);
      }
    }),

    [CLIENT_EVENTS.read]: handler(readSchema, async (socket, input) => {
      const who = await me(socket);
      const c = await conversationFor(socket, who, input.conversationId);
      if (await markRead(db, who, c.id, input.upTo)) {
        io.to(room.conv(c.id)).emit(SERVER_EVENTS.read, { conversationId: c.id, upTo: input.upTo, by: who.kind, userId: who.id });
      }
    }),

    [CLIENT_EVENTS.end]: handler(endSchema, async (socket, input) => {
      const who = await me(socket);
      const c = await conversationFor(socket, who, input.conversationId);
      const { conversation, closing } = await endConversation(db, who, c);
      if (closing) io.to(room.conv(c.id)).emit(SERVER_EVENTS.message, messageView(closing));
      stopTyping(socket, c.id, who);
      emitConversation(conversation, socket.data.settings);
      return { conversation: conversationView(conversation) };
    }),
  };
}
