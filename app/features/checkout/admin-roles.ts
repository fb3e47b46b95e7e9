import { ADMIN_AREAS } from '../account/admin-access.ts';

/** Staff who see and fulfil orders (rows of the one access table). */
export const ORDER_ROLES = ADMIN_AREAS.orders;
/** Staff who may erase a customer's personal data. */
export const PRIVACY_ROLES = ADMIN_AREAS.privacy;
