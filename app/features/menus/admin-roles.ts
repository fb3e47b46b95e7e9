import { ADMIN_AREAS } from '../account/admin-access.ts';

/** Staff who edit the site's menus (a row of the one access table). */
export const MENU_ADMIN_ROLES = ADMIN_AREAS.menus;
