import { redirect } from 'react-router';
import type { SessionUser } from '../../lib/services.server.ts';

/** The signed-in user, or a redirect to the login form that comes back to this page. */
export function requireUser(context: { user: SessionUser | null }, request: Request): SessionUser {
  if (context.user) return context.user;
  const url = new URL(request.url);
  throw redirect(`/account/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}
