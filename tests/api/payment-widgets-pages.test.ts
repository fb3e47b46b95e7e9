import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '../../app/features/settings/settings.server.ts';
import { saveStripeSettings } from '../../app/features/payments/stripe/stripe-admin.server.ts';
import { savePayPalSettings } from '../../app/features/payments/paypal/paypal-admin.server.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { StripeStandin } from '../helpers/stripe-standin.ts';
import { PayPalStandin } from '../helpers/paypal-standin.ts';

/*
 * The payment widgets are the checkout's and the pay page's alone (pages from the production
 * build): their island is in those pages' scripts and no other's, and the providers' hosts are
 * in those pages' Content-Security-Policy only while the provider is offered.
 */

const PAGES = ['/', '/shop', '/cart', '/contact', '/account/login', '/checkout/order-received/1?key=x'];
const WIDGET_PAGES = ['/checkout', '/checkout/order-pay/1?key=wc_order_x'];

describe('payment widgets on pages', () => {
  let t: TestApp;
  let stripe: StripeStandin;
  let paypal: PayPalStandin;

  beforeAll(async () => {
    stripe = await StripeStandin.start();
    paypal = await PayPalStandin.start();
    t = await createTestApp('sqlite', { pages: 'build', config: { stripeApiUrl: stripe.url, paypalApiUrl: paypal.url } });
    await saveSettings(t.services.db, { storeName: 'Corner Shop', storeUrl: 'https://corner.example', currency: 'EUR' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
    await paypal?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const cspOf = async (url: string) => String((await get(url)).headers['content-security-policy'] ?? '');
  const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
  /** What the widgets widen (form-action names the providers' hosted pages on every page: the forms' redirects). */
  const widened = async (url: string) => {
    const csp = await cspOf(url);
    expect(csp, url).toContain("script-src 'self'");
    return ['script-src', 'frame-src', 'connect-src', 'img-src'].map((d) => directive(csp, d)).join('; ');
  };

  it('with both providers off, no page names their hosts', async () => {
    for (const url of [...PAGES, ...WIDGET_PAGES]) expect(await widened(url), url).not.toMatch(/stripe|paypal/);
  });

  it('Stripe on: its script, frame and API hosts on the checkout and the pay page only; the island’s script on those pages only', async () => {
    await saveStripeSettings(t.services, { enabled: '1', testMode: '1', test_secret_key: 'sk_test_standin_4242', test_webhook_secret: stripe.webhookSecret, testPublishableKey: 'pk_test_standin' });
    for (const url of WIDGET_PAGES) {
      const csp = await cspOf(url);
      expect(directive(csp, 'script-src'), url).toContain('https://js.stripe.com');
      expect(directive(csp, 'frame-src'), url).toContain('https://js.stripe.com');
      expect(directive(csp, 'frame-src'), url).toContain('https://hooks.stripe.com');
      expect(directive(csp, 'connect-src'), url).toContain('https://api.stripe.com');
      expect(directive(csp, 'script-src'), url).not.toContain('paypal');
    }
    for (const url of PAGES) expect(await widened(url), url).not.toContain('stripe.com');
    // The island's module is loaded by the checkout; no other page loads it.
    const preloads = async (url: string) => [...(await get(url)).body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]).join(' ');
    expect(await preloads('/checkout')).toMatch(/\/assets\/stripe-element-[\w-]+\.js/);
    for (const url of PAGES) {
      const loaded = await preloads(url);
      expect(loaded, url).toContain('/assets/entry.client-');
      expect(loaded, url).not.toMatch(/stripe-element-|paypal-js-|\/assets\/pure-/);
    }
    // Stripe.js itself is never in the page's HTML: the island adds it once the card method is chosen.
    expect((await get('/checkout')).body).not.toContain('js.stripe.com');
  });

  it('PayPal on too: its hosts join Stripe’s there; Stripe switched off, its hosts go', async () => {
    expect((await savePayPalSettings(t.services, { enabled: '1', sandbox: '1', sandboxClientId: paypal.clientId, sandbox_client_secret: paypal.clientSecret, sandboxWebhookId: paypal.webhookId })).usable).toBe(true);
    const csp = await cspOf('/checkout');
    expect(directive(csp, 'script-src')).toContain('https://www.paypal.com');
    expect(directive(csp, 'frame-src')).toContain('https://*.paypal.com');
    expect(directive(csp, 'script-src')).toContain('https://js.stripe.com');
    for (const url of PAGES) expect(await widened(url), url).not.toContain('paypal.com');
    await saveStripeSettings(t.services, { enabled: '0' });
    const after = await cspOf('/checkout');
    expect(await widened('/checkout')).not.toContain('stripe.com');
    expect(directive(after, 'script-src')).toContain('https://www.paypal.com');
  });
});
