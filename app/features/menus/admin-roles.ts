import type { Role } from '../account/roles.ts';

/** Staff who edit the site's menus (the theme's editors too, as with pages and forms). */
export const MENU_ADMIN_ROLES: readonly Role[] = ['admin', 'shop_manager', 'editor'];
