import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { usePageVisible } from '../client/use-page-visible.ts';
import { ChatConnection, type ConnectionState } from '../client/chat-connection.ts';
import { CLIENT_EVENTS, MESSAGE_MAX, TYPING_TIMEOUT_MS, type ChatErrorBody, type ChatMessageView, type ConversationView, type Hello } from '../chat.schema.ts';
import { t } from '../../../i18n/t-admin.ts';
import { chatToken } from './chat-api.ts';
import { ChatText } from './chat-text.tsx';
import { ChatAvatar } from './chat-avatar.tsx';

/*
 * The operator console (/admin/chat): status, the queue of waiting visitors, and the
 * accepted conversations side by side, each with its visitor's details, messages and reply
 * box. Everything a visitor wrote is rendered as React text (ChatText), never as markup.
 */

interface Line {
  key: string;
  own: boolean;
  system: boolean;
  name: string;
  text: string;
  pending: boolean;
  failed?: string;
}
interface Canned {
  id: number;
  title: string;
  text: string;
}
interface Presence {
  currentPage: string;
  isMobile: boolean;
  status: string;
  ip?: string;
}

/** Which alerts this operator wants, kept in this browser (like the browser's own permission). */
interface Alerts {
  sound: boolean;
  desktop: boolean;
}
const ALERTS_KEY = 'vt_chat_alerts';
function loadAlerts(): Alerts {
  try {
    const saved = JSON.parse(localStorage.getItem(ALERTS_KEY) ?? 'null') as Partial<Alerts> | null;
    return { sound: saved?.sound !== false, desktop: saved?.desktop === true };
  } catch {
    return { sound: true, desktop: false };
  }
}

let audio: AudioContext | null = null;
/** A short two-tone chime, made in the page (no sound file to load). Browsers allow it once the page has been used. */
function chime() {
  try {
    audio ??= new AudioContext();
    const now = audio.currentTime;
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.12 + 0.2);
      osc.connect(gain).connect(audio.destination);
      osc.start(now + i * 0.12);
      osc.stop(now + i * 0.12 + 0.22);
    }
  } catch {
    // No audio here: the title, the badge and the live region still tell.
  }
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

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
  const [alerts, setAlerts] = useState<Alerts>({ sound: true, desktop: false });
  const alertsRef = useRef(alerts);
  alertsRef.current = alerts;
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>('default');
  useEffect(() => {
    setAlerts(loadAlerts());
    setPermission(typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);
  }, []);
  const saveAlerts = (next: Alerts) => {
    setAlerts(next);
    try {
      localStorage.setItem(ALERTS_KEY, JSON.stringify(next));
    } catch {
      // Not kept: it holds for this page.
    }
  };
  async function toggleDesktop(on: boolean) {
    if (on && typeof Notification !== 'undefined' && Notification.permission === 'default') setPermission(await Notification.requestPermission());
    saveAlerts({ ...alertsRef.current, desktop: on });
  }
  /**
   * Something needs the operator while they may be looking elsewhere (a new visitor waits, or a
   * message arrives in a conversation that is not the selected one on a visible page): a chime
   * and a desktop notification, each if wanted. Clicking the notification brings the console back.
   */
  const ring = (title: string, body: string, tag: string) => {
    const a = alertsRef.current;
    if (a.sound) chime();
    if (a.desktop && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      try {
        const n = new Notification(title, { body: body.slice(0, 200), tag });
        n.onclick = () => {
          window.focus();
          n.close();
        };
      } catch {
        // Some browsers allow notifications only from a service worker: the chime and the title still tell.
      }
    }
  };
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
  }, []);

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

  const all = [...conversations.values()];
  const waiting = all.filter((c) => c.status === 'open' && c.operatorId === null).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
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
        <fieldset className="chat-console__alerts">
          <legend>{t('admin.chat.alerts')}</legend>
          <label>
            <input type="checkbox" checked={alerts.sound} onChange={(e) => saveAlerts({ ...alerts, sound: e.currentTarget.checked })} /> {t('admin.chat.alertSound')}
          </label>
          <label>
            <input type="checkbox" checked={alerts.desktop && permission !== 'denied'} disabled={permission === 'unsupported' || permission === 'denied'} onChange={(e) => void toggleDesktop(e.currentTarget.checked)} />{' '}
            {t('admin.chat.alertDesktop')}
          </label>
          {permission === 'denied' ? <span className="chat-console__hint">{t('admin.chat.alertDenied')}</span> : null}
        </fieldset>
      </section>
      <div className="chat-console__layout">
        <aside className="chat-console__side">
          <section aria-labelledby="chat-queue">
            <h2 id="chat-queue">
              {t('admin.chat.queue')} ({waiting.length})
            </h2>
            {waiting.length === 0 ? (
              <p>{t('admin.chat.queueEmpty')}</p>
            ) : (
              <ul className="chat-console__list">
                {waiting.map((c) => (
                  <li key={c.id}>
                    <span className="chat-console__who">{c.visitorName}</span>
                    <span className="chat-console__meta">
                      {c.visitorEmail ? `${c.visitorEmail} · ` : ''}
                      {t('admin.chat.waitingSince', { time: timeOf(c.createdAt) })}
                    </span>
                    <button type="button" className="button button--small" aria-label={t('admin.chat.acceptNamed', { name: c.visitorName })} onClick={() => void accept(c.id)}>
                      {t('admin.chat.accept')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="chat-mine">
            <h2 id="chat-mine">{t('admin.chat.mine')}</h2>
            {open.length === 0 ? (
              <p>{t('admin.chat.mineEmpty')}</p>
            ) : (
              <ul className="chat-console__list">
                {open.map((id) => {
                  const c = conversations.get(id);
                  const n = unread.get(id) ?? 0;
                  return (
                    <li key={id}>
                      <a
                        href={`#conv-${id}`}
                        aria-current={selected === id ? 'true' : undefined}
                        onClick={(e) => {
                          // Not a fragment navigation: it would move focus to the page, not the reply box.
                          e.preventDefault();
                          setSelected(id);
                          setFocusId(id);
                        }}
                      >
                        {c?.visitorName ?? `#${id}`}
                      </a>
                      {n > 0 ? <span className="chat-console__badge">{t('admin.chat.unread', { count: n })}</span> : null}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </aside>
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

function Pane(props: {
  conversation: ConversationView;
  presence: Presence | undefined;
  lines: Line[];
  unread: number;
  typingName: string | null;
  conn: ChatConnection | null;
  selected: boolean;
  canned: Canned[];
  onSelect(): void;
  onPending(line: Line): void;
  onFailed(key: string, reason: string): void;
  onClose(): void;
}) {
  const { conversation: c, presence, lines, conn } = props;
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typingOn = useRef(false);
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length, props.typingName]);

  const setTyping = (on: boolean) => {
    clearTimeout(typingTimer.current);
    if (on) typingTimer.current = setTimeout(() => setTyping(false), TYPING_TIMEOUT_MS);
    if (typingOn.current !== on) {
      typingOn.current = on;
      conn?.typing(c.id, on);
    }
  };
  const send = (box: HTMLTextAreaElement) => {
    const text = box.value;
    if (!text.trim() || !conn) return;
    box.value = '';
    setTyping(false);
    const { clientId, stored } = conn.send(c.id, text);
    props.onPending({ key: `c${clientId}`, own: true, system: false, name: t('admin.chat.you'), text, pending: true });
    stored.catch((e: ChatErrorBody) => props.onFailed(`c${clientId}`, e.message));
  };
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send(e.currentTarget);
      return;
    }
    if (!['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Tab', 'Escape'].includes(e.key)) setTyping(true);
  };
  const closed = c.status === 'closed';
  // Passing the conversation on: the operators who could take it, asked for when wanted.
  const [targets, setTargets] = useState<{ id: number; name: string }[] | null>(null);
  const [transferError, setTransferError] = useState('');
  const findTargets = async () => {
    const ack = await conn?.request<{ operators: { id: number; name: string }[] }>(CLIENT_EVENTS.operators, { conversationId: c.id });
    if (ack?.ok) setTargets(ack.operators);
    else if (ack) setTransferError(ack.error.message);
  };
  const transfer = async (operatorId: number) => {
    const ack = await conn?.request(CLIENT_EVENTS.transfer, { conversationId: c.id, operatorId });
    if (ack && !ack.ok) setTransferError(ack.error.message);
  };
  return (
    <section
      className={`chat-pane${closed ? ' chat-pane--closed' : ''}${props.selected ? ' chat-pane--selected' : ''}`}
      id={`conv-${c.id}`}
      aria-labelledby={`${id}-h`}
      aria-current={props.selected ? 'true' : undefined}
      onFocus={props.onSelect}
      onPointerDown={props.onSelect}
    >
      <header className="chat-pane__head">
        <h2 id={`${id}-h`}>
          {c.visitorName}
          {props.unread > 0 ? <span className="chat-console__badge">{t('admin.chat.unread', { count: props.unread })}</span> : null}
        </h2>
        <button type="button" className="chat-pane__close" aria-label={t('admin.chat.closeTab', { name: c.visitorName })} onClick={props.onClose}>
          ×
        </button>
        <p className="chat-pane__meta">
          {c.visitorEmail ? (
            <>
              <a href={`mailto:${c.visitorEmail}`}>{c.visitorEmail}</a>
              <br />
            </>
          ) : null}
          {presence?.currentPage ? t('admin.chat.page', { page: presence.currentPage }) : t('admin.chat.pageUnknown')}
          {presence?.isMobile ? ` · ${t('admin.chat.mobile')}` : ''}
          {presence?.ip ? ` · ${t('admin.chat.ip', { ip: presence.ip })}` : ''}
          {presence && presence.status !== 'online' ? ` · ${t('admin.chat.visitorAway')}` : ''}
        </p>
        {!closed ? (
          <div className="chat-pane__transfer">
            {targets === null ? (
              <button type="button" className="button button--small button--ghost" onClick={() => void findTargets()}>
                {t('admin.chat.transfer')}
              </button>
            ) : targets.length === 0 ? (
              <p role="status">{t('admin.chat.noOtherOperator')}</p>
            ) : (
              <form
                onSubmit={(e) => {
                  e.preventDefault();
                  void transfer(Number(new FormData(e.currentTarget).get('to')));
                }}
              >
                <label htmlFor={`${id}-to`}>{t('admin.chat.transferTo', { name: c.visitorName })}</label>
                <select id={`${id}-to`} name="to">
                  {targets.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </select>
                <button type="submit" className="button button--small">
                  {t('admin.chat.passOn')}
                </button>
              </form>
            )}
            {transferError ? (
              <p className="field-error" role="alert">
                {transferError}
              </p>
            ) : null}
          </div>
        ) : null}
      </header>
      <ol className="chat-pane__messages" ref={listRef} aria-label={t('admin.chat.messagesWith', { name: c.visitorName })} tabIndex={0}>
        {lines.map((l) => (
          <li key={l.key} className={`chat-msg ${l.system ? 'chat-msg--system' : l.own ? 'chat-msg--own' : 'chat-msg--other'}${l.pending ? ' chat-msg--pending' : ''}`}>
            {!l.system ? (
              <span className="chat-msg__name">
                <ChatAvatar name={l.name} />
                {l.own ? t('admin.chat.you') : l.name}
              </span>
            ) : null}
            <span className="chat-msg__text">
              <ChatText text={l.text} />
            </span>
            {l.failed ? <span className="chat-msg__state chat-msg__state--error">{t('admin.chat.failed', { reason: l.failed })}</span> : null}
          </li>
        ))}
      </ol>
      <p className="chat-typing">{props.typingName ? t('admin.chat.typing', { name: props.typingName }) : '\u00a0'}</p>
      {closed ? (
        <p className="chat-notice">{t('admin.chat.ended')}</p>
      ) : (
        <form
          className="chat-reply"
          onSubmit={(e) => {
            e.preventDefault();
            const box = e.currentTarget.elements.namedItem('reply') as HTMLTextAreaElement;
            send(box);
          }}
        >
          <label htmlFor={`reply-${c.id}`} className="visually-hidden">
            {t('admin.chat.reply', { name: c.visitorName })}
          </label>
          <textarea id={`reply-${c.id}`} name="reply" className="chat-reply__box" rows={2} maxLength={MESSAGE_MAX} onKeyDown={onKey} onBlur={() => setTyping(false)} />
          <button type="submit" className="button">
            {t('admin.chat.send')}
          </button>
          {props.canned.length > 0 ? (
            <p className="chat-pane__canned">
              <label htmlFor={`${id}-canned`}>{t('admin.chat.insertCanned')}</label>
              <select
                id={`${id}-canned`}
                value=""
                onChange={(e) => {
                  const reply = props.canned.find((r) => String(r.id) === e.currentTarget.value);
                  const box = document.getElementById(`reply-${c.id}`) as HTMLTextAreaElement | null;
                  if (!reply || !box) return;
                  box.value = box.value.trim() ? `${box.value.replace(/\s+$/, '')} ${reply.text}` : reply.text;
                  box.focus();
                }}
              >
                <option value="">{t('admin.chat.chooseCanned')}</option>
                {props.canned.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.title}
                  </option>
                ))}
              </select>
            </p>
          ) : null}
        </form>
      )}
    </section>
  );
}
