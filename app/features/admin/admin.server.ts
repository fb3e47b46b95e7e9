import { redirect } from 'react-router';
import type { AppLoadContext } from 'react-router';
import type { SessionUser } from '../../lib/services.server.ts';
import type { Role } from '../account/roles.ts';
import { isStaff } from '../account/roles.ts';

/**
 * Lets staff in: anonymous visitors go to log in, signed-in shoppers without the role get 403.
 * `roles` narrows further for a page (settings are for admins and shop managers).
 */
export function requireStaff(context: AppLoadContext, request: Request, roles?: readonly Role[]): SessionUser {
  const user = context.user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/account/login?redirect=${encodeURIComponent(url.pathname)}`);
  }
  if (!isStaff(user.role) || (roles && !roles.includes(user.role))) {
    throw new Response('Forbidden', { status: 403 });
  }
  return user;
}

export const SETTINGS_ROLES: readonly Role[] = ['admin', 'shop_manager'];
