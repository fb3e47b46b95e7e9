import { z } from 'zod';
import { flag, storedKeyState, type KeyState } from './key-state.ts';

/*
 * PayPal's settings that may be read anywhere (store settings): whether it is on, what the
 * shopper sees, sandbox or live, each mode's client id (public by design: PayPal's JS SDK
 * shows it in the page) and webhook id, and what the last key check found. The client
 * secrets are NOT here: they live sealed in `payment_secrets` (secrets.server.ts).
 */

/** One mode's key check (the shape Stripe's settings share). */
export type PayPalKeyState = KeyState;

const clientId = z.string().trim().max(128, 'At most 128 characters').regex(/^[A-Za-z0-9_-]*$/, 'A client id has only letters, digits, - and _').default('');
const webhookId = z.string().trim().max(64, 'At most 64 characters').regex(/^[A-Za-z0-9_-]*$/, 'A webhook id has only letters, digits, - and _').default('');

export const paypalSettingsSchema = z.object({
  enabled: flag(false),
  title: z.string().trim().min(1, 'Title is required').max(100, 'At most 100 characters').default('PayPal'),
  description: z.string().trim().max(1000, 'At most 1000 characters').default('Pay with your PayPal account.'),
  /** Sandbox credentials in use: no real money moves, and the storefront says so. */
  sandbox: flag(true),
  sandboxClientId: clientId,
  liveClientId: clientId,
  sandboxWebhookId: webhookId,
  liveWebhookId: webhookId,
  sandboxKeys: storedKeyState,
  liveKeys: storedKeyState,
});
export type PayPalSettings = z.infer<typeof paypalSettingsSchema>;

export const paypalMode = (s: PayPalSettings): 'sandbox' | 'live' => (s.sandbox ? 'sandbox' : 'live');
export const activePayPalKeys = (s: PayPalSettings): PayPalKeyState => (s.sandbox ? s.sandboxKeys : s.liveKeys);
export const activeClientId = (s: PayPalSettings): string => (s.sandbox ? s.sandboxClientId : s.liveClientId);
export const activeWebhookId = (s: PayPalSettings): string => (s.sandbox ? s.sandboxWebhookId : s.liveWebhookId);

/** Offered to shoppers only when switched on and the mode's credentials were accepted by PayPal. */
export const paypalUsable = (s: PayPalSettings): boolean => s.enabled && activePayPalKeys(s).state === 'ok';
