import type { Role } from '../account/roles.ts';

/** Who manages the catalog in the back office: the same people as settings and the import. */
export const PRODUCT_ADMIN_ROLES: readonly Role[] = ['admin', 'shop_manager'];
