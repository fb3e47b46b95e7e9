import { z } from 'zod';
import { LIMITS } from '../../config/constants.ts';
import { ROLES } from '../../lib/roles.ts';
import { storeUrlSchema } from '../settings/settings.schema.ts';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'E-mail address is too long')
  .email('Enter a valid e-mail address');

export const passwordSchema = z
  .string()
  .min(LIMITS.passwordMinLength, `Password must be at least ${LIMITS.passwordMinLength} characters`)
  .max(LIMITS.passwordMaxLength, `Password must be at most ${LIMITS.passwordMaxLength} characters`);

export const nameSchema = z.string().trim().max(100, 'Name is too long').default('');

export const registerSchema = z.object({ email: emailSchema, password: passwordSchema, name: nameSchema });
export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(LIMITS.passwordMaxLength),
});
/** First-run setup: the first administrator, the setup code from the server log, the shop's address. */
export const setupSchema = registerSchema.extend({
  setupCode: z.string({ message: 'Enter the setup code from the server log' }).trim().min(1, 'Enter the setup code from the server log').max(100, 'The setup code is not right'),
  storeUrl: storeUrlSchema.optional(),
  /** The shop's own address, the sender of its e-mails (empty: the mail server's MAIL_FROM). */
  shopEmail: z.string().trim().toLowerCase().max(254, 'At most 254 characters').regex(/^([^\s@,<>"]+@[^\s@,<>"]+\.[^\s@,<>"]+)?$/, 'Enter a valid e-mail address').optional(),
});
export const resetRequestSchema = z.object({ email: emailSchema });
export const resetConfirmSchema = z.object({
  token: z.string().min(10, 'The reset link is incomplete').max(200),
  password: passwordSchema,
});
export const roleSchema = z.enum(ROLES);
export const createUserSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: nameSchema,
  role: roleSchema.default('customer'),
});

export type RegisterInput = z.infer<typeof registerSchema>;
export type CreateUserInput = z.input<typeof createUserSchema>;
