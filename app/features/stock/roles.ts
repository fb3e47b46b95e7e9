import type { Role } from '../account/roles.ts';

/** Who reads the stock history and sets the stock e-mails: those who manage the catalog (stock is part of it). */
export const STOCK_ROLES: readonly Role[] = ['admin', 'shop_manager'];
