import { ADMIN_AREAS } from '../account/admin-access.ts';

/** Who manages the catalog in the back office (a row of the one access table). */
export const PRODUCT_ADMIN_ROLES = ADMIN_AREAS.catalog;
