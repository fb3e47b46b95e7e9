import type { Role } from '../../lib/roles.ts';
import { ADMIN_AREAS, mayUse } from '../account/admin-access.ts';

/** Who may edit pages (and sees drafts and the edit tooltip): theme spec §6; a row of the one access table. */
export const PAGE_EDITOR_ROLES = ADMIN_AREAS.pages;
export const canEditPages = (role: Role | undefined | null): boolean => mayUse(role, 'pages');
