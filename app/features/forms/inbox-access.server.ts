/**
 * The inbox pages' lookups: a submission only under its own form's address (another form's
 * id in the path is the same 404 as an unknown one).
 */
import type { DB } from '../../../db/client.ts';
import { HttpError } from '../../lib/http-error.ts';
import { getSubmission } from './submissions.server.ts';
import { pathId } from './path-id.ts';


export async function submissionInForm(db: DB, formParam: string | undefined, idParam: string | undefined) {
  const formId = pathId(formParam);
  const id = pathId(idParam);
  const sub = id ? await getSubmission(db, id) : null;
  if (!sub || sub.formId !== formId) throw new HttpError(404, 'not_found', 'No such submission.');
  return sub;
}
