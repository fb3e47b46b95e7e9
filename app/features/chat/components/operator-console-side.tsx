import type { ConversationView } from '../chat.schema.ts';
import { t } from '../../../i18n/t-admin.ts';
import { formatTime } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/use-locale.ts';

/* The console's side column: visitors waiting (oldest first) and the operator's own conversations. */


export function ConsoleSide(props: {
  waiting: ConversationView[];
  /** The operator's conversations, in the order they were opened. */
  open: number[];
  conversations: Map<number, ConversationView>;
  unread: Map<number, number>;
  selected: number | null;
  onAccept(id: number): void;
  onPick(id: number): void;
}) {
  const { waiting, open, conversations, unread, selected } = props;
  const locale = useLocale();
  const timeOf = (iso: string) => formatTime(iso, locale);
  return (
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
                <button type="button" className="button button--small" aria-label={t('admin.chat.acceptNamed', { name: c.visitorName })} onClick={() => props.onAccept(c.id)}>
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
                      props.onPick(id);
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
  );
}
