import { useEffect, useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { usePageVisible } from '../client/use-page-visible.ts';
import { ChatConnection } from '../client/chat-connection.ts';
import { CLIENT_EVENTS, GUEST_POLL_MS, HEADER_CLICK_DELAY_MS, LOGIN_RETRY_MS, MINIMISE_AFTER_MS, type ChatMessageView, type ConversationView, type Hello } from '../chat.schema.ts';
import { t } from '../../../i18n/t-chat.ts';
import { chatToken, postChat } from './chat-api.ts';
import { errorMessage, fieldMessage, readLoginForm, sendOfflineForm, sendResumeForm, LoginPanel, OfflinePanel, ResumePanel, type FormState } from './chat-widget-forms.tsx';
import { bubbleOf, ConversationPanel, type Bubble } from './chat-widget-conversation.tsx';
import { EndPanel } from './chat-widget-end.tsx';
import { ChatHead } from './chat-widget-head.tsx';
import { useChatReply } from './use-chat-reply.ts';
import type { ChatUser } from './chat-launcher.tsx';

/*
 * The visitor's chat popup (loaded lazily by chat-launcher.tsx). Panels: connecting, login,
 * offline (contact form) or busy, conversation, end. The connection (client/chat-connection.ts)
 * does delivery; this file holds the popup's state and shows one panel at a time
 * (chat-widget-head.tsx, chat-widget-forms.tsx, chat-widget-conversation.tsx,
 * chat-widget-end.tsx); the reply box's sending and typing are in use-chat-reply.ts. Every text from the network is rendered as React text.
 */

type Panel = 'connecting' | 'login' | 'resume' | 'offline' | 'busy' | 'conversation' | 'end';

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
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(retryTimer.current), []);
  const convRef = useRef<ConversationView | null>(null);
  convRef.current = conversation;
  const { replyRef, setTyping, send, onReplyKey } = useChatReply(conn, convRef, setBubbles);
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
          const bubble = bubbleOf(m);
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
  }, [open, panel, quiet, replyRef]);

  // Read means: the popup is open on the conversation and the page is visible. Restored or
  // shown again, what arrived meanwhile is read now.
  const visible = usePageVisible();
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
    const { name, email, gdpr, missing } = readLoginForm(e.currentTarget, !!hello?.settings.gdpr);
    setFields(missing);
    if (Object.keys(missing).length) return;
    setMe({ name, email });
    void login(name, email, gdpr);
  }

  async function onOffline(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const sending = sendOfflineForm(e.currentTarget, here());
    setBusy(true);
    setNotice('');
    const { status, body } = await sending;
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
    const { body } = await sendResumeForm(email);
    setBusy(false);
    setNotice(body.message ?? body.error?.message ?? t('chat.w.connectionError'));
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

  const operatorName = conversation?.operatorName;
  const form: FormState = { id, fields, notice, busy, me, gdpr: !!hello?.settings.gdpr };
  return (
    <div ref={popupRef} className="chat-popup" data-panel={panel} role="dialog" aria-labelledby={`${id}-title`} hidden={!open} onKeyDown={(e) => e.key === 'Escape' && (e.preventDefault(), minimise())}>
      <ChatHead id={id} title={panel === 'conversation' && operatorName ? operatorName : t('chat.w.title')} ready={headerReady} onMinimise={minimise} />
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

        {panel === 'login' ? <LoginPanel {...form} onSubmit={onLogin} onResumeAsk={() => goTo('resume')} /> : null}
        {panel === 'resume' ? <ResumePanel {...form} onSubmit={(e) => void onResume(e)} onBack={() => goTo('login')} /> : null}
        {panel === 'offline' ? <OfflinePanel {...form} onSubmit={(e) => void onOffline(e)} /> : null}

        {panel === 'busy' ? <p className="chat-notice">{hello?.mode === 'offline' ? t('chat.w.offlineNoForm') : t('chat.w.busy')}</p> : null}

        {panel === 'conversation' ? (
          <ConversationPanel
            id={id}
            bubbles={bubbles}
            operatorId={conversation?.operatorId}
            myName={me.name}
            readUpTo={readUpTo}
            typingName={typingName}
            listRef={listRef}
            replyRef={replyRef}
            onReplyKey={onReplyKey}
            onReplyBlur={() => setTyping(false)}
            onSend={send}
            onEnd={() => void endChat()}
          />
        ) : null}

        {panel === 'end' ? <EndPanel id={id} conversation={conversation} offerCopy={hello?.settings.transcriptCopy ?? false} busy={busy} notice={notice} onRate={(e) => void onRate(e)} onNewChat={newChat} /> : null}
      </div>
    </div>
  );
}
