import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../app/lib/http-error.ts';
import { MENU_ADMIN_ROLES } from '../../app/features/menus/admin-roles.ts';
import { z } from 'zod';
import { apiSchema, type ApiDoc } from '../openapi.ts';
import { menuInputSchema } from '../../app/features/menus/menus.schema.ts';
import { deleteMenu, getMenu, listMenus, parseLocation, saveMenu } from '../../app/features/menus/menus.server.ts';

/** Signed-in staff with a menu-editing role, else 401/403. */
function requireMenuEditor(request: FastifyRequest) {
  const user = request.ctx.user;
  if (!user) throw new HttpError(401, 'unauthorized', 'Sign in with a staff account first.');
  if (!MENU_ADMIN_ROLES.includes(user.role)) throw new HttpError(403, 'forbidden', 'Only administrators, shop managers and editors may edit menus.');
  return user;
}

const location = z.object({ location: z.string().describe('main, top_bar, footer or mobile') });
const menu = z.looseObject({ location: z.string(), name: z.string(), items: z.array(z.looseObject({})) });
const doc = (d: Omit<ApiDoc, 'tags'>) => ({ schema: apiSchema({ tags: ['Menus'], ...d }) });

type ByLocation = FastifyRequest<{ Params: { location: string } }>;

/** `/api/admin/menus`: the site's menus by location (docs/API.md, "Menus"). */
export async function adminMenuRoutes(api: FastifyInstance) {
  api.addHook('onRequest', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    requireMenuEditor(request);
  });
  api.get('/admin/menus', doc({ summary: 'The saved menus (administrators, shop managers, editors)', responses: { 200: { description: 'The menus.', body: z.object({ menus: z.array(menu) }) } } }), async () => ({ menus: await listMenus(api.services.db) }));
  api.get('/admin/menus/:location', doc({ summary: 'The menu at one location', params: location, responses: { 200: { description: 'The menu.', body: z.object({ menu }) } } }), async (request: ByLocation) => {
    const menu = await getMenu(api.services.db, parseLocation(request.params.location));
    if (!menu) throw new HttpError(404, 'not_found', 'No menu is saved at this location.');
    return { menu };
  });
  api.put('/admin/menus/:location', doc({ summary: 'Replace the menu at a location (one transaction)', access: 'csrf', params: location, body: menuInputSchema, responses: { 200: { description: 'The saved menu.', body: z.object({ menu }) } } }), async (request: ByLocation) => {
    const location = parseLocation(request.params.location);
    return { menu: await saveMenu(api.services.db, location, request.body) };
  });
  api.delete('/admin/menus/:location', doc({ summary: 'Delete the menu at a location (its fallback shows again)', access: 'csrf', params: location, responses: { 204: { description: 'Deleted.' } } }), async (request: ByLocation, reply) => {
    const location = parseLocation(request.params.location);
    if (!(await deleteMenu(api.services.db, location))) throw new HttpError(404, 'not_found', 'No menu is saved at this location.');
    return reply.status(204).send();
  });
}
