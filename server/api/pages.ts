import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../app/lib/http-error.ts';
import { idFromText } from '../../app/lib/validate.ts';
import { canEditPages } from '../../app/features/pages/pages.server.ts';
import {
  createPage,
  deletePage,
  getPage,
  getRevision,
  listPages,
  listRevisions,
  publishPage,
  restoreRevision,
  saveDraft,
  unpublishPage,
} from '../../app/features/pages/pages-admin.server.ts';

/**
 * Block pages for their editors (editor, shop manager, administrator): list, read, create,
 * save the draft, publish, unpublish, revisions and restore (docs/API.md, "Pages"). Writes
 * need the CSRF header (api/index.ts) and the version they were made from (409 when stale).
 */
export async function pagesApiRoutes(api: FastifyInstance) {
  const editor = (request: FastifyRequest) => {
    const user = request.ctx.user;
    if (!user) throw new HttpError(401, 'login_required', 'Log in as an editor first.');
    if (!canEditPages(user.role)) throw new HttpError(403, 'forbidden', 'Only editors, shop managers and administrators may edit pages.');
    return user;
  };
  const id = (raw: string) => {
    const n = idFromText(raw);
    if (n === null) throw new HttpError(404, 'not_found', 'No such page.');
    return n;
  };
  type P = FastifyRequest<{ Params: { id: string; rev: string } }>;
  const db = () => api.services.db;

  api.get('/admin/pages', async (request) => {
    editor(request);
    return { pages: await listPages(db()) };
  });
  api.post('/admin/pages', async (request, reply) => {
    const user = editor(request);
    return reply.status(201).send({ page: await createPage(db(), request.body, user.id) });
  });
  api.get('/admin/pages/:id', async (request: P) => {
    editor(request);
    return { page: await getPage(db(), id(request.params.id)) };
  });
  api.put('/admin/pages/:id', async (request: P) => {
    const user = editor(request);
    return { page: await saveDraft(db(), id(request.params.id), request.body, user.id) };
  });
  api.delete('/admin/pages/:id', async (request: P, reply) => {
    editor(request);
    await deletePage(db(), id(request.params.id), request.body ?? {});
    return reply.status(204).send();
  });
  api.post('/admin/pages/:id/publish', async (request: P) => {
    const user = editor(request);
    return { page: await publishPage(db(), id(request.params.id), request.body, user.id) };
  });
  api.post('/admin/pages/:id/unpublish', async (request: P) => {
    const user = editor(request);
    return { page: await unpublishPage(db(), id(request.params.id), request.body, user.id) };
  });
  api.get('/admin/pages/:id/revisions', async (request: P) => {
    editor(request);
    return { revisions: await listRevisions(db(), id(request.params.id)) };
  });
  api.get('/admin/pages/:id/revisions/:rev', async (request: P) => {
    editor(request);
    const rev = idFromText(request.params.rev);
    if (rev === null) throw new HttpError(404, 'not_found', 'No such revision of this page.');
    return { revision: await getRevision(db(), id(request.params.id), rev) };
  });
  api.post('/admin/pages/:id/revisions/:rev/restore', async (request: P) => {
    const user = editor(request);
    const rev = idFromText(request.params.rev);
    if (rev === null) throw new HttpError(404, 'not_found', 'No such revision of this page.');
    return { page: await restoreRevision(db(), id(request.params.id), rev, request.body, user.id) };
  });
}
