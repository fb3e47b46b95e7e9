import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiSchema, type ApiDoc } from '../openapi.ts';
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
  saveDraftSchema,
  createPageSchema,
  unpublishPage,
  versionSchema,
} from '../../app/features/pages/pages-admin.server.ts';

const tags = ['Pages'];
const pageId = z.object({ id: z.string().describe('The page id') });
const revisionId = z.object({ id: z.string().describe('The page id'), rev: z.string().describe('The revision id') });
const page = z.object({ page: z.looseObject({ id: z.number().int(), slug: z.string(), title: z.string(), version: z.number().int() }) });
/** The description of one pages route: editors only, CSRF on writes. */
const doc = (d: Omit<ApiDoc, 'tags'>) => ({ schema: apiSchema({ tags, ...d }) });

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

  api.get('/admin/pages', doc({ summary: 'Every block page (editors)', responses: { 200: { description: 'The pages.', body: z.object({ pages: z.array(z.looseObject({})) }) } } }), async (request) => {
    editor(request);
    return { pages: await listPages(db()) };
  });
  api.post('/admin/pages', doc({ summary: 'Create a block page as a draft', access: 'csrf', body: createPageSchema, responses: { 201: { description: 'The new page.', body: page } } }), async (request, reply) => {
    const user = editor(request);
    return reply.status(201).send({ page: await createPage(db(), request.body, user.id) });
  });
  api.get('/admin/pages/:id', doc({ summary: 'One page with its draft and published trees', params: pageId, responses: { 200: { description: 'The page.', body: page } } }), async (request: P) => {
    editor(request);
    return { page: await getPage(db(), id(request.params.id)) };
  });
  api.put('/admin/pages/:id', doc({ summary: 'Save the draft (409 when made from an older version)', access: 'csrf', params: pageId, body: saveDraftSchema, responses: { 200: { description: 'The page.', body: page } } }), async (request: P) => {
    const user = editor(request);
    return { page: await saveDraft(db(), id(request.params.id), request.body, user.id) };
  });
  api.delete('/admin/pages/:id', doc({ summary: 'Delete a page and its revisions', access: 'csrf', params: pageId, body: versionSchema, responses: { 204: { description: 'Deleted.' } } }), async (request: P, reply) => {
    editor(request);
    await deletePage(db(), id(request.params.id), request.body ?? {});
    return reply.status(204).send();
  });
  api.post('/admin/pages/:id/publish', doc({ summary: 'Publish the draft', access: 'csrf', params: pageId, body: versionSchema, responses: { 200: { description: 'The page.', body: page } } }), async (request: P) => {
    const user = editor(request);
    return { page: await publishPage(db(), id(request.params.id), request.body, user.id) };
  });
  api.post('/admin/pages/:id/unpublish', doc({ summary: 'Take the page off the site', access: 'csrf', params: pageId, body: versionSchema, responses: { 200: { description: 'The page.', body: page } } }), async (request: P) => {
    const user = editor(request);
    return { page: await unpublishPage(db(), id(request.params.id), request.body, user.id) };
  });
  api.get('/admin/pages/:id/revisions', doc({ summary: 'The revisions of a page, newest first', params: pageId, responses: { 200: { description: 'The revisions.', body: z.object({ revisions: z.array(z.looseObject({})) }) } } }), async (request: P) => {
    editor(request);
    return { revisions: await listRevisions(db(), id(request.params.id)) };
  });
  api.get('/admin/pages/:id/revisions/:rev', doc({ summary: 'One revision with its tree', params: revisionId, responses: { 200: { description: 'The revision.', body: z.object({ revision: z.looseObject({}) }) } } }), async (request: P) => {
    editor(request);
    const rev = idFromText(request.params.rev);
    if (rev === null) throw new HttpError(404, 'not_found', 'No such revision of this page.');
    return { revision: await getRevision(db(), id(request.params.id), rev) };
  });
  api.post('/admin/pages/:id/revisions/:rev/restore', doc({ summary: 'Make a revision the draft again', access: 'csrf', params: revisionId, body: versionSchema, responses: { 200: { description: 'The page.', body: page } } }), async (request: P) => {
    const user = editor(request);
    const rev = idFromText(request.params.rev);
    if (rev === null) throw new HttpError(404, 'not_found', 'No such revision of this page.');
    return { page: await restoreRevision(db(), id(request.params.id), rev, request.body, user.id) };
  });
}
