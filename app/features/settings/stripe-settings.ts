import { z } from 'zod';

/*
 * Stripe's settings that may be read anywhere (store settings): whether it is on, what the
 * shopper sees, test or live, capture mode, the statement descriptor, the publishable keys
 * (public by design) and what the last key check found. The secret keys and the webhook
 * signing secret are NOT here: they live sealed in `payment_secrets` (secrets.server.ts).
 */

const flag = (fallback: boolean) =>
  z.preprocess((v) => {
    if (typeof v === 'boolean' || v === undefined) return v;
    const s = String(v).toLowerCase();
    return ['1', 'on', 'true', 'yes'].includes(s) ? true : ['0', 'off', 'false', 'no', ''].includes(s) ? false : v;
  }, z.boolean({ message: 'Must be yes or no' }).default(fallback));

/** What the last check of one mode's keys found: usable, refused by Stripe, or not set. */
export const keyStateSchema = z.object({
  state: z.enum(['ok', 'invalid', 'missing', 'unchecked']).default('missing'),
  message: z.string().max(300).default(''),
  checkedAt: z.string().max(40).default(''),
});
export type KeyState = z.infer<typeof keyStateSchema>;

export const stripeSettingsSchema = z.object({
  enabled: flag(false),
  title: z.string().trim().min(1, 'Title is required').max(100, 'At most 100 characters').default('Credit / debit card'),
  description: z.string().trim().max(1000, 'At most 1000 characters').default('Pay securely with your card through Stripe.'),
  /** Test keys in use: no real money moves, and the storefront says so. */
  testMode: flag(true),
  /** automatic: charged at checkout; manual: authorised at checkout, captured from the order page or when the order is completed. */
  captureMode: z.enum(['automatic', 'manual'], { message: 'Choose automatic or manual capture' }).default('automatic'),
  /** On the card statement after the shop's own descriptor (Stripe: at most 22 characters, no < > \\ \' " *). */
  statementDescriptor: z
    .string()
    .trim()
    .max(22, 'At most 22 characters')
    .regex(/^[^<>\\'"*]*$/, 'Leave out < > \\ \' " and *')
    .default(''),
  testPublishableKey: z.string().trim().max(255).regex(/^(pk_test_[A-Za-z0-9_]+)?$/, 'A test publishable key starts with pk_test_').default(''),
  livePublishableKey: z.string().trim().max(255).regex(/^(pk_live_[A-Za-z0-9_]+)?$/, 'A live publishable key starts with pk_live_').default(''),
  testKeys: z.preprocess((v) => v ?? {}, keyStateSchema),
  liveKeys: z.preprocess((v) => v ?? {}, keyStateSchema),
});
export type StripeSettings = z.infer<typeof stripeSettingsSchema>;

/** The mode's key state, as checkout decides whether to offer Stripe. */
export const activeKeys = (s: StripeSettings): KeyState => (s.testMode ? s.testKeys : s.liveKeys);

/** Offered to shoppers only when switched on and the mode's secret key was accepted by Stripe. */
export const stripeUsable = (s: StripeSettings): boolean => s.enabled && activeKeys(s).state === 'ok';
