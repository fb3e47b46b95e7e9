import { Form, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { CsrfField } from '../features/account/components/form-parts.tsx';
import { addCannedReply, cannedReplies, cannedReplySchema, deleteCannedReply } from '../features/chat/chat-store.server.ts';
import { formAction } from '../lib/action.server.ts';
import { isActionError } from '../lib/action.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject, parseInput } from '../lib/validate.ts';
import { t } from '../i18n/t-admin.ts';
import '../features/chat/console.css';

/* The shop's canned replies (vendor 0, offered to every operator in the console). Managers and administrators. */

export const meta: MetaFunction = () => [{ title: `${t('admin.chat.canned')} · ${t('admin.title')}` }];

export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const rows = await cannedReplies(context.services.db, 0);
  return { replies: rows.map((r) => ({ id: r.id, title: r.title, body: r.body })) };
}

export async function action({ context, request }: ActionFunctionArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const values = formToObject(await request.formData());
  const { db } = context.services;
  return formAction(async () => {
    if (values.intent === 'add') {
      const input = parseInput(cannedReplySchema, values);
      await addCannedReply(db, { vendorId: 0, title: input.title, body: input.body });
      return { done: t('admin.chat.cannedAdded', { title: input.title }) };
    }
    if (values.intent === 'delete') {
      const id = /^[1-9][0-9]{0,9}$/.test(values.id ?? '') ? Number(values.id) : 0;
      if (!id || id > 2_147_483_647 || !(await deleteCannedReply(db, 0, id))) throw new HttpError(404, 'not_found', t('admin.chat.cannedMissing'));
      return { done: t('admin.chat.cannedDeleted') };
    }
    throw new HttpError(400, 'invalid', t('admin.chat.settingsMissing'));
  }, values);
}

export default function AdminChatCanned() {
  const { replies } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const error = result && isActionError(result) ? result.error : null;
  const fieldError = (k: string) =>
    error?.fields?.[k] ? (
      <p className="field-error" id={`canned-${k}-error`}>
        {error.fields[k]}
      </p>
    ) : null;
  const described = (k: string) => (error?.fields?.[k] ? { 'aria-invalid': true, 'aria-describedby': `canned-${k}-error` } : {});
  return (
    <>
      <h1>{t('admin.chat.canned')}</h1>
      <p>{t('admin.chat.cannedIntro')}</p>
      {error && !error.fields ? (
        <p className="notice notice--error" role="alert">
          {error.message}
        </p>
      ) : result && !isActionError(result) ? (
        <p className="notice" role="status">
          {result.done}
        </p>
      ) : null}
      {replies.length === 0 ? (
        <p>{t('admin.chat.cannedNone')}</p>
      ) : (
        <ul className="chat-archive__inbox">
          {replies.map((r) => (
            <li key={r.id}>
              <h2>{r.title}</h2>
              <p className="chat-archive__text">{r.body}</p>
              <Form method="post">
                <CsrfField />
                <input type="hidden" name="id" value={r.id} />
                <button type="submit" name="intent" value="delete" className="button button--ghost" aria-label={t('admin.chat.cannedDelete', { title: r.title })}>
                  {t('admin.chat.delete')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <h2>{t('admin.chat.cannedNew')}</h2>
      <Form method="post" className="chat-canned__form">
        <CsrfField />
        <p className="form-row">
          <label htmlFor="canned-title">{t('admin.chat.cannedTitle')}</label>
          <input id="canned-title" name="title" maxLength={100} required {...described('title')} />
          {fieldError('title')}
        </p>
        <p className="form-row">
          <label htmlFor="canned-body">{t('admin.chat.cannedBody')}</label>
          <textarea id="canned-body" name="body" rows={3} required {...described('body')} />
          {fieldError('body')}
        </p>
        <button type="submit" name="intent" value="add" className="button">
          {t('admin.chat.cannedAdd')}
        </button>
      </Form>
    </>
  );
}
