import { z } from 'zod';
import { HttpError } from '../../../lib/http-error.ts';
import type { Services } from '../../../lib/services.server.ts';
import { trustedOrigin } from '../../settings/origin.server.ts';
import { getSettings, saveSettings } from '../../settings/settings.server.ts';
import { mask, readSecrets, writeSecrets } from '../secrets.server.ts';
import { SECRET_NAMES, STRIPE_PROVIDER, stripeClient, stripeErrorMessage, type SecretName } from './stripe-client.server.ts';
import { stripeSettingsSchema, stripeUsable, type KeyState, type StripeSettings } from '../../settings/stripe-settings.ts';

/*
 * Admin → Payments, Stripe section: settings, keys (written here, sealed; only their masks are
 * ever read back), the webhook address to register, and the key check against Stripe.
 */

export const STRIPE_WEBHOOK_PATH = '/api/payments/stripe/webhook';

const secretFormats: Record<SecretName, { re: RegExp; message: string }> = {
  test_secret_key: { re: /^(sk|rk)_test_[A-Za-z0-9_]{8,250}$/, message: 'A test secret key starts with sk_test_ (or rk_test_ for a restricted key)' },
  live_secret_key: { re: /^(sk|rk)_live_[A-Za-z0-9_]{8,250}$/, message: 'A live secret key starts with sk_live_ (or rk_live_ for a restricted key)' },
  test_webhook_secret: { re: /^whsec_[A-Za-z0-9_]{8,250}$/, message: 'A webhook signing secret starts with whsec_' },
  live_webhook_secret: { re: /^whsec_[A-Za-z0-9_]{8,250}$/, message: 'A webhook signing secret starts with whsec_' },
};

export interface StripeAdminView {
  settings: StripeSettings;
  /** Each secret as `sk_test_…abcd`, empty when not set. Never the secret itself. */
  masked: Record<SecretName, string>;
  webhookUrl: string;
  usable: boolean;
  /** Why shoppers do not see Stripe, or what is missing. */
  problems: string[];
}

export async function stripeAdminView(services: Services, requestOrigin: string | null = null): Promise<StripeAdminView> {
  const settings = (await getSettings(services.db)).stripe;
  const secrets = await readSecrets(services, STRIPE_PROVIDER);
  const masked = Object.fromEntries(SECRET_NAMES.map((n) => [n, mask(secrets[n])])) as Record<SecretName, string>;
  const origin = (await trustedOrigin(services, requestOrigin)) ?? '';
  const mode = settings.testMode ? 'test' : 'live';
  const keys = settings.testMode ? settings.testKeys : settings.liveKeys;
  const problems: string[] = [];
  if (!settings.enabled) problems.push('Stripe is switched off.');
  if (!secrets[`${mode}_secret_key`]) problems.push(`No ${mode} secret key: shoppers do not see card payments.`);
  else if (keys.state === 'invalid') problems.push(`Stripe refused the ${mode} secret key (${keys.message}): shoppers do not see card payments.`);
  else if (keys.state !== 'ok') problems.push(`The ${mode} keys have not been checked yet: use "Check the keys".`);
  if (!secrets[`${mode}_webhook_secret`]) problems.push(`No ${mode} webhook signing secret: payments are confirmed only when shoppers come back from Stripe, and refunds or disputes made in Stripe do not reach the orders.`);
  if (!origin) problems.push('Set the store address (Admin → Settings): Stripe needs it to send shoppers back.');
  return { settings, masked, webhookUrl: `${origin}${STRIPE_WEBHOOK_PATH}`, usable: stripeUsable(settings), problems };
}

/** Asks Stripe whether a secret key works (a read of the balance). */
async function checkKey(services: Services, key: string | undefined): Promise<KeyState> {
  const checkedAt = new Date().toISOString();
  if (!key) return { state: 'missing', message: '', checkedAt };
  try {
    await stripeClient(services, key).balance.retrieve();
    return { state: 'ok', message: '', checkedAt };
  } catch (err) {
    const e = stripeErrorMessage(err);
    return { state: e.unreachable ? 'unchecked' : 'invalid', message: e.unreachable ? 'Stripe could not be reached' : e.message.slice(0, 300), checkedAt };
  }
}

/** Checks both modes' secret keys with Stripe and keeps what it found (shown in the admin; decides whether shoppers see Stripe). */
export async function checkStripeKeys(services: Services): Promise<StripeSettings> {
  const secrets = await readSecrets(services, STRIPE_PROVIDER);
  const [testKeys, liveKeys] = await Promise.all([checkKey(services, secrets.test_secret_key), checkKey(services, secrets.live_secret_key)]);
  const current = (await getSettings(services.db)).stripe;
  return (await saveSettings(services.db, { stripe: { ...current, testKeys, liveKeys } })).stripe;
}

const formSchema = z.object({
  enabled: z.unknown().optional(),
  title: z.unknown().optional(),
  description: z.unknown().optional(),
  testMode: z.unknown().optional(),
  captureMode: z.unknown().optional(),
  statementDescriptor: z.unknown().optional(),
  testPublishableKey: z.unknown().optional(),
  livePublishableKey: z.unknown().optional(),
});

/**
 * Saves the Stripe settings (fields not given keep their values). Secret fields
 * (`test_secret_key` …): a new value replaces the sealed one, empty keeps it, `clear_<name>`
 * removes it. Keys that changed are checked with Stripe at once. 400 per field when invalid.
 */
export async function saveStripeSettings(services: Services, input: Record<string, unknown>): Promise<StripeAdminView> {
  const fields: Record<string, string> = {};
  const secretChanges: Record<string, string | null> = {};
  for (const name of SECRET_NAMES) {
    const v = typeof input[name] === 'string' ? (input[name] as string).trim() : '';
    if (input[`clear_${name}`] === '1' || input[`clear_${name}`] === true) secretChanges[name] = null;
    else if (v) {
      if (!secretFormats[name].re.test(v)) fields[name] = secretFormats[name].message;
      else secretChanges[name] = v;
    }
  }
  const given = formSchema.parse(input);
  const current = (await getSettings(services.db)).stripe;
  const picked = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  const parsed = stripeSettingsSchema.safeParse({ ...current, ...picked });
  if (!parsed.success) for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  if (Object.keys(fields).length) throw new HttpError(400, 'invalid', Object.values(fields)[0]!, fields);
  // A form that changes nothing writes nothing (not even the defaults of a shop never set up).
  if (!Object.keys(secretChanges).length && JSON.stringify(parsed.data) === JSON.stringify(current)) return stripeAdminView(services);
  await writeSecrets(services, STRIPE_PROVIDER, secretChanges);
  await saveSettings(services.db, { stripe: parsed.data });
  if (Object.keys(secretChanges).some((n) => n.endsWith('_secret_key'))) await checkStripeKeys(services);
  return stripeAdminView(services);
}
