import { getConversation, getChatUser, operatorsOnline, queueFor, setStatus, conversationView, userView, type ConversationRow } from '../chat-store.server.ts';
import { SERVER_EVENTS, type Hello } from '../chat.schema.ts';
import { modeFor, room, widgetSettings, type ChatHub, type ChatSocket } from './hub.server.ts';

/* A socket's arrival (rooms, presence, the hello) and its leaving (offline once a person's last socket goes). */
export function lifecycle(hub: ChatHub) {
  const { db, log, track, me, sockets, stopTyping, emitPresence, announceAvailability } = hub;
  /** The last socket of a person gone: offline, last seen now, typing cleared (spec §4 disconnect hook). */
  function onDisconnect(this: ChatSocket) {
    disconnected(this);
  }
  function disconnected(socket: ChatSocket) {
    const data = socket.data;
    if (hub.state.closing) return;
    track(
      (async () => {
        const who = await getChatUser(db, data.chatUserId);
        for (const id of [...data.typing]) stopTyping(socket, id, { id: data.chatUserId, name: who?.name ?? '' });
        if (!who) return;
        const remaining = await sockets(who.id);
        if (remaining > 0) {
          await db.updateTable('chat_users').set({ connections: remaining }).where('id', '=', who.id).execute();
          return;
        }
        const updated = await setStatus(db, who.id, who.status === 'wait' ? 'wait' : 'offline', 0);
        if (!updated) return;
        emitPresence(updated, data.settings);
        if (updated.kind === 'operator' && who.status === 'online') await announceAvailability(updated.vendor_id, data.settings);
      })().catch((err: unknown) => log.error({ err }, 'chat disconnect hook failed')),
    );
  }

  /** On connect: rooms, presence, hello. */
  async function welcome(socket: ChatSocket) {
    const data = socket.data;
    // Before anything awaits: a role change from now on reaches this socket (disconnectAccount).
    if (data.accountId !== null) socket.join(room.account(data.accountId));
    const settings = data.settings;
    const who = data.initial ?? (await me(socket));
    data.initial = undefined;
    socket.join(room.user(who.id));
    let conversation: ConversationRow | undefined;
    if (who.kind === 'visitor') {
      socket.join(room.visitors(who.vendor_id));
      if (who.conversation_id) conversation = await getConversation(db, who.conversation_id);
      if (conversation?.status === 'open') socket.join(room.conv(conversation.id));
      else conversation = undefined;
    } else {
      socket.join(room.ops(who.vendor_id));
    }
    const back = who.kind === 'visitor' && conversation && who.status === 'offline';
    const updated = back ? await setStatus(db, who.id, 'online', await sockets(who.id)) : who;
    if (back && updated) emitPresence(updated, settings);
    const online = await operatorsOnline(db, who.vendor_id, settings.vendorOnlyChat);
    const hello: Hello = {
      role: who.kind,
      me: userView(updated ?? who),
      conversation: conversation ? conversationView(conversation) : null,
      mode: modeFor(online, settings),
      operatorsOnline: online,
      settings: await widgetSettings(db, settings),
      ...(who.kind === 'operator' ? { queue: (await queueFor(db, who, settings)).map(conversationView) } : {}),
    };
    socket.emit(SERVER_EVENTS.hello, hello);
  }

  return { welcome, onDisconnect };
}
