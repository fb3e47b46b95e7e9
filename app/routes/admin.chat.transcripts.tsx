import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { archiveScope, listTranscripts, transcriptFilterSchema, TRANSCRIPTS_PER_PAGE } from '../features/chat/chat-archive.server.ts';
import { CHAT_CONSOLE_ROLES } from '../features/chat/chat-roles.ts';
import { plural, t } from '../i18n/t-admin.ts';
import '../features/chat/console.css';

/* Closed conversations (transcripts): search by visitor, filter by rating, open one. */

export const meta: MetaFunction = () => [{ title: `${t('admin.chat.transcripts')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  const user = requireStaff(context, request, CHAT_CONSOLE_ROLES);
  const { db } = context.services;
  const params = new URL(request.url).searchParams;
  const filter = transcriptFilterSchema.parse(Object.fromEntries(params));
  const { rows, total } = await listTranscripts(db, await archiveScope(db, user), filter);
  return { rows, total, filter, pages: Math.max(1, Math.ceil(total / TRANSCRIPTS_PER_PAGE)) };
}

const when = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16).replace('T', ' ') : '—');

export default function AdminChatTranscripts() {
  const { rows, total, filter, pages } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const rating = (e: string) => (e === 'good' ? t('admin.chat.good') : e === 'bad' ? t('admin.chat.bad') : t('admin.chat.notRated'));
  const pageLink = (page: number) => `?${new URLSearchParams({ ...(filter.q ? { q: filter.q } : {}), ...(filter.evaluation ? { evaluation: filter.evaluation } : {}), page: String(page) })}`;
  return (
    <>
      <h1>{t('admin.chat.transcripts')}</h1>
      {params.get('deleted') ? (
        <p className="notice" role="status">
          {t('admin.chat.transcriptDeleted')}
        </p>
      ) : null}
      <form method="get" className="chat-archive__filter" role="search">
        <p className="form-row">
          <label htmlFor="tr-q">{t('admin.chat.searchVisitor')}</label>
          <input id="tr-q" name="q" type="search" defaultValue={filter.q} />
        </p>
        <p className="form-row">
          <label htmlFor="tr-eval">{t('admin.chat.rating')}</label>
          <select id="tr-eval" name="evaluation" defaultValue={filter.evaluation}>
            <option value="">{t('admin.chat.anyRating')}</option>
            <option value="good">{t('admin.chat.good')}</option>
            <option value="bad">{t('admin.chat.bad')}</option>
            <option value="none">{t('admin.chat.notRated')}</option>
          </select>
        </p>
        <button type="submit" className="button">
          {t('admin.chat.filter')}
        </button>
      </form>
      <p role="status">{plural('admin.chat.transcriptCount', total)}</p>
      {rows.length === 0 ? (
        <p>{t('admin.chat.noTranscripts')}</p>
      ) : (
        <table className="chat-archive__table">
          <thead>
            <tr>
              <th scope="col">{t('admin.chat.visitor')}</th>
              <th scope="col">{t('admin.chat.operator')}</th>
              <th scope="col">{t('admin.chat.rating')}</th>
              <th scope="col">{t('admin.chat.messageCount')}</th>
              <th scope="col">{t('admin.chat.endedAt')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={`/admin/chat/transcripts/${r.id}`}>{r.visitorName || r.visitorEmail}</Link>
                  <br />
                  <span className="chat-console__meta">{r.visitorEmail}</span>
                </td>
                <td>{r.operatorName || '—'}</td>
                <td>{rating(r.evaluation)}</td>
                <td>{r.messages}</td>
                <td>{when(r.closedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav aria-label={t('admin.chat.pages')} className="chat-archive__pages">
          {filter.page > 1 ? <Link to={pageLink(filter.page - 1)}>{t('admin.chat.prev')}</Link> : null}
          <span>{t('admin.chat.pageOf', { page: filter.page, pages })}</span>
          {filter.page < pages ? <Link to={pageLink(filter.page + 1)}>{t('admin.chat.next')}</Link> : null}
        </nav>
      ) : null}
    </>
  );
}
