import { useEffect, useRef, useState } from 'react';
import { usePageVisible } from '../client/use-page-visible.ts';
import { ChatConnection, type ConnectionState } from '../client/chat-connection.ts';
import { CLIENT_EVENTS, type ChatErrorBody, type ChatMessageView, type ConversationView, type Hello } from '../chat.schema.ts';
import { t } from '../../../i18n/t-admin.ts';
import { chatToken } from './chat-api.ts';
import { AlertChoices, useAlerts } from './operator-console-alerts.tsx';
import { ConsoleSide } from './operator-console-side.tsx';
import { Pane, type Canned, type Line, type Presence } from './operator-console-pane.tsx';

/*
 * The operator console (/admin/chat): status, the queue of waiting visitors, and the
 * accepted conversations side by side, each with its visitor's details, messages and reply
 * box. Everything a visitor wrote is rendered as React text (ChatText), never as markup.
 * This file holds the console's state and connection; its parts: operator-console-alerts.tsx,
 * operator-console-side.tsx (queue and own conversations), operator-console-pane.tsx.
 */

export function OperatorConsole() {
  const [state, setState] = useState<ConnectionState>('connecting');
  const [hello, setHello] = useState<Hello | null>(null);
  const [status, setStatus] = useState<'online' | 'offline'>('offline');
  const [conversations, setConversations] = useState<Map<number, ConversationView>>(new Map());
  const [open, setOpen] = useState<number[]>([]);
  const [lines, setLines] = useState<Map<number, Line[]>>(new Map());
  const [unread, setUnread] = useState<Map<number, number>>(new Map());
  const [typing, setTyping] = useState<Map<number, string>>(new Map());
  const [presence, setPresence] = useState<Map<number, Presence>>(new Map());
  const [announce, setAnnounce] = useState('');
  const [canned, setCanned] = useState<Canned[]>([]);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const { ring, ...alertChoices } = useAlerts();
  const conn = useRef<ChatConnection | null>(null);
  const meId = useRef<number | null>(null);
  /*
   * Read or unread is decided by one rule, never by where keyboard focus happens to be: a
   * visitor's message is read when it arrives in the selected conversation while this page
   * is visible (document.visibilityState). Selecting is the operator's act in this page:
   * accepting a visitor, picking a conversation in the list, or clicking or tabbing into its
   * pane. Every other message counts as unread until its conversation is selected or the
   * page becomes visible again with it selected.
   */
  const [selected, setSelected] = useState<number | null>(null);
  const selectedRef = useRef<number | null>(null);
  selectedRef.current = selected;
  const visible = usePageVisible();
  // A reply box to focus once its pane is on screen (after accepting: the queue's button is gone).
  const [focusId, setFocusId] = useState<number | null>(null);
  useEffect(() => {
    if (focusId === null) return;
    const el = document.getElementById(`reply-${focusId}`);
    if (el) {
      el.focus();
      setFocusId(null);
    }
  }, [focusId, open, conversations]);

  const openRef = useRef<number[]>(open);
  openRef.current = open;
  const accepting = useRef(new Set<number>());
  // Waiting visitors already announced with an alert (a conversation event repeats for each change).
  const knownWaiting = useRef(new Set<number>());
  const upsert = (c: ConversationView) => setConversations((m) => new Map(m).set(c.id, c));
  const follow = (c: ChatConnection, id: number) => {
    c.follow(id, 0);
    setOpen((list) => (list.includes(id) ? list : [...list, id]));
  };

  useEffect(() => {
    const c = new ChatConnection({
      getToken: () => chatToken('operator'),
      onHello(h) {
        setHello(h);
        meId.current = h.me.id;
        setStatus(h.me.status === 'online' ? 'online' : 'offline');
        const map = new Map<number, ConversationView>();
        for (const q of h.queue ?? []) map.set(q.id, q);
        setConversations(map);
        for (const q of h.queue ?? []) if (q.operatorId === h.me.id) follow(c, q.id);
        void c.request<{ replies: Canned[] }>(CLIENT_EVENTS.canned, {}).then((a) => {
          if (a.ok) setCanned(a.replies);
        });
      },
      onMessage(m: ChatMessageView) {
        const own = m.senderType === 'operator' && m.senderId === meId.current;
        setLines((all) => {
          const list = all.get(m.conversationId) ?? [];
          const line: Line = { key: `s${m.seq}`, own, system: m.senderType === 'system', name: m.userName, text: m.text, pending: false };
          const i = m.clientId ? list.findIndex((l) => l.key === `c${m.clientId}`) : -1;
          const next = i >= 0 ? [...list.slice(0, i), ...list.slice(i + 1), line] : [...list, line];
          return new Map(all).set(m.conversationId, next);
        });
        if (!own && m.senderType === 'visitor') {
          setTyping((map) => {
            const n = new Map(map);
            n.delete(m.conversationId);
            return n;
          });
          if (selectedRef.current === m.conversationId && document.visibilityState === 'visible') void c.request(CLIENT_EVENTS.read, { conversationId: m.conversationId, upTo: m.seq });
          else {
            setUnread((u) => new Map(u).set(m.conversationId, (u.get(m.conversationId) ?? 0) + 1));
            ring(t('admin.chat.alertMessage', { name: m.userName }), m.text, `conv-${m.conversationId}`);
          }
          setAnnounce(t('admin.chat.newMessage', { name: m.userName, text: m.text }));
        }
      },
      onEvent(event, payload) {
        if (event === 'chat:conversation') {
          const conv = payload as ConversationView;
          const known = knownWaiting.current.has(conv.id);
          upsert(conv);
          if (conv.operatorId === null && conv.status === 'open') {
            setAnnounce(t('admin.chat.newVisitor', { name: conv.visitorName }));
            if (!known) {
              knownWaiting.current.add(conv.id);
              ring(t('admin.chat.alertVisitor'), t('admin.chat.newVisitor', { name: conv.visitorName }), `conv-${conv.id}`);
            }
          }
          // A handover (op:transfer): the new operator gets the pane, the old one loses it.
          const mine = openRef.current.includes(conv.id);
          if (conv.status === 'open' && conv.operatorId === meId.current && !mine && !accepting.current.has(conv.id)) {
            follow(c, conv.id);
            setAnnounce(t('admin.chat.handedToYou', { name: conv.visitorName }));
            setNotice(t('admin.chat.handedToYou', { name: conv.visitorName }));
          } else if (conv.status === 'open' && conv.operatorId !== null && conv.operatorId !== meId.current && mine) {
            closeTab(conv.id);
            setNotice(t('admin.chat.handedOver', { name: conv.visitorName, to: conv.operatorName }));
          }
        } else if (event === 'chat:typing') {
          const p = payload as { conversationId: number; name: string; typing: boolean };
          setTyping((map) => {
            const n = new Map(map);
            if (p.typing) n.set(p.conversationId, p.name);
            else n.delete(p.conversationId);
            return n;
          });
        } else if (event === 'chat:presence') {
          const p = payload as { userId: number; kind: string; status: string; currentPage: string; isMobile: boolean; ip?: string };
          if (p.kind === 'visitor') setPresence((m) => new Map(m).set(p.userId, { currentPage: p.currentPage, isMobile: p.isMobile, status: p.status, ip: p.ip ?? m.get(p.userId)?.ip }));
        } else if (event === 'chat:error') {
          setError((payload as ChatErrorBody).message);
        }
      },
      onState: setState,
    });
    conn.current = c;
    c.connect();
    return () => c.close();
  }, [ring]);

  async function changeStatus(next: 'online' | 'offline') {
    const ack = await conn.current?.request(CLIENT_EVENTS.status, { status: next });
    if (ack?.ok) setStatus(next);
    else if (ack) setError(ack.error.message);
  }

  async function accept(id: number) {
    const c = conn.current;
    if (!c) return;
    accepting.current.add(id);
    const ack = await c.request<{ conversation: ConversationView }>(CLIENT_EVENTS.accept, { conversationId: id }).finally(() => accepting.current.delete(id));
    if (!ack.ok) {
      setError(ack.error.message);
      return;
    }
    setError('');
    upsert(ack.conversation);
    follow(c, id);
    setSelected(id);
    setFocusId(id);
  }

  function closeTab(id: number) {
    conn.current?.unfollow(id);
    if (selectedRef.current === id) setSelected(null);
    setOpen((list) => list.filter((x) => x !== id));
    setUnread((u) => {
      const n = new Map(u);
      n.delete(id);
      return n;
    });
    setLines((all) => {
      const n = new Map(all);
      n.delete(id);
      return n;
    });
  }

  // The selected conversation, on a visible page, has nothing unread.
  const selectedUnread = selected === null ? 0 : (unread.get(selected) ?? 0);
  useEffect(() => {
    if (selected === null || !visible || selectedUnread === 0) return;
    setUnread((u) => new Map(u).set(selected, 0));
    const last = conn.current?.lastSeq(selected);
    if (last) void conn.current?.request(CLIENT_EVENTS.read, { conversationId: selected, upTo: last });
  }, [selected, visible, selectedUnread]);

  // Unread messages and waiting visitors in the tab's title, for an operator working in another tab.
  const totalUnread = [...unread.values()].reduce((a, b) => a + b, 0);
  const waitingCount = [...conversations.values()].filter((c) => c.status === 'open' && c.operatorId === null).length;
  useEffect(() => {
    const base = document.title.replace(/^\(\d+\) /, '');
    const n = totalUnread + waitingCount;
    document.title = n > 0 ? `(${n}) ${base}` : base;
    return () => {
      document.title = document.title.replace(/^\(\d+\) /, '');
    };
  }, [totalUnread, waitingCount]);

  const waiting = [...conversations.values()].filter((c) => c.status === 'open' && c.operatorId === null).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <div className="chat-console">
      <div className="visually-hidden" role="status" aria-live="polite">
        {announce}
      </div>
      <section className="chat-console__bar" aria-labelledby="chat-status">
        <h2 id="chat-status" className="visually-hidden">
          {t('admin.chat.status')}
        </h2>
        <p className={`chat-console__status chat-console__status--${status}`}>
          {t('admin.chat.status')}: <strong>{state === 'connected' ? (status === 'online' ? t('admin.chat.online') : t('admin.chat.offline')) : state === 'connecting' ? t('admin.chat.connecting') : t('admin.chat.disconnected')}</strong>
        </p>
        <button type="button" className="button" disabled={state !== 'connected' || !hello} onClick={() => void changeStatus(status === 'online' ? 'offline' : 'online')}>
          {status === 'online' ? t('admin.chat.goOffline') : t('admin.chat.goOnline')}
        </button>
        {error ? (
          <p className="notice notice--error" role="alert">
            {error}
          </p>
        ) : null}
        {notice ? <p className="notice">{notice}</p> : null}
        <AlertChoices {...alertChoices} />
      </section>
      <div className="chat-console__layout">
        <ConsoleSide
          waiting={waiting}
          open={open}
          conversations={conversations}
          unread={unread}
          selected={selected}
          onAccept={(id) => void accept(id)}
          onPick={(id) => {
            setSelected(id);
            setFocusId(id);
          }}
        />
        <div className="chat-console__panes">
          {open.map((id) => {
            const c = conversations.get(id);
            if (!c) return null;
            return (
              <Pane
                key={id}
                conversation={c}
                presence={c.visitorId !== null ? presence.get(c.visitorId) : undefined}
                lines={lines.get(id) ?? []}
                unread={unread.get(id) ?? 0}
                typingName={typing.get(id) ?? null}
                conn={conn.current}
                selected={selected === id}
                canned={canned}
                onSelect={() => setSelected(id)}
                onPending={(line) => setLines((m) => new Map(m).set(id, [...(m.get(id) ?? []), line]))}
                onFailed={(key, reason) => setLines((m) => new Map(m).set(id, (m.get(id) ?? []).map((l) => (l.key === key ? { ...l, pending: false, failed: reason } : l))))}
                onClose={() => closeTab(id)}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
