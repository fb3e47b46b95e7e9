import type { LoaderFunctionArgs } from 'react-router';
import { requireStaff } from '../features/admin/admin.server.ts';
import { allForms, findLinkTargets } from '../features/pages/link-targets.server.ts';
import { PAGE_EDITOR_ROLES } from '../features/pages/roles.ts';

/*
 * /admin/pages/links.json — the block settings' pickers as JSON, for page editors:
 * `?q=<words>` pages, products and categories a link may go to (`{ matches }`, each with
 * its address); `&kind=category` categories by path; `?kind=form` the contact forms.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  requireStaff(context, request, PAGE_EDITOR_ROLES);
  const params = new URL(request.url).searchParams;
  const kind = params.get('kind');
  const { db } = context.services;
  const matches =
    kind === 'form'
      ? (await allForms(db)).map((f) => ({ kind: 'form' as const, label: f.title, value: String(f.id), detail: '' }))
      : await findLinkTargets(db, String(params.get('q') ?? ''), kind === 'category' ? 'category' : 'link');
  return Response.json({ matches }, { headers: { 'cache-control': 'no-store' } });
}
