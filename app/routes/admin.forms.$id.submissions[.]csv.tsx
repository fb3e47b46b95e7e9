import type { Route } from './+types/admin.forms.$id.submissions[.]csv';
import { requireStaff } from '../features/admin/admin.server.ts';
import { FORM_SUBMISSION_ROLES } from '../features/forms/admin-roles.ts';
import { pathId } from '../features/forms/path-id.ts';
import { submissionsCsv } from '../features/forms/submissions.server.ts';
import { inboxQuery } from '../features/forms/inbox-query.ts';
import { HttpError } from '../lib/http-error.ts';
import { t } from '../i18n/t-admin.ts';

/** A form's submissions as CSV (the inbox's filters apply), every cell neutralised against formulas. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, FORM_SUBMISSION_ROLES);
  const id = pathId(params.id);
  if (!id) throw new HttpError(404, 'not_found', t('forms.admin.noSuchForm'));
  const { q, status } = inboxQuery(new URL(request.url));
  const body = await submissionsCsv(context.services.db, id, { q: q || undefined, status });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="form-${id}-submissions.csv"`,
      'cache-control': 'private, no-store',
    },
  });
}
