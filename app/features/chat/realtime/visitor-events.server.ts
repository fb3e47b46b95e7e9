import { requestTranscriptCopy } from '../chat-mail.server.ts';
import { conversationView, evaluateConversation, loginVisitor, operatorsOnline, setPage, setStatus, userView } from '../chat-store.server.ts';
import { CLIENT_EVENTS, emptySchema, evaluateSchema, loginSchema, pageSchema, statusSchema } from '../chat.schema.ts';
import { handler, modeFor, room, type ChatHub, type Handler } from './hub.server.ts';

/* The visitor's own events: starting a chat, the page they are on, rating, availability, away or back. */
export function visitorEvents(hub: ChatHub): Record<string, Handler> {
  const { io, db, services, limits, me, requireVisitor, withinLimit, emitConversation, emitPresence } = hub;
  return {
    [CLIENT_EVENTS.login]: handler(loginSchema, async (socket, input) => {
      requireVisitor(socket);
      const data = socket.data;
      const visitor = await me(socket);
      await withinLimit(limits.login(visitor.id, data.ip, data.settings));
      const { visitor: updated, conversation } = await loginVisitor(db, visitor, input, data.settings, data.staffAccount);
      data.meCache = { row: updated, at: Date.now() };
      await io.in(room.user(updated.id)).socketsJoin(room.conv(conversation.id));
      socket.join(room.conv(conversation.id));
      emitConversation(conversation, data.settings);
      emitPresence(updated, data.settings);
      return { me: userView(updated), conversation: conversationView(conversation) };
    }),

    [CLIENT_EVENTS.page]: handler(pageSchema, async (socket, input) => {
      const updated = await setPage(db, socket.data.chatUserId, input.currentPage, input.isMobile);
      socket.data.meCache = undefined;
      if (updated) emitPresence(updated, socket.data.settings);
    }),

    [CLIENT_EVENTS.evaluate]: handler(evaluateSchema, async (socket, input) => {
      requireVisitor(socket);
      const who = await me(socket);
      const c = await evaluateConversation(db, who, input);
      // The copy only to an address the visitor has proved (else a confirmation link first), within the day's allowance.
      const copy = input.receiveCopy ? await requestTranscriptCopy(services, c.id, { ip: socket.data.ip }) : 'none';
      emitConversation(c, socket.data.settings);
      return { conversation: conversationView(c), copy };
    }),

    [CLIENT_EVENTS.availability]: handler(emptySchema, async (socket) => {
      const { settings, vendorId } = socket.data;
      const online = await operatorsOnline(db, vendorId, settings.vendorOnlyChat);
      return { mode: modeFor(online, settings), operatorsOnline: online };
    }),

    [CLIENT_EVENTS.visitorStatus]: handler(statusSchema, async (socket, input) => {
      requireVisitor(socket);
      const who = await me(socket);
      // Waiting for a slot (guest limit) stays waiting; online only with a conversation to go back to.
      if (who.status === 'wait' || who.status === input.status || (input.status === 'online' && who.conversation_id === null)) return { me: userView(who) };
      const updated = await setStatus(db, who.id, input.status);
      socket.data.meCache = undefined;
      if (updated) emitPresence(updated, socket.data.settings);
      return { me: updated ? userView(updated) : null };
    }),
  };
}
