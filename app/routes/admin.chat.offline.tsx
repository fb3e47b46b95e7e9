import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { archiveScope, listOfflineMessages } from '../features/chat/chat-archive.server.ts';
import { CHAT_CONSOLE_ROLES } from '../features/chat/chat-roles.ts';
import { ChatText } from '../features/chat/components/chat-text.tsx';
import { t } from '../i18n/t-admin.ts';
import '../features/chat/console.css';

/* Messages visitors left with the widget's contact form while no operator was online. */

export const meta: MetaFunction = () => [{ title: `${t('admin.chat.offlineInbox')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireStaff(context, request, CHAT_CONSOLE_ROLES);
  const { db } = context.services;
  return { messages: await listOfflineMessages(db, await archiveScope(db, user)) };
}

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');

export default function AdminChatOffline() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{t('admin.chat.offlineInbox')}</h1>
      {messages.length === 0 ? (
        <p>{t('admin.chat.noOffline')}</p>
      ) : (
        <ul className="chat-archive__inbox">
          {messages.map((m) => (
            <li key={m.id}>
              <article aria-labelledby={`off-${m.id}`}>
                <h2 id={`off-${m.id}`}>{t('admin.chat.offlineFrom', { name: m.name })}</h2>
                <p className="chat-console__meta">
                  <a href={`mailto:${m.email}`}>{m.email}</a> · {when(m.createdAt)}
                  {m.currentPage ? ` · ${t('admin.chat.page', { page: m.currentPage })}` : ''} · {m.mailed ? t('admin.chat.mailed') : t('admin.chat.notMailed')}
                </p>
                <p className="chat-archive__text">
                  <ChatText text={m.message} />
                </p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
