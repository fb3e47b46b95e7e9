import type { Route } from './+types/admin.mail';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { listStoredMail } from '../lib/mail.server.ts';
import { t } from '../i18n/t.ts';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.mail')} · ${t('admin.title')}` }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
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
      {messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">To</th>
                <th scope="col">Subject</th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <td>{new Date(m.date).toLocaleString('en-GB', { timeZone: 'UTC' })}</td>
                  <td>{m.to}</td>
                  <td>
                    <a href={`/admin/mail/${m.id}`}>{m.subject || '(no subject)'}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
