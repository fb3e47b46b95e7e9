import type { DB } from '../../../db/client.ts';
import { readSearchLanguage } from '../../../db/search/language.ts';
import { reindexProducts } from '../../../db/search/search-index.ts';
import { parseInput } from '../../lib/validate.ts';
import { cached } from '../../lib/store-cache.server.ts';
import { priceFormatDefaults } from '../../lib/money.ts';
import { storeSettingsSchema, type StoreSettings } from './settings.schema.ts';
import type { Role } from '../../lib/roles.ts';
import { setShopLanguage } from '../../i18n/language.server.ts';

/**
 * Store settings: defaults overlaid with what the owner saved. The price format's currency
 * position and separators the owner has not saved follow the shop's language and currency
 * (money.ts, priceFormatDefaults); saved ones win. Cached until the store
 * version moves (any settings write moves it); callers must not mutate the answer.
 */
export function getSettings(db: DB): Promise<StoreSettings> {
  return cached(db, 'settings', () => readSettings(db));
}

async function readSettings(db: DB): Promise<StoreSettings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).where('key', 'like', 'store.%').execute();
  const saved: Record<string, unknown> = {};
  for (const r of rows) {
    try {
      saved[r.key.slice('store.'.length)] = JSON.parse(r.value);
    } catch {
      // A value not written by us is ignored in favour of the default.
    }
  }
  const parsed = storeSettingsSchema.safeParse(saved);
  const settings = withLanguageDefaults(parsed.success ? parsed.data : storeSettingsSchema.parse({}), parsed.success ? saved : {});
  // Read at start-up and again whenever the store version moved (a settings change in any
  // process moves it): messages follow the shop's language from here.
  setShopLanguage(settings.language);
  return settings;
}

/** The price format's parts the owner never saved: those the shop's language and currency use ("1.234,50 €" for de-DE and EUR). */
const LANGUAGE_DEFAULTS = ['currencyPosition', 'thousandSeparator', 'decimalPoint'] as const;

function withLanguageDefaults(settings: StoreSettings, saved: Record<string, unknown>): StoreSettings {
  if (LANGUAGE_DEFAULTS.every((k) => k in saved)) return settings;
  const defaults = priceFormatDefaults(settings.language, settings.currency);
  const out = { ...settings };
  for (const k of LANGUAGE_DEFAULTS) if (!(k in saved)) (out[k] as string) = defaults[k];
  return out;
}

/**
 * Validates and saves settings in one transaction. The input may hold only some fields
 * (each admin form edits its own part); only those are written, the rest keep their saved
 * values (or their defaults, which are not written down). A change of the shop's language
 * that changes the search's stemming language reindexes the catalogue in the same transaction.
 */
export async function saveSettings(db: DB, input: unknown): Promise<StoreSettings> {
  const current = await getSettings(db);
  const merged = input && typeof input === 'object' && !Array.isArray(input) ? { ...current, ...(input as object) } : input;
  const settings = parseInput(storeSettingsSchema, merged);
  const given = new Set(Object.keys(input as object));
  await db.transaction().execute(async (trx) => {
    const stemmedIn = given.has('language') ? await readSearchLanguage(trx) : undefined;
    for (const [key, value] of Object.entries(settings)) {
      if (!given.has(key)) continue;
      const row = { key: `store.${key}`, value: JSON.stringify(value) };
      // A save that changes nothing writes nothing (an empty or hostile post stores no defaults).
      if (JSON.stringify(current[key as keyof StoreSettings]) === row.value) continue;
      await trx
        .insertInto('settings')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value }))
        .execute();
    }
    // A new language stems the catalogue's words anew: the whole search index is rebuilt in
    // this transaction, so no search ever mixes the two languages' stems.
    if (stemmedIn !== undefined && stemmedIn !== (await readSearchLanguage(trx))) await reindexProducts(trx, 'all');
  });
  setShopLanguage(settings.language);
  // Read back: the price format's unsaved parts follow the language just saved.
  return settings.language === current.language && settings.currency === current.currency ? settings : readSettings(db);
}

/**
 * The settings form as a staff member sends it. Only an administrator may move the store
 * address: links in e-mails (password resets included) go there, so a shop manager who could
 * change it would receive the administrator's reset link.
 */
export function saveSettingsAs(db: DB, role: Role, input: Record<string, unknown>): Promise<StoreSettings> {
  const { storeUrl, ...rest } = input;
  return saveSettings(db, role === 'admin' && storeUrl !== undefined ? { ...rest, storeUrl } : rest);
}
