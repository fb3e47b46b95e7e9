import type { Route } from './+types/admin.mail.$id';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { readStoredMail } from '../lib/mail.server.ts';
import { t } from '../i18n/t.ts';

export const meta: Route.MetaFunction = () => [{ title: `${t('admin.mail')} · ${t('admin.title')}` }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  const raw = await readStoredMail(context.services.config.dataDir, params.id);
  if (raw === null) throw new Response('Not Found', { status: 404 });
  return { id: params.id, raw };
}

export default function MailMessage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <a href="/admin/mail">← {t('admin.mail')}</a>
      </p>
      <h1>Message {loaderData.id}</h1>
      <pre className="mail-body">{loaderData.raw}</pre>
    </>
  );
}
