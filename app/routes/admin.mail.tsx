import type { Route } from './+types/admin.mail';
import { MAIL_ROLES, requireStaff } from '../features/admin/admin.server.ts';
import { listStoredMail } from '../lib/mail.server.ts';
import { AdminTable } from '../features/admin/components/admin-table.tsx';
import { t } from '../i18n/t.ts';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.mail')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, MAIL_ROLES);
  const { config, mailer } = context.services;
  return { transport: mailer.transport, messages: await listStoredMail(config.dataDir) };
}

export default function Mail({ loaderData }: Route.ComponentProps) {
  const { transport, messages } = loaderData;
  return (
    <>
      <h1>{t('admin.mail')}</h1>
      {transport === 'smtp' ? (
        <p className="notice">Mail is sent through SMTP (SMTP_URL); messages written to files before that are listed below.</p>
      ) : (
        <p>No SMTP server is configured (SMTP_URL), so outgoing messages are written here instead of being sent.</p>
      )}
      <p className="hint">
        Password-reset links are withheld here. Without SMTP, the full message is kept on the server in <code>mail/private/</code> in the
        data directory, readable only from a shell.
      </p>
      <AdminTable
        label="Stored messages"
        rows={messages}
        rowKey={(m) => m.id}
        empty={<p>No messages yet.</p>}
        columns={[
          { header: 'Subject', rowHeader: true, cell: (m) => <a href={`/admin/mail/${m.id}`}>{m.subject || '(no subject)'}</a> },
          { header: 'To', cell: (m) => m.to },
          { header: 'Date', cell: (m) => new Date(m.date).toLocaleString('en-GB', { timeZone: 'UTC' }) },
        ]}
      />
    </>
  );
}
