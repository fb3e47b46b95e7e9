import type { Role } from '../../lib/roles.ts';
import { ADMIN_AREAS } from '../account/admin-access.ts';

/*
 * Who may do what with accounts in the back office: rows of the one access table
 * (app/features/account/admin-access.ts); the role matrix test writes them out by hand.
 */

/** The customers list and a customer's page, with the password-reset e-mail. */
export const CUSTOMER_ADMIN_ROLES = ADMIN_AREAS.customers;
/** Changing a role and inviting staff: administrators only, so nobody can raise their own rights. */
export const ROLE_ADMIN_ROLES = ADMIN_AREAS.staff;
/** Deleting an account is the privacy tool's erasure, so it is the privacy tool's people. */
export const CUSTOMER_DELETE_ROLES = ADMIN_AREAS.privacy;
/** The roles an invitation may give (every staff role; customers register themselves). */
export const INVITABLE_ROLES = ['shop_manager', 'editor', 'operator', 'admin'] as const satisfies readonly Role[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];
