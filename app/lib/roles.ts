/** Account roles, least to most privileged. */
export const ROLES = ['customer', 'shop_manager', 'editor', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may open /admin (each admin page narrows further). */
export const STAFF_ROLES: readonly Role[] = ['shop_manager', 'editor', 'operator', 'admin'];

export const isStaff = (role: Role | undefined) => !!role && STAFF_ROLES.includes(role);
