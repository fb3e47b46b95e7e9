import type { Role } from '../account/roles.ts';
import { PRIVACY_ROLES } from '../checkout/admin-roles.ts';

/*
 * Who may do what with accounts in the back office (docs/ARCHITECTURE.md, Security). The
 * page gates read these lists; the role matrix test writes them out by hand.
 */

/** The customers list and a customer's page, with the password-reset e-mail. */
export const CUSTOMER_ADMIN_ROLES: readonly Role[] = ['admin', 'shop_manager'];
/** Changing a role and inviting staff: administrators only, so nobody can raise their own rights. */
export const ROLE_ADMIN_ROLES: readonly Role[] = ['admin'];
/** Deleting an account is the privacy tool's erasure, so it is the privacy tool's people. */
export const CUSTOMER_DELETE_ROLES: readonly Role[] = PRIVACY_ROLES;
/** The roles an invitation may give (every staff role; customers register themselves). */
export const INVITABLE_ROLES = ['shop_manager', 'editor', 'operator', 'admin'] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
