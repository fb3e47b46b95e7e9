import type { Route } from './+types/account.privacy.export';
import { exportCustomerData } from '../features/orders/privacy.server.ts';
import { requireUser } from '../features/account/require-user.server.ts';
import { HttpError } from '../lib/http-error.ts';
import { formToObject } from '../lib/validate.ts';

/** "Download my data": a POST (CSRF-checked like every form) answered with a JSON file. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  // The "Download my data" button's post only: any other is refused and records nothing.
  if (formToObject(await request.formData()).intent !== 'export') throw new HttpError(400, 'invalid', 'Unknown request.');
  const body = await exportCustomerData(context.services.db, user.id);
  const day = body.exportedAt.slice(0, 10);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="my-data-${day}.json"`,
      'cache-control': 'private, no-store',
    },
  });
}

export function loader() {
  return new Response(null, { status: 302, headers: { location: '/my-account/privacy' } });
}
