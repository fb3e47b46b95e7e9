import { Form, Link, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { formAction } from '../lib/action.server.ts';
import { isActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { requireStaff } from '../features/admin/admin.server.ts';
import { archiveScope, deleteTranscript, getTranscript } from '../features/chat/chat-archive.server.ts';
import { CHAT_CONSOLE_ROLES } from '../features/chat/chat-roles.ts';
import { ChatText } from '../features/chat/components/chat-text.tsx';
import { ChatAvatar } from '../features/chat/components/chat-avatar.tsx';
import { t } from '../i18n/t-admin.ts';
import '../features/chat/chat.css';
import '../features/chat/console.css';

/* One transcript: who, when, how long, the rating, every message as text. */

export const meta: MetaFunction = () => [{ title: `${t('admin.chat.transcript')} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: LoaderFunctionArgs) {
  const user = requireStaff(context, request, CHAT_CONSOLE_ROLES);
  const { db } = context.services;
  const id = /^[1-9][0-9]{0,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const transcript = id > 0 && id <= 2_147_483_647 ? await getTranscript(db, await archiveScope(db, user), id) : undefined;
  if (!transcript) throw new Response('Not Found', { status: 404 });
  return { transcript };
}

export async function action({ context, request, params }: ActionFunctionArgs) {
  const user = requireStaff(context, request, CHAT_CONSOLE_ROLES);
  const { db } = context.services;
  const form = await request.formData();
  return formAction(async () => {
    if (form.get('intent') !== 'delete') throw new HttpError(400, 'invalid', t('admin.chat.settingsMissing'));
    const id = /^[1-9][0-9]{0,9}$/.test(params.id ?? '') ? Number(params.id) : 0;
    if (!id || id > 2_147_483_647 || !(await deleteTranscript(db, await archiveScope(db, user), id))) throw new HttpError(404, 'not_found', t('admin.chat.noSuchTranscript'));
    return redirect('/admin/chat/transcripts?deleted=1');
  });
}

const when = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16).replace('T', ' ') : '—');

export default function AdminChatTranscript() {
  const { transcript: c } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result && isActionError(result) ? result.error : null;
  const minutes = c.durationS === null ? '—' : t('admin.chat.duration', { minutes: Math.floor(c.durationS / 60), seconds: c.durationS % 60 });
  const rating = c.evaluation === 'good' ? t('admin.chat.good') : c.evaluation === 'bad' ? t('admin.chat.bad') : t('admin.chat.notRated');
  return (
    <>
      <p>
        <Link to="/admin/chat/transcripts">{t('admin.chat.backToTranscripts')}</Link>
      </p>
      <h1>{t('admin.chat.transcriptWith', { name: c.visitorName || c.visitorEmail })}</h1>
      <dl className="chat-archive__facts">
        <dt>{t('admin.chat.visitor')}</dt>
        <dd>
          {c.visitorName} &lt;{c.visitorEmail}&gt;
        </dd>
        <dt>{t('admin.chat.operator')}</dt>
        <dd>{c.operatorName || '—'}</dd>
        <dt>{t('admin.chat.startedAt')}</dt>
        <dd>{when(c.createdAt)}</dd>
        <dt>{t('admin.chat.lasted')}</dt>
        <dd>{minutes}</dd>
        <dt>{t('admin.chat.rating')}</dt>
        <dd>{rating}</dd>
      </dl>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error.message}
        </p>
      ) : null}
      <Form method="post">
        <CsrfField />
        <button type="submit" name="intent" value="delete" className="button button--ghost">
          {t('admin.chat.deleteTranscript')}
        </button>
      </Form>
      <ol className="chat-pane__messages chat-archive__messages" aria-label={t('admin.chat.messagesWith', { name: c.visitorName })}>
        {c.messages.map((m) => (
          <li key={m.seq} className={`chat-msg ${m.senderType === 'system' ? 'chat-msg--system' : m.senderType === 'operator' ? 'chat-msg--own' : 'chat-msg--other'}`}>
            {m.senderType !== 'system' ? (
              <span className="chat-msg__name">
                <ChatAvatar name={m.name} />
                {m.name}
              </span>
            ) : null}
            <span className="chat-msg__text">
              <ChatText text={m.text} />
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}
