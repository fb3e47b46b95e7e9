import { ADMIN_AREAS } from '../account/admin-access.ts';

/** Who reads the stock history and sets the stock e-mails (a row of the one access table). */
export const STOCK_ROLES = ADMIN_AREAS.stock;
