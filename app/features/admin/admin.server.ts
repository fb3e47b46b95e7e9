import { redirect } from 'react-router';
import type { AppLoadContext } from 'react-router';
import type { SessionUser } from '../../lib/services.server.ts';
import type { Role } from '../../lib/roles.ts';
import { isStaff } from '../../lib/roles.ts';
import { ADMIN_AREAS } from '../account/admin-access.ts';

/**
 * Lets staff in: anonymous visitors go to log in, signed-in shoppers without the role get 403.
 * `roles` narrows further for a page (settings are for admins and shop managers).
 */
export function requireStaff(context: AppLoadContext, request: Request, roles?: readonly Role[]): SessionUser {
  const user = context.user;
  const gate = staffGate(user?.role, roles);
  if (gate === 'login') {
    const url = new URL(request.url);
    throw redirect(loginPath(url.pathname));
  }
  if (gate === 'forbidden') throw new Response('Forbidden', { status: 403 });
  return user!;
}

export const loginPath = (pathname: string) => `/account/login?redirect=${encodeURIComponent(pathname)}`;

/** The one staff rule, for page loaders and actions and for the server's pre-body check. */
export function staffGate(role: Role | undefined, roles?: readonly Role[]): 'ok' | 'login' | 'forbidden' {
  if (!role) return 'login';
  if (!isStaff(role) || (roles && !roles.includes(role))) return 'forbidden';
  return 'ok';
}

/** Store settings, catalog import, coupons, shipping, tax, payments (a row of the one access table). */
export const SETTINGS_ROLES = ADMIN_AREAS.settings;
/**
 * The mail outbox: administrators only. Messages there are addressed to anyone, staff
 * included; even with one-time tokens withheld, they are not shop managers' to read.
 */
export const MAIL_ROLES = ADMIN_AREAS.mail;
