import type { StoreSettings } from '../settings/settings.schema.ts';
import { paypalUsable } from '../settings/paypal-settings.ts';
import { stripeUsable } from '../settings/stripe-settings.ts';

/*
 * The providers shoppers can pay with while their test (sandbox) keys are in use: the
 * storefront says so on every page (components/test-mode-notice.tsx), so nobody mistakes a
 * shop that takes no real money for a live one. Live keys, or a provider switched off or not
 * set up: not listed.
 */
export function paymentTestModes(settings: Pick<StoreSettings, 'stripe' | 'paypal'>): string[] {
  const modes: string[] = [];
  if (stripeUsable(settings.stripe) && settings.stripe.testMode) modes.push('Stripe');
  if (paypalUsable(settings.paypal) && settings.paypal.sandbox) modes.push('PayPal');
  return modes;
}
