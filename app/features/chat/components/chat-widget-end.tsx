import type { FormEvent } from 'react';
import type { ConversationView } from '../chat.schema.ts';
import { t } from '../../../i18n/t-chat.ts';

/* The chat popup after a conversation: rating it, a copy by e-mail, starting another. */

export function EndPanel(props: {
  id: string;
  /** The conversation that ended (none: only the notice and a new chat). */
  conversation: ConversationView | null;
  /** The shop sends chat transcripts (its e-mail is on): a copy may be asked for. */
  offerCopy: boolean;
  busy: boolean;
  notice: string;
  onRate(e: FormEvent<HTMLFormElement>): void;
  onNewChat(): void;
}) {
  const { id, conversation, offerCopy, busy, notice, onRate, onNewChat } = props;
  return (
    <div className="chat-end">
      {conversation ? (
        <form className="chat-form" onSubmit={onRate}>
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
          {conversation.visitorEmail && offerCopy ? (
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
      <button type="button" className="chat-button" onClick={onNewChat}>
        {t('chat.w.newChat')}
      </button>
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
