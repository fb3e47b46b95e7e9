import type { DB } from '../../../db/client.ts';
import { saveSettings } from '../settings/settings.server.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { StockSettingsValues } from './stock.ts';

const FIELDS = ['stockLowThreshold', 'stockNotifyLow', 'stockNotifyOut', 'stockNotificationEmail'] as const;

/**
 * Saves the stock e-mail settings from their form: its four fields and nothing else (a posted
 * name of any other setting is ignored). A post without all four is not this form's: 400.
 */
export async function saveStockSettings(db: DB, form: Record<string, string>): Promise<StockSettingsValues> {
  const missing = FIELDS.filter((k) => !Object.hasOwn(form, k));
  if (missing.length) throw new HttpError(400, 'invalid', 'The form was sent incomplete; nothing was saved. Reload the page and try again.', Object.fromEntries(missing.map((k) => [k, 'Missing from the form'])));
  const saved = await saveSettings(db, Object.fromEntries(FIELDS.map((k) => [k, form[k]])));
  return pickStockSettings(saved);
}

export const pickStockSettings = (s: StockSettingsValues): StockSettingsValues => ({
  stockLowThreshold: s.stockLowThreshold,
  stockNotifyLow: s.stockNotifyLow,
  stockNotifyOut: s.stockNotifyOut,
  stockNotificationEmail: s.stockNotificationEmail,
});
