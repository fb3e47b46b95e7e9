import { t } from '../../../i18n/t-admin.ts';
import type { Services } from '../../../lib/services.server.ts';
import { checkPayPalKeys, paypalAdminView, savePayPalSettings, type PayPalAdminView } from './paypal-admin.server.ts';

/*
 * The PayPal section's form action (Admin → Payments): `intent=check` asks PayPal whether the
 * credentials work; otherwise the form is saved (secrets left empty keep their sealed values).
 * Errors are HttpErrors for the page's formAction to show at their fields.
 */

const FIELDS = ['enabled', 'title', 'description', 'sandbox', 'sandboxClientId', 'liveClientId', 'sandboxWebhookId', 'liveWebhookId', 'sandbox_client_secret', 'live_client_secret', 'clear_sandbox_client_secret', 'clear_live_client_secret'];

export async function paypalSectionAction(services: Services, values: Record<string, string>, requestOrigin: string | null): Promise<{ view: PayPalAdminView; done: string }> {
  if (values.intent === 'paypal-check') {
    return { view: await paypalAdminView(services, requestOrigin, await checkPayPalKeys(services)), done: t('admin.paypal.checked') };
  }
  const input = Object.fromEntries(FIELDS.filter((k) => k in values).map((k) => [k, values[k]]));
  return { view: await savePayPalSettings(services, input, requestOrigin), done: t('admin.paypal.saved') };
}
