import type { Role } from '../account/roles.ts';

/** Who may open the operator console (/admin/chat): operators, shop managers and administrators. */
export const CHAT_CONSOLE_ROLES: readonly Role[] = ['shop_manager', 'operator', 'admin'];
