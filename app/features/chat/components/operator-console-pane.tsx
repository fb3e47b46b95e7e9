import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatConnection } from '../client/chat-connection.ts';
import { CLIENT_EVENTS, MESSAGE_MAX, TYPING_TIMEOUT_MS, type ChatErrorBody, type ConversationView } from '../chat.schema.ts';
import { t } from '../../../i18n/t-admin.ts';
import { ChatText } from './chat-text.tsx';
import { ChatAvatar } from './chat-avatar.tsx';

/*
 * One accepted conversation in the console: its visitor's details, passing it on, the
 * messages, the reply box and the canned replies.
 */

export interface Line {
  key: string;
  own: boolean;
  system: boolean;
  name: string;
  text: string;
  pending: boolean;
  failed?: string;
}
export interface Canned {
  id: number;
  title: string;
  text: string;
}
export interface Presence {
  currentPage: string;
  isMobile: boolean;
  status: string;
  ip?: string;
}

export function Pane(props: {
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
