import { useEffect, useId, useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ChatConnection } from '../client/chat-connection.ts';
import { CLIENT_EVENTS, GUEST_POLL_MS, HEADER_CLICK_DELAY_MS, LOGIN_RETRY_MS, MESSAGE_MAX, MINIMISE_AFTER_MS, TYPING_TIMEOUT_MS, type ChatErrorBody, type ChatMessageView, type ConversationView, type Hello } from '../chat.schema.ts';
import { t } from '../../../i18n/t-chat.ts';
import { chatToken, pageVendorId, postChat } from './chat-api.ts';
import { ChatText } from './chat-text.tsx';
import { ChatAvatar } from './chat-avatar.tsx';
import type { ChatUser } from './chat-launcher.tsx';

/*
 * The visitor's chat popup (loaded lazily by chat-launcher.tsx). Panels: connecting, login,
 * offline (contact form) or busy, conversation, end. The connection (client/chat-connection.ts)
 * does delivery; this file shows it. Every text from the network is rendered as React text.
 */

type Panel = 'connecting' | 'login' | 'resume' | 'offline' | 'busy' | 'conversation' | 'end';

/** A message in the list: delivered (with seq) or still pending (own, not yet acknowledged). */
interface Bubble {
  key: string;
  own: boolean;
  system: boolean;
  name: string;
  text: string;
  pending: boolean;
  failed?: string;
  seq?: number;
  /** The operator's picture (chat-avatar.tsx); visitors and the system have none. */
  avatar?: { type: string; image: string; gravatar: string };
}

const FIELD_MESSAGES: Record<string, string> = {
  field_empty: t('chat.fieldEmpty'),
  invalid_email: t('chat.invalidEmail'),
  invalid_username: t('chat.invalidUsername'),
  too_long: t('chat.tooLong', { max: MESSAGE_MAX }),
};
const fieldMessage = (code: string) => FIELD_MESSAGES[code] ?? code;

function errorMessage(e: ChatErrorBody): string {
  const byCode: Record<string, string> = {
    already_logged: t('chat.alreadyLogged'),
    guest_limit: t('chat.guestLimit'),
    closed: t('chat.closed'),
    rate_limited: t('chat.rateLimited'),
    too_long: t('chat.tooLong', { max: MESSAGE_MAX }),
    empty: t('chat.empty'),
  };
  return byCode[e.code] ?? e.message;
}

const isMobile = () => typeof window !== 'undefined' && window.matchMedia('(max-width: 480px)').matches;
const here = () => window.location.pathname + window.location.search;

/** `quiet`: opened by the shop's autoplay setting, not by the visitor, so focus is not taken. */
export default function ChatWidget({ open, quiet = false, user, onMinimise }: { open: boolean; quiet?: boolean; user: ChatUser | null; onMinimise(): void }) {
  const id = useId();
  const [panel, setPanel] = useState<Panel>('connecting');
  const [hello, setHello] = useState<Hello | null>(null);
  const [conversation, setConversation] = useState<ConversationView | null>(null);
  const [bubbles, setBubbles] = useState<Bubble[]>([]);
  const [typingName, setTypingName] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [connError, setConnError] = useState(false);
  const [notice, setNotice] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [me, setMe] = useState({ name: user?.name ?? '', email: user?.email ?? '' });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const conn = useRef<ChatConnection | null>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const replyRef = useRef<HTMLTextAreaElement>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typingOn = useRef(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);
  const convRef = useRef<ConversationView | null>(null);
  convRef.current = conversation;
  const panelRef = useRef(panel);
  panelRef.current = panel;
  const openRef = useRef(open);
  openRef.current = open;
  const meRef = useRef<number | null>(null);
  // The shop's offline-form switch, for events that arrive after the hello (availability changes).
  const offlineFormRef = useRef(true);
  // Read receipts: the highest of our messages the other side has read.
  const [readUpTo, setReadUpTo] = useState(0);

  // One connection for the page's life (minimising keeps the conversation going).
  useEffect(() => {
    const c = new ChatConnection({
      getToken: () => chatToken('visitor'),
      onHello(h) {
        setConnError(false);
        setHello(h);
        meRef.current = h.me.id;
        offlineFormRef.current = h.settings.offlineForm;
        const current = convRef.current;
        if (current && current.status === 'open') {
          if (h.conversation?.id === current.id) return; // a reconnect: the connection catches up by itself
          // The chat is no longer this browser's (continued on another device through a mailed link).
          c.unfollow(current.id);
          setConversation(null);
          setBubbles([]);
          showStart(h.mode, h.settings.offlineForm);
          setNotice(t('chat.w.movedAway'));
          return;
        }
        if (h.conversation && h.conversation.status === 'open') startConversation(c, h.conversation);
        // A reconnect while the end panel (rating, copy) or a form's answer shows leaves it be.
        else if (panelRef.current !== 'end') showStart(h.mode, h.settings.offlineForm);
      },
      onMessage(m: ChatMessageView) {
        const own = m.senderType === 'visitor';
        setBubbles((list) => {
          const bubble: Bubble = {
            key: `s${m.seq}`,
            own,
            system: m.senderType === 'system',
            name: m.userName,
            text: m.text,
            pending: false,
            seq: m.seq,
            ...(m.senderType === 'operator' ? { avatar: { type: m.avatarType, image: m.avatarImage, gravatar: m.gravatar } } : {}),
          };
          const i = m.clientId ? list.findIndex((b) => b.key === `c${m.clientId}`) : -1;
          if (i >= 0) return [...list.slice(0, i), ...list.slice(i + 1), bubble];
          return [...list, bubble];
        });
        if (!own) {
          setAnnounce(m.senderType === 'system' ? m.text : t('chat.w.said', { name: m.userName, text: m.text }));
          setTypingName(null);
          if (openRef.current && document.visibilityState === 'visible' && m.senderType === 'operator') void c.request(CLIENT_EVENTS.read, { conversationId: m.conversationId, upTo: m.seq });
        }
      },
      onEvent(event, payload) {
        if (event === 'chat:typing') {
          const p = payload as { conversationId: number; name: string; typing: boolean };
          if (p.conversationId === convRef.current?.id) setTypingName(p.typing ? p.name : null);
        } else if (event === 'chat:conversation') {
          const p = payload as ConversationView;
          if (p.id === convRef.current?.id) {
            setConversation(p);
            if (p.status === 'closed') showEnd();
          }
        } else if (event === 'chat:availability') {
          // With `settings` after the shop changed them (login form, GDPR box, offline form).
          const p = payload as { mode: Hello['mode']; operatorsOnline: number; settings?: Hello['settings'] };
          setHello((h) => (h ? { ...h, mode: p.mode, operatorsOnline: p.operatorsOnline, ...(p.settings ? { settings: p.settings } : {}) } : h));
          // Still choosing how to start (no conversation): follow the operators' availability.
          if (!convRef.current || convRef.current.status !== 'open') {
            // Without operators the shop's switch decides between the contact form and the notice
            // (spec §2); a settings change pushed with this event is the switch from now on.
            if (p.settings) offlineFormRef.current = p.settings.offlineForm;
            if (p.mode === 'offline') setPanel((current) => (current === 'login' ? (offlineFormRef.current ? 'offline' : 'busy') : current));
            else if (panelRef.current === 'offline' || panelRef.current === 'busy' || panelRef.current === 'login') showStart(p.mode, offlineFormRef.current);
          }
        } else if (event === 'chat:read') {
          const p = payload as { conversationId: number; upTo: number; userId: number };
          if (p.conversationId === convRef.current?.id && p.userId !== meRef.current) setReadUpTo((r) => Math.max(r, p.upTo));
        } else if (event === 'chat:presence') {
          const p = payload as { removed?: boolean };
          if (p.removed) setPanel('end');
        }
      },
      onState(state) {
        if (state === 'disconnected') setConnError(true);
        rerender();
      },
    });
    conn.current = c;
    c.connect();
    return () => c.close();
    // One connection for the page's life: its handlers reach the latest state through refs and setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /**
   * No conversation yet: the contact form (or the busy notice) without operators, the login form
   * when the shop shows it, else straight in under the account's name or a guest name (spec §3).
   */
  function showStart(mode: Hello['mode'], offlineForm: boolean) {
    if (mode === 'offline') setPanel(offlineForm ? 'offline' : 'busy');
    else if (mode === 'login') setPanel('login');
    else {
      setPanel('connecting');
      void login(user?.name ?? '', user?.email ?? '', false);
    }
  }

  function startConversation(c: ChatConnection, conv: ConversationView) {
    setConversation(conv);
    c.follow(conv.id, 0);
    setPanel('conversation');
  }

  // Minimising (header click, its button, Escape) sets the visitor offline; restoring an open
  // conversation sets them online again (spec §2, §4). The header answers clicks from 3 s on.
  const [headerReady, setHeaderReady] = useState(false);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setHeaderReady(true), HEADER_CLICK_DELAY_MS);
    if (convRef.current?.status === 'open') void conn.current?.request(CLIENT_EVENTS.visitorStatus, { status: 'online' });
    return () => {
      clearTimeout(timer);
      setHeaderReady(false);
    };
  }, [open]);
  function minimise() {
    if (convRef.current?.status === 'open') void conn.current?.request(CLIENT_EVENTS.visitorStatus, { status: 'offline' });
    onMinimise();
  }

  // Focus: the panel's first field when it opens or changes.
  useEffect(() => {
    if (!open || (quiet && !popupRef.current?.contains(document.activeElement))) return;
    const target = panel === 'conversation' ? replyRef.current : popupRef.current?.querySelector<HTMLElement>('.chat-body input, .chat-body textarea, .chat-body button');
    (target ?? popupRef.current?.querySelector<HTMLElement>('.chat-head button'))?.focus();
  }, [open, panel, quiet]);

  // Read means: the popup is open on the conversation and the page is visible. Restored or
  // shown again, what arrived meanwhile is read now.
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  useEffect(() => {
    const c = conn.current;
    if (!open || !visible || panel !== 'conversation' || !c || !conversation) return;
    const last = c.lastSeq(conversation.id);
    if (last > 0) void c.request(CLIENT_EVENTS.read, { conversationId: conversation.id, upTo: last });
  }, [open, visible, panel, conversation]);

  // Newest message in view.
  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [bubbles, typingName, open]);

  // Guest limit: try again every 30 s (spec §4).
  useEffect(() => {
    if (panel !== 'busy' || hello?.mode === 'offline') return;
    const timer = setInterval(() => void login(me.name, me.email, true), GUEST_POLL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [panel, hello?.mode]);

  async function login(name: string, email: string, gdpr: boolean) {
    const c = conn.current;
    if (!c) return;
    clearTimeout(retryTimer.current);
    setBusy(true);
    setNotice('');
    const ack = await c.request<{ conversation: ConversationView }>(CLIENT_EVENTS.login, { name, email, gdpr, currentPage: here(), isMobile: isMobile() });
    setBusy(false);
    if (ack.ok) {
      setFields({});
      setBubbles([]);
      startConversation(c, ack.conversation);
      return;
    }
    if (ack.error.code === 'guest_limit') {
      setPanel('busy');
      return;
    }
    // No answer (the connection dropped or the server is busy): the form tries again 10 s later (spec §4, §9).
    if (ack.error.code === 'timeout') {
      setNotice(t('chat.w.retrying'));
      clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(() => void login(name, email, gdpr), LOGIN_RETRY_MS);
      setPanel((p) => (p === 'connecting' ? 'login' : p));
      return;
    }
    setFields(Object.fromEntries(Object.entries(ack.error.fields ?? {}).map(([k, v]) => [k, fieldMessage(v)])));
    if (!ack.error.fields) setNotice(errorMessage(ack.error));
    // Started without the form and refused: the form shows why and lets them try again.
    setPanel((p) => (p === 'connecting' ? 'login' : p));
  }

  function onLogin(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    const gdpr = form.get('gdpr') === 'on';
    const missing: Record<string, string> = {};
    if (!name) missing.name = t('chat.fieldEmpty');
    if (!email) missing.email = t('chat.fieldEmpty');
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) missing.email = t('chat.invalidEmail');
    if (hello?.settings.gdpr && !gdpr) missing.gdpr = t('chat.gdpr');
    setFields(missing);
    if (Object.keys(missing).length) return;
    setMe({ name, email });
    void login(name, email, gdpr);
  }

  async function onOffline(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setNotice('');
    const { status, body } = await postChat<{ message?: string; error?: ChatErrorBody }>('/api/chat/offline', {
      name: String(form.get('name') ?? ''),
      email: String(form.get('email') ?? ''),
      message: String(form.get('message') ?? ''),
      gdpr: form.get('gdpr') === 'on',
      currentPage: here(),
      vendorId: pageVendorId(),
    }).catch(() => ({ status: 0, body: {} as { message?: string; error?: ChatErrorBody } }));
    setBusy(false);
    if (status === 201) {
      setFields({});
      setNotice(body.message ?? t('chat.offlineSent'));
      setPanel('end');
      setTimeout(minimise, MINIMISE_AFTER_MS);
      return;
    }
    const f = body.error?.fields;
    setFields(f ? Object.fromEntries(Object.entries(f).map(([k, v]) => [k, fieldMessage(v)])) : {});
    if (!f) setNotice(body.error?.message ?? t('chat.w.connectionError'));
  }

  /** Another form in the popup, without the last one's messages. */
  function goTo(next: Panel) {
    setFields({});
    setNotice('');
    setPanel(next);
  }

  /** "Continue a chat from another device": a link to the conversation's address (chat-resume.server.ts). */
  async function onResume(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      setFields({ email: email ? t('chat.invalidEmail') : t('chat.fieldEmpty') });
      return;
    }
    setFields({});
    setBusy(true);
    setNotice('');
    const { body } = await postChat<{ message?: string; error?: ChatErrorBody }>('/api/chat/resume', { email }).catch(() => ({ status: 0, body: {} as { message?: string; error?: ChatErrorBody } }));
    setBusy(false);
    setNotice(body.message ?? body.error?.message ?? t('chat.w.connectionError'));
  }

  function setTyping(on: boolean) {
    const c = conn.current;
    const conv = convRef.current;
    if (!c || !conv) return;
    clearTimeout(typingTimer.current);
    if (on) typingTimer.current = setTimeout(() => setTyping(false), TYPING_TIMEOUT_MS);
    if (typingOn.current !== on) {
      typingOn.current = on;
      c.typing(conv.id, on);
    }
  }

  function send() {
    const c = conn.current;
    const conv = convRef.current;
    const box = replyRef.current;
    if (!c || !conv || !box) return;
    const text = box.value;
    if (!text.trim()) return;
    box.value = '';
    setTyping(false);
    const { clientId, stored } = c.send(conv.id, text);
    setBubbles((list) => [...list, { key: `c${clientId}`, own: true, system: false, name: t('chat.w.you'), text, pending: true }]);
    stored.catch((error: ChatErrorBody) => {
      setBubbles((list) => list.map((b) => (b.key === `c${clientId}` ? { ...b, pending: false, failed: errorMessage(error) } : b)));
    });
  }

  function onReplyKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
      return;
    }
    if (['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'Tab', 'Escape'].includes(e.key)) return;
    setTyping(true);
  }

  async function endChat() {
    const c = conn.current;
    const conv = convRef.current;
    if (!c || !conv) return;
    setTyping(false);
    const ack = await c.request<{ conversation: ConversationView }>(CLIENT_EVENTS.end, { conversationId: conv.id });
    if (ack.ok) setConversation(ack.conversation);
    setNotice('');
    showEnd();
  }

  /** The chat is over (spec §4 logout): the end panel, and the popup minimises 2 s later, rated or not. */
  const endTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(endTimer.current), []);
  function showEnd() {
    if (panelRef.current === 'end') return;
    panelRef.current = 'end';
    setPanel('end');
    clearTimeout(endTimer.current);
    endTimer.current = setTimeout(minimise, MINIMISE_AFTER_MS);
  }

  async function onRate(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const conv = convRef.current;
    if (!conv) return;
    const form = new FormData(e.currentTarget);
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const evaluation = submitter?.value === 'good' || submitter?.value === 'bad' ? submitter.value : '';
    setBusy(true);
    const { status, body } = await postChat<{ message?: string; copy?: string }>('/api/chat/evaluation', { conversationId: conv.id, evaluation, receiveCopy: form.get('copy') === 'on' }).catch(() => ({ status: 0, body: {} as { message?: string; copy?: string } }));
    setBusy(false);
    // A guest's copy waits for the address to be confirmed through the mailed link: say so.
    const copyNote = body.copy === 'confirm' ? ` ${t('chat.w.copyConfirm')}` : body.copy === 'limited' ? ` ${t('chat.w.copyLimited')}` : '';
    setNotice(status === 200 ? `${body.message ?? t('chat.evaluated')}${copyNote}` : t('chat.w.connectionError'));
    // Rated (reopened after the end's own minimising): the visitor is done here; the popup minimises again.
    if (status === 200) {
      clearTimeout(endTimer.current);
      endTimer.current = setTimeout(minimise, MINIMISE_AFTER_MS);
    }
  }

  function newChat() {
    clearTimeout(endTimer.current);
    const c = conn.current;
    if (convRef.current) c?.unfollow(convRef.current.id);
    setConversation(null);
    setBubbles([]);
    setNotice('');
    if (hello) showStart(hello.mode, hello.settings.offlineForm);
    else setPanel('connecting');
  }

  const field = (name: string, label: string, input: React.ReactNode) => (
    <div className="chat-field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      {fields[name] ? (
        <p className="chat-field__error" id={`${id}-${name}-error`}>
          {fields[name]}
        </p>
      ) : null}
    </div>
  );
  const inputProps = (name: string) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': fields[name] ? true : undefined,
    'aria-describedby': fields[name] ? `${id}-${name}-error` : undefined,
  });
  const emailField = field('email', t('chat.w.email'), <input {...inputProps('email')} type="email" autoComplete="email" defaultValue={me.email} maxLength={254} />);
  const nameEmail = (
    <>
      {field('name', t('chat.w.name'), <input {...inputProps('name')} autoComplete="name" defaultValue={me.name} maxLength={100} />)}
      {emailField}
      {hello?.settings.gdpr ? (
        <div className="chat-field chat-field--check">
          <input {...inputProps('gdpr')} type="checkbox" />
          <label htmlFor={`${id}-gdpr`}>{t('chat.w.gdprLabel')}</label>
          {fields.gdpr ? (
            <p className="chat-field__error" id={`${id}-gdpr-error`}>
              {fields.gdpr}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );

  const operatorName = conversation?.operatorName;
  const lastOwnKey = [...bubbles].reverse().find((b) => b.own && !b.pending)?.key;
  return (
    <div ref={popupRef} className="chat-popup" data-panel={panel} role="dialog" aria-labelledby={`${id}-title`} hidden={!open} onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), minimise())}>
      {/* The header's click is a pointer shortcut; keyboard users have the button and Escape. */}
      <div
        className="chat-head"
        data-minimisable={headerReady ? 'true' : undefined}
        onClick={(e) => {
          if (headerReady && !(e.target as Element).closest('button')) minimise();
        }}
      >
        <h2 className="chat-head__title" id={`${id}-title`}>
          {panel === 'conversation' && operatorName ? operatorName : t('chat.w.title')}
        </h2>
        <button type="button" className="chat-head__min" aria-label={t('chat.w.minimise')} onClick={minimise}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path d="M5 12h14" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
      </div>
      <div className="chat-live visually-hidden" aria-live="polite" role="status">
        {open ? announce : ''}
      </div>
      {connError && panel !== 'end' ? (
        <p className="chat-notice chat-notice--warn" role="alert">
          {t('chat.w.connectionError')}
        </p>
      ) : null}
      <div className="chat-body">
        {panel === 'connecting' ? <p className="chat-connecting">{t('chat.w.connecting')}</p> : null}

        {panel === 'login' ? (
          <form className="chat-form" noValidate onSubmit={onLogin}>
            <p>{t('chat.w.loginIntro')}</p>
            {nameEmail}
            {notice ? <p className="chat-notice chat-notice--error" role="alert">{notice}</p> : null}
            <button type="submit" className="chat-button" disabled={busy}>
              {busy ? t('chat.w.connecting') : t('chat.w.start')}
            </button>
            <button type="button" className="chat-link-button" onClick={() => goTo('resume')}>
              {t('chat.w.resumeAsk')}
            </button>
          </form>
        ) : null}

        {panel === 'resume' ? (
          <form className="chat-form" noValidate onSubmit={(e) => void onResume(e)}>
            <p>{t('chat.w.resumeIntro')}</p>
            {emailField}
            {notice ? (
              <p className="chat-notice" role="status">
                {notice}
              </p>
            ) : null}
            <button type="submit" className="chat-button" disabled={busy}>
              {busy ? t('chat.w.sending') : t('chat.w.resumeSend')}
            </button>
            <button type="button" className="chat-link-button" onClick={() => goTo('login')}>
              {t('chat.w.back')}
            </button>
          </form>
        ) : null}

        {panel === 'offline' ? (
          <form className="chat-form" noValidate onSubmit={(e) => void onOffline(e)}>
            <p>{t('chat.w.offlineIntro')}</p>
            {nameEmail}
            {field('message', t('chat.w.message'), <textarea {...inputProps('message')} rows={4} maxLength={MESSAGE_MAX} />)}
            {notice ? <p className="chat-notice chat-notice--error" role="alert">{notice}</p> : null}
            <button type="submit" className="chat-button" disabled={busy}>
              {busy ? t('chat.w.sending') : t('chat.w.sendOffline')}
            </button>
          </form>
        ) : null}

        {panel === 'busy' ? <p className="chat-notice">{hello?.mode === 'offline' ? t('chat.w.offlineNoForm') : t('chat.w.busy')}</p> : null}

        {panel === 'conversation' ? (
          <>
            <ol className="chat-messages" ref={listRef} aria-label={t('chat.w.messages')} tabIndex={0}>
              {/* Only until an operator takes the chat (their name is in the header from then on). */}
              {bubbles.length === 0 && !conversation?.operatorId ? <li className="chat-msg chat-msg--system">{t('chat.w.waiting')}</li> : null}
              {bubbles.map((b) => (
                <li key={b.key} className={`chat-msg ${b.system ? 'chat-msg--system' : b.own ? 'chat-msg--own' : 'chat-msg--other'}${b.pending ? ' chat-msg--pending' : ''}`}>
                  {!b.system ? (
                    <span className="chat-msg__name">
                      <ChatAvatar name={b.own ? me.name || b.name : b.name} type={b.avatar?.type} image={b.avatar?.image} gravatar={b.avatar?.gravatar} />
                      {b.own ? t('chat.w.you') : b.name}
                    </span>
                  ) : null}
                  <span className="chat-msg__text">
                    <ChatText text={b.text} />
                  </span>
                  {b.pending ? <span className="chat-msg__state">{t('chat.w.sending')}</span> : null}
                  {b.own && b.seq !== undefined && b.seq <= readUpTo && b.key === lastOwnKey ? <span className="chat-msg__state">{t('chat.w.seen')}</span> : null}
                  {b.failed ? <span className="chat-msg__state chat-msg__state--error">{t('chat.w.failed', { reason: b.failed })}</span> : null}
                </li>
              ))}
            </ol>
            <p className="chat-typing" aria-hidden={typingName ? undefined : true}>
              {typingName ? t('chat.w.typing', { name: typingName }) : '\u00a0'}
            </p>
            <form
              className="chat-reply"
              onSubmit={(e) => {
                e.preventDefault();
                send();
              }}
            >
              <label htmlFor={`${id}-reply`} className="visually-hidden">
                {t('chat.w.reply')}
              </label>
              <textarea
                ref={replyRef}
                id={`${id}-reply`}
                className="chat-reply__box"
                rows={2}
                maxLength={MESSAGE_MAX}
                placeholder={t('chat.w.reply')}
                aria-describedby={`${id}-hint`}
                onKeyDown={onReplyKey}
                onBlur={() => setTyping(false)}
              />
              <span id={`${id}-hint`} className="visually-hidden">
                {t('chat.w.replyHint')}
              </span>
              <button type="submit" className="chat-button chat-reply__send">
                {t('chat.w.send')}
              </button>
            </form>
            <button type="button" className="chat-link-button" onClick={() => void endChat()}>
              {t('chat.w.end')}
            </button>
          </>
        ) : null}

        {panel === 'end' ? (
          <div className="chat-end">
            {conversation ? (
              <form className="chat-form" onSubmit={(e) => void onRate(e)}>
                <p>{t('chat.w.ended')}</p>
                <fieldset className="chat-rate">
                  <legend>{t('chat.w.rate')}</legend>
                  <button type="submit" name="evaluation" value="good" className="chat-button chat-button--ghost" disabled={busy}>
                    <RateIcon kind="good" /> {t('chat.w.good')}
                  </button>
                  <button type="submit" name="evaluation" value="bad" className="chat-button chat-button--ghost" disabled={busy}>
                    <RateIcon kind="bad" /> {t('chat.w.bad')}
                  </button>
                </fieldset>
                {conversation.visitorEmail ? (
                  <div className="chat-field chat-field--check">
                    <input id={`${id}-copy`} name="copy" type="checkbox" />
                    <label htmlFor={`${id}-copy`}>{t('chat.w.copy')}</label>
                  </div>
                ) : null}
              </form>
            ) : null}
            {notice ? (
              <p className="chat-notice" role="status">
                {notice}
              </p>
            ) : null}
            <button type="button" className="chat-button" onClick={newChat}>
              {t('chat.w.newChat')}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** Thumbs up or down drawn inline: an emoji shows as an empty box where no emoji font is installed. */
function RateIcon({ kind }: { kind: 'good' | 'bad' }) {
  return (
    <svg className="chat-rate__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" style={kind === 'bad' ? { transform: 'rotate(180deg)' } : undefined}>
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M7 10v11H3V10h4zm0 0 4-8a3 3 0 0 1 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.4 8A2 2 0 0 1 18.1 21H7"
      />
    </svg>
  );
}
