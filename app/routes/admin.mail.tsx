import type { Route } from './+types/admin.mail';
import { MAIL_ROLES, requireStaff } from '../features/admin/admin.server.ts';
import { listStoredMail } from '../lib/mail.server.ts';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { t } from '../i18n/t-admin.ts';
import { formatDateTime } from '../lib/format.ts';
import { useLocale } from '../lib/use-locale.ts';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.mail')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, MAIL_ROLES);
  const { config, mailer } = context.services;
  return { transport: mailer.transport, messages: await listStoredMail(config.dataDir) };
}

export default function Mail({ loaderData }: Route.ComponentProps) {
  const locale = useLocale();
  const { transport, messages } = loaderData;
  return (
    <>
      <h1>{t('admin.mail')}</h1>
      {transport === 'smtp' ? (
        <p className="notice">{t('admin.mail.smtp')}</p>
      ) : (
        <p>{t('admin.mail.noSmtp')}</p>
      )}
      <p className="hint">{t('admin.mail.withheld', { folder: 'mail/private/' })}</p>
      <AdminTable
        label={t('admin.mail.stored')}
        rows={messages}
        rowKey={(m) => m.id}
        empty={<p>{t('admin.mail.none')}</p>}
        columns={[
          { header: t('admin.mail.subject'), rowHeader: true, cell: (m) => <a href={`/admin/mail/${m.id}`}>{m.subject || t('admin.mail.noSubject')}</a> },
          { header: t('admin.mail.to'), cell: (m) => m.to },
          { header: t('admin.mail.date'), cell: (m) => formatDateTime(m.date, locale) },
        ]}
      />
    </>
  );
}
