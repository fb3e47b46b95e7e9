import type { Role } from '../account/roles.ts';

/** Staff who edit contact forms and read their submissions (Contact Form 7 gives both to editors). */
export const FORM_ADMIN_ROLES: readonly Role[] = ['admin', 'shop_manager', 'editor'];
