import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema, roleSchema } from '../account/account.schema.ts';
import { ROLES } from '../../lib/roles.ts';
import { INVITABLE_ROLES } from './roles.ts';

/* What the customers list, a customer's page and the staff invitations take (isomorphic). */

export const CUSTOMER_SORTS = ['registered', 'name', 'orders', 'spent', 'last'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
/** The role filter: one role, "staff" for every staff role, or "guest" for buyers without an account. */
export const ROLE_FILTERS = [...ROLES, 'staff', 'guest'] as const;

/** The list's query string; anything unknown falls back to the default view, never an error. */
export const customerListQuerySchema = z.object({
  q: z.string().trim().max(200).catch(''),
  role: z.enum(ROLE_FILTERS).optional().catch(undefined),
  sort: z.enum(CUSTOMER_SORTS).catch('registered'),
  dir: z.enum(['asc', 'desc']).catch('desc'),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type CustomerListQuery = z.output<typeof customerListQuerySchema>;

export const roleChangeSchema = z.object({ role: roleSchema });

export const inviteSchema = z.object({
  email: emailSchema,
  name: nameSchema,
  role: z.enum(INVITABLE_ROLES, { message: 'Choose a staff role' }),
});

export const acceptInviteSchema = z.object({
  token: z.string().min(10, 'The invitation link is incomplete').max(200),
  name: nameSchema,
  password: passwordSchema,
});

/** A private note on a customer (staff only). */
export const NOTE_MAX = 2000;
export const customerNoteSchema = z.object({
  note: z.string().trim().min(1, 'Write the note first').max(NOTE_MAX, `At most ${NOTE_MAX} characters`),
});
