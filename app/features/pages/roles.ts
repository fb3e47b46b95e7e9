import type { Role } from '../account/roles.ts';

/** Who may edit pages (and sees drafts and the edit tooltip): theme spec §6. */
export const PAGE_EDITOR_ROLES: readonly Role[] = ['admin', 'shop_manager', 'editor'];
export const canEditPages = (role: Role | undefined | null): boolean => !!role && PAGE_EDITOR_ROLES.includes(role);
