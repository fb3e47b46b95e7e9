import type { Route } from './+types/admin.forms.$id.submissions.$sid.files.$fid';
import { requireStaff } from '../features/admin/admin.server.ts';
import { FORM_SUBMISSION_ROLES } from '../features/forms/admin-roles.ts';
import { pathId } from '../features/forms/path-id.ts';
import { getUploadRecord } from '../features/forms/submissions.server.ts';
import { submissionInForm } from '../features/forms/inbox-access.server.ts';
import { readUpload } from '../features/forms/uploads.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { t } from '../i18n/t-admin.ts';

/**
 * A file uploaded with a submission, for staff only: always as a download (never shown
 * inline, so an HTML or SVG upload cannot run in the shop's origin), under its cleaned name.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireStaff(context, request, FORM_SUBMISSION_ROLES);
  const { db, config } = context.services;
  const sub = await submissionInForm(db, params.id, params.sid);
  const fid = pathId(params.fid);
  const file = fid ? await getUploadRecord(db, sub.id, fid) : null;
  const bytes = file ? await readUpload(config.dataDir, file.storedName) : null;
  if (!file || !bytes) throw new HttpError(404, 'not_found', t('forms.admin.noSuchFile'));
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/octet-stream',
      'content-disposition': `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, no-store',
    },
  });
}
