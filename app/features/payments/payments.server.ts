import type { DB } from '../../../db/client.ts';
import type { Services } from '../../lib/services.server.ts';
import { trustedOrigin } from '../settings/origin.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import { getSettings, saveSettings } from '../settings/settings.server.ts';
import { paymentSettingsSchema, type OfflineGatewayId, type PaymentSettings, type StoreSettings } from '../settings/settings.schema.ts';
import type { OrderDetail, PaymentInstructions } from '../orders/orders.ts';
import { allGateways, gateway, registerGateway, type PaymentGateway, type PaymentMethodInfo } from './gateway.ts';
import { bacs, cheque, cod } from './offline.server.ts';
import { stripeGateway } from './stripe/stripe-gateway.server.ts';
import { paypalGateway } from './paypal/paypal-gateway.server.ts';

export * from './gateway.ts';

// Online providers after the offline methods: one module each under payments/<provider>/.
for (const g of [bacs, cheque, cod, stripeGateway, paypalGateway]) registerGateway(g);

/** The payment methods a shopper may choose now, in registration order. */
export function availableMethods(settings: StoreSettings): PaymentMethodInfo[] {
  return allGateways()
    .filter((g) => g.enabled(settings))
    .map((g) => ({ id: g.id, title: g.title(settings), description: g.description(settings) }));
}

/** The enabled gateway with this id, or a 400 naming the field. */
export function chooseGateway(id: unknown, settings: StoreSettings): PaymentGateway {
  const g = typeof id === 'string' ? gateway(id) : undefined;
  if (!id) throw new HttpError(400, 'invalid', 'Please choose a payment method.', { payment_method: 'Choose a payment method' });
  if (!g || !g.enabled(settings)) {
    throw new HttpError(400, 'invalid', 'That payment method is not available.', { payment_method: 'This payment method is not available' });
  }
  return g;
}

/** What the order's payment method tells the shopper after ordering (bank details …). */
export function paymentInstructions(order: OrderDetail, settings: StoreSettings): PaymentInstructions | null {
  return gateway(order.paymentMethod)?.instructions?.(order, settings) ?? null;
}

/**
 * Saves one offline method's settings (admin → payments); fields not given keep their
 * saved values. Returns every method's settings. Validation errors are 400 per field.
 */
export async function savePaymentSettings(db: DB, id: OfflineGatewayId, input: unknown): Promise<PaymentSettings> {
  if (!(['bacs', 'cheque', 'cod'] as string[]).includes(id)) throw new HttpError(404, 'not_found', 'No such payment method.');
  const current = (await getSettings(db)).payments;
  const given = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const next = { ...current, [id]: { ...current[id], ...given } };
  const parsed = paymentSettingsSchema.safeParse(next);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.slice(1).join('.') || '_'] ??= issue.message;
    throw new HttpError(400, 'invalid', Object.values(fields)[0] ?? 'Invalid settings', fields);
  }
  return (await saveSettings(db, { payments: parsed.data })).payments;
}

/**
 * The admin form of one offline method as `savePaymentSettings` input: `enabled`, `title`,
 * `description`, `instructions`, and bank accounts as `accounts.<n>.<field>` (accountName,
 * accountNumber, bankName, sortCode, iban, bic); rows left wholly empty are dropped.
 */
export function paymentSettingsFromForm(form: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['enabled', 'title', 'description', 'instructions']) if (k in form) out[k] = form[k];
  const rows = new Map<number, Record<string, string>>();
  for (const [k, v] of Object.entries(form)) {
    const m = /^accounts\.(\d{1,2})\.(accountName|accountNumber|bankName|sortCode|iban|bic)$/.exec(k);
    if (!m) continue;
    const row = rows.get(Number(m[1])) ?? {};
    row[m[2]] = v;
    rows.set(Number(m[1]), row);
  }
  if (rows.size || 'accounts' in form) {
    out.accounts = [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r).filter((r) => Object.values(r).some((v) => v.trim() !== ''));
  }
  return out;
}

/**
 * The order as its payment provider has it now, for a page the shopper lands on after paying
 * (the return page): a pending order's gateway reads the payment from the provider — never
 * from the page's query string — and applies it. A provider that cannot be asked leaves it as it is.
 */
export async function refreshPayment(services: Services, order: OrderDetail, requestOrigin: string | null = null): Promise<boolean> {
  const g = gateway(order.paymentMethod);
  if (!g?.refresh || !['pending', 'on-hold'].includes(order.status) || !order.transactionId) return false;
  try {
    const settings = await getSettings(services.db);
    await g.refresh(order, { settings, origin: (await trustedOrigin(services, requestOrigin)) ?? '', services });
    return true;
  } catch (err) {
    services.log.warn({ err, orderId: order.id }, 'payment provider could not be asked about the order');
    return false;
  }
}
