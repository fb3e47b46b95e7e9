import { getSettings } from '../app/features/settings/settings.server.ts';
import { paypalUsable } from '../app/features/settings/paypal-settings.ts';
import { stripeUsable } from '../app/features/settings/stripe-settings.ts';
import type { Services } from '../app/lib/services.server.ts';
import type { CspSources } from './security.ts';

/*
 * The payment widgets' hosts, added to the Content-Security-Policy of the pages that show them
 * (the checkout and the page to pay an order) and only while their provider is offered:
 * every other page keeps the shop-only policy. Hosts as the providers document them
 * (docs.stripe.com/security/guide#content-security-policy; PayPal's JS SDK CSP guide).
 */
const STRIPE: CspSources = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com', 'https://merchant-ui-api.stripe.com'],
  img: ['https://*.stripe.com'],
};
const PAYPAL: CspSources = {
  script: ['https://www.paypal.com', 'https://*.paypal.com'],
  frame: ['https://www.paypal.com', 'https://*.paypal.com'],
  connect: ['https://www.paypal.com', 'https://*.paypal.com'],
  img: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
};

/** Whether the address is one of the pages with payment widgets (not their `.data` twins). */
export const showsPaymentWidgets = (url: string): boolean => /^\/checkout(\/order-pay\/[^/?]+)?\/?(\?|$)/.test(url);

export async function paymentSourcesFor(services: Services, url: string): Promise<CspSources | undefined> {
  if (!showsPaymentWidgets(url)) return undefined;
  const settings = await getSettings(services.db);
  const on = [stripeUsable(settings.stripe) ? STRIPE : null, paypalUsable(settings.paypal) ? PAYPAL : null].filter((s): s is CspSources => !!s);
  if (!on.length) return undefined;
  return { script: on.flatMap((s) => s.script), frame: on.flatMap((s) => s.frame), connect: on.flatMap((s) => s.connect), img: on.flatMap((s) => s.img) };
}
