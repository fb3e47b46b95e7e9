import type { Role } from '../account/roles.ts';

/** Staff who see and fulfil orders. */
export const ORDER_ROLES: readonly Role[] = ['admin', 'shop_manager'];
/** Staff who may erase a customer's personal data. */
export const PRIVACY_ROLES: readonly Role[] = ['admin'];
