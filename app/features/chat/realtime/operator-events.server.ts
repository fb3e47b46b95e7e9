import { acceptConversation, cannedReplies, conversationView, messageView, queueFor, setStatus, transferConversation, transferTargets, userView } from '../chat-store.server.ts';
import { CLIENT_EVENTS, SERVER_EVENTS, acceptSchema, emptySchema, statusSchema, transferSchema } from '../chat.schema.ts';
import { handler, room, type ChatHub, type Handler } from './hub.server.ts';

/* The operator's events: online or not, taking a conversation, handing it on, canned replies, the queue. */
export function operatorEvents(hub: ChatHub): Record<string, Handler> {
  const { io, db, me, requireOperator, conversationFor, emitConversation, emitPresence, announceAvailability } = hub;
  return {
    [CLIENT_EVENTS.status]: handler(statusSchema, async (socket, input) => {
      requireOperator(socket);
      const updated = await setStatus(db, socket.data.chatUserId, input.status);
      if (updated) {
        emitPresence(updated, socket.data.settings);
        await announceAvailability(updated.vendor_id, socket.data.settings);
      }
      return { me: updated ? userView(updated) : null };
    }),

    [CLIENT_EVENTS.accept]: handler(acceptSchema, async (socket, input) => {
      requireOperator(socket);
      const who = await me(socket);
      const c = await acceptConversation(db, who, input.conversationId, socket.data.settings);
      await io.in(room.user(who.id)).socketsJoin(room.conv(c.id));
      socket.join(room.conv(c.id));
      emitConversation(c, socket.data.settings);
      return { conversation: conversationView(c) };
    }),

    [CLIENT_EVENTS.operators]: handler(acceptSchema, async (socket, input) => {
      requireOperator(socket);
      const who = await me(socket);
      const c = await conversationFor(socket, who, input.conversationId);
      const targets = await transferTargets(db, c.vendor_id, who.id, socket.data.settings);
      return { operators: targets.map((o) => ({ id: o.id, name: o.name })) };
    }),

    [CLIENT_EVENTS.transfer]: handler(transferSchema, async (socket, input) => {
      requireOperator(socket);
      const who = await me(socket);
      const { conversation, to, notice } = await transferConversation(db, who, input.conversationId, input.operatorId, socket.data.settings);
      // The new operator's sockets join; the old one's leave after hearing of the handover.
      await io.in(room.user(to.id)).socketsJoin(room.conv(conversation.id));
      io.to(room.conv(conversation.id)).emit(SERVER_EVENTS.message, messageView(notice));
      emitConversation(conversation, socket.data.settings);
      await io.in(room.user(who.id)).socketsLeave(room.conv(conversation.id));
      return { conversation: conversationView(conversation) };
    }),

    [CLIENT_EVENTS.canned]: handler(emptySchema, async (socket) => {
      requireOperator(socket);
      const who = await me(socket);
      return { replies: (await cannedReplies(db, who.vendor_id)).map((r) => ({ id: r.id, vendorId: r.vendor_id, title: r.title, text: r.body })) };
    }),

    [CLIENT_EVENTS.queue]: handler(emptySchema, async (socket) => {
      requireOperator(socket);
      const who = await me(socket);
      return { queue: (await queueFor(db, who, socket.data.settings)).map(conversationView) };
    }),
  };
}
