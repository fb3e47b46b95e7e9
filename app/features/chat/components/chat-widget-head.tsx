import { t } from '../../../i18n/t-chat.ts';

/** The title and the minimise button; the header's click is a pointer shortcut (from `ready` on), keyboard users have the button and Escape. */
export function ChatHead({ id, title, ready, onMinimise }: { id: string; title: string; ready: boolean; onMinimise(): void }) {
  return (
    <div
      className="chat-head"
      data-minimisable={ready ? 'true' : undefined}
      onClick={(e) => {
        if (ready && !(e.target as Element).closest('button')) onMinimise();
      }}
    >
      <h2 className="chat-head__title" id={`${id}-title`}>
        {title}
      </h2>
      <button type="button" className="chat-head__min" aria-label={t('chat.w.minimise')} onClick={onMinimise}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path d="M5 12h14" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
    </div>
  );
}
