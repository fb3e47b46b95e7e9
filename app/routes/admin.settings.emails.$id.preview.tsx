import type { Route } from './+types/admin.settings.emails.$id.preview';
import { requireStaff, SETTINGS_ROLES } from '../features/admin/admin.server.ts';
import { getSettings } from '../features/settings/settings.server.ts';
import { isEmailId } from '../features/settings/email-catalog.ts';
import { sampleEmail } from '../features/emails/email-samples.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { t } from '../i18n/t-admin.ts';

/**
 * One e-mail's preview on a page of its own (`?part=text`: its plain-text part), made by the
 * code that sends it. Sandboxed: the page runs no script and may be framed by the shop only.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, SETTINGS_ROLES);
  if (!isEmailId(params.id)) throw new HttpError(404, 'not_found', t('admin.emails.notFound'));
  const { mail } = await sampleEmail(context.services, await getSettings(context.services.db), params.id);
  const text = new URL(request.url).searchParams.get('part') === 'text';
  return new Response(text ? mail.text : mail.html, {
    headers: {
      'content-type': text ? 'text/plain; charset=utf-8' : 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'",
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    },
  });
}
