import type { KeyboardEvent, RefObject } from 'react';
import { MESSAGE_MAX, type ChatMessageView } from '../chat.schema.ts';
import { t } from '../../../i18n/t-chat.ts';
import { ChatText } from './chat-text.tsx';
import { ChatAvatar } from './chat-avatar.tsx';

/* The chat popup's conversation: the messages, who is typing, the reply box, ending the chat. */

/** A message in the list: delivered (with seq) or still pending (own, not yet acknowledged). */
export interface Bubble {
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

/** A delivered message as the list shows it. */
export const bubbleOf = (m: ChatMessageView): Bubble => ({
  key: `s${m.seq}`,
  own: m.senderType === 'visitor',
  system: m.senderType === 'system',
  name: m.userName,
  text: m.text,
  pending: false,
  seq: m.seq,
  ...(m.senderType === 'operator' ? { avatar: { type: m.avatarType, image: m.avatarImage, gravatar: m.gravatar } } : {}),
});

export function ConversationPanel(props: {
  id: string;
  bubbles: Bubble[];
  /** The conversation's operator, once one took it. */
  operatorId: number | null | undefined;
  /** The visitor's own name, for their avatar. */
  myName: string;
  /** The highest of our messages the other side has read. */
  readUpTo: number;
  typingName: string | null;
  listRef: RefObject<HTMLOListElement | null>;
  replyRef: RefObject<HTMLTextAreaElement | null>;
  onReplyKey(e: KeyboardEvent<HTMLTextAreaElement>): void;
  onReplyBlur(): void;
  onSend(): void;
  onEnd(): void;
}) {
  const { id, bubbles, operatorId, myName, readUpTo, typingName, listRef, replyRef, onReplyKey, onReplyBlur, onSend, onEnd } = props;
  const lastOwnKey = [...bubbles].reverse().find((b) => b.own && !b.pending)?.key;
  return (
    <>
      <ol className="chat-messages" ref={listRef} aria-label={t('chat.w.messages')} tabIndex={0}>
        {/* Only until an operator takes the chat (their name is in the header from then on). */}
        {bubbles.length === 0 && !operatorId ? <li className="chat-msg chat-msg--system">{t('chat.w.waiting')}</li> : null}
        {bubbles.map((b) => (
          <li key={b.key} className={`chat-msg ${b.system ? 'chat-msg--system' : b.own ? 'chat-msg--own' : 'chat-msg--other'}${b.pending ? ' chat-msg--pending' : ''}`}>
            {!b.system ? (
              <span className="chat-msg__name">
                <ChatAvatar name={b.own ? myName || b.name : b.name} type={b.avatar?.type} image={b.avatar?.image} gravatar={b.avatar?.gravatar} />
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
          onSend();
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
          onBlur={onReplyBlur}
        />
        <span id={`${id}-hint`} className="visually-hidden">
          {t('chat.w.replyHint')}
        </span>
        <button type="submit" className="chat-button chat-reply__send">
          {t('chat.w.send')}
        </button>
      </form>
      <button type="button" className="chat-link-button" onClick={onEnd}>
        {t('chat.w.end')}
      </button>
    </>
  );
}
