import { z } from 'zod';
import { flag, storedKeyState, type KeyState } from './key-state.ts';

/*
 * Stripe's settings that may be read anywhere (store settings): whether it is on, what the
 * shopper sees, test or live, capture mode, the statement descriptor, the publishable keys
 * (public by design) and what the last key check found. The secret keys and the webhook
 * signing secret are NOT here: they live sealed in `payment_secrets` (secrets.server.ts).
 */

export type { KeyState };

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
  testKeys: storedKeyState,
  liveKeys: storedKeyState,
});
export type StripeSettings = z.infer<typeof stripeSettingsSchema>;

/** The mode's key state, as checkout decides whether to offer Stripe. */
export const activeKeys = (s: StripeSettings): KeyState => (s.testMode ? s.testKeys : s.liveKeys);

/** Offered to shoppers only when switched on and the mode's secret key was accepted by Stripe. */
export const stripeUsable = (s: StripeSettings): boolean => s.enabled && activeKeys(s).state === 'ok';
