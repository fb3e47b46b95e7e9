import type { Route } from './+types/admin.mail.$id';
import { MAIL_ROLES, requireStaff } from '../features/admin/admin.server.ts';
import { readStoredMail, REDACTED_HEADER } from '../lib/mail.server.ts';
import { t } from '../i18n/t-admin.ts';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.mail')} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, MAIL_ROLES);
  const raw = await readStoredMail(context.services.config.dataDir, params.id);
  if (raw === null) throw new Response('Not Found', { status: 404 });
  const head = raw.slice(0, raw.indexOf('\n\n') >>> 0);
  return { id: params.id, raw, redacted: new RegExp(`^${REDACTED_HEADER}:`, 'mi').test(head) };
}

export default function MailMessage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <a href="/admin/mail">← {t('admin.mail')}</a>
      </p>
      <h1>{t('admin.mail.message', { id: loaderData.id })}</h1>
      {loaderData.redacted ? (
        <p className="notice">{t('admin.mail.linkWithheld', { file: `mail/private/${loaderData.id}` })}</p>
      ) : null}
      <pre className="mail-body">{loaderData.raw}</pre>
    </>
  );
}
