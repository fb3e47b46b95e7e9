import type { AppLoadContext } from 'react-router';
import type { DB } from '../../../db/client.ts';
import { requireStaff } from '../admin/admin.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { idFromText } from '../../lib/validate.ts';
import { getPage } from './pages-admin.server.ts';
import { PAGE_EDITOR_ROLES } from './roles.ts';

/*
 * What the two page editors' routes (the backend editor and the visual builder) check
 * first, in their loaders and actions alike: a page editor signed in, a page id.
 */

/** The signed-in page editor (else the login page or 403) and the page id (else 404). */
export function pageEditorRequest(context: AppLoadContext, request: Request, rawId: string | undefined) {
  const user = requireStaff(context, request, PAGE_EDITOR_ROLES);
  const id = idFromText(rawId);
  if (id === null) throw new Response('Not Found', { status: 404 });
  return { user, id };
}

/** The page being edited; an unknown one is the 404 page. */
export function editedPageOr404(db: DB, id: number) {
  return getPage(db, id).catch((e: unknown) => {
    if (e instanceof HttpError && e.status === 404) throw new Response('Not Found', { status: 404 });
    throw e;
  });
}
