import { redirect } from 'react-router';
import type { Route } from './+types/account.logout';
import { destroySession, sessionCookie } from '../features/account/session.server.ts';

/** Logging out is a POST (a link crawler must not sign anyone out); GET just goes home. */
export function loader() {
  return redirect('/');
}

export async function action({ context }: Route.ActionArgs) {
  await destroySession(context.services.db, context.sessionToken ?? undefined);
  return redirect('/', { headers: { 'set-cookie': sessionCookie(null, context.secure) } });
}
