/*
 * Dates and numbers as people read them, in the shop's language: the one place (besides
 * money.ts for prices) where a value becomes text for a page, the admin, an e-mail, a PDF or
 * the chat. Isomorphic: the server and the browser give the same text for the same value.
 *
 * The locale is the shop's `language` setting (`en` when unset). A bare language ("en",
 * "de") takes the shop's country as its region when one is given ("en" + GB is en-GB:
 * "4 December 2026", not the American "December 4, 2026"). Digits are always Latin
 * (0–9), as prices are, so a date and a price on one page never mix numbering systems.
 *
 * Times are shown in UTC: the shop has no time zone setting, and every stored time is UTC.
 * Machine formats (CSV exports, feeds, API answers) do not come here: they keep ISO 8601
 * dates and dot decimals whatever the language.
 *
 * Intl formatters are costly to build, so each (locale, style, zone) is built once and kept.
 */

/** Where the locale comes from: a language tag, or settings holding `language` (and the shop's `baseCountry`). */
export type LocaleSource = string | { language?: string | null; baseCountry?: string | null } | null | undefined;

export type DateStyle = 'long' | 'medium' | 'short' | 'dayMonth';
export type DateValue = string | number | Date;

/** Languages written right to left. */
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

const locales = new Map<string, string>();

/** The canonical tag, or null when Intl does not take it. */
function canonical(tag: string): string | null {
  try {
    const [first] = Intl.getCanonicalLocales(tag);
    return first && Intl.DateTimeFormat.supportedLocalesOf(first).length > 0 ? first : null;
  } catch {
    return null;
  }
}

/** The locale formatting follows: the language, with the shop's country as its region when the language has none. */
export function resolveLocale(source: LocaleSource): string {
  const language = (typeof source === 'string' ? source : source?.language)?.trim() || 'en';
  const country = typeof source === 'object' && source ? (source.baseCountry ?? '').trim().toUpperCase() : '';
  const key = `${language}|${country}`;
  let locale = locales.get(key);
  if (!locale) {
    const base = canonical(language) ?? 'en';
    const hasRegion = /-([A-Z]{2}|\d{3})(-|$)/.test(base);
    locale = (!hasRegion && /^[A-Z]{2}$/.test(country) && canonical(`${base}-${country}`)) || base;
    locales.set(key, locale);
  }
  return locale;
}

/** "rtl" for languages written right to left (Arabic, Hebrew, Persian, Urdu), else "ltr". */
export function directionOf(language: string | null | undefined): 'ltr' | 'rtl' {
  return RTL.has((language ?? '').trim().toLowerCase().split('-')[0] ?? '') ? 'rtl' : 'ltr';
}

const DATE_STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { dateStyle: 'long' },
  medium: { dateStyle: 'medium' },
  short: { dateStyle: 'short' },
  dayMonth: { day: 'numeric', month: 'short' },
};

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cachedFormatter<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    f = build();
    formatters.set(key, f);
  }
  return f;
}

function dateFormatter(locale: string, style: string, options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  return cachedFormatter(`d|${locale}|${style}|${timeZone}`, () => {
    try {
      return new Intl.DateTimeFormat(locale, { ...options, timeZone, numberingSystem: 'latn' });
    } catch {
      // An unknown time zone: UTC, as every stored time is.
      return new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC', numberingSystem: 'latn' });
    }
  });
}

function toDate(value: DateValue): Date | null {
  // A bare day ("2026-05-03") is that day in UTC, not the reader's local midnight.
  const d = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A date ("4. Dezember 2026", "4 December 2026"); empty for a value that is not a date. */
export function formatDate(value: DateValue, source: LocaleSource, style: DateStyle = 'long', timeZone = 'UTC'): string {
  const d = toDate(value);
  return d ? dateFormatter(resolveLocale(source), style, DATE_STYLES[style], timeZone).format(d) : '';
}

/** A date with its time of day ("4 Dec 2026, 14:05"); empty for a value that is not a date. */
export function formatDateTime(value: DateValue, source: LocaleSource, timeZone = 'UTC'): string {
  const d = toDate(value);
  return d ? dateFormatter(resolveLocale(source), 'dateTime', { dateStyle: 'medium', timeStyle: 'short' }, timeZone).format(d) : '';
}

/** The time of day ("14:05", "2:05 PM"); empty for a value that is not a date. */
export function formatTime(value: DateValue, source: LocaleSource, timeZone = 'UTC'): string {
  const d = toDate(value);
  return d ? dateFormatter(resolveLocale(source), 'time', { timeStyle: 'short' }, timeZone).format(d) : '';
}

/** A count or measure with the language's separators ("1.234,5"); at most `maximumFractionDigits` decimals (default 3). */
export function formatNumber(value: number, source: LocaleSource, maximumFractionDigits = 3): string {
  if (!Number.isFinite(value)) return '';
  const digits = Math.max(0, Math.min(20, Math.trunc(maximumFractionDigits)));
  const locale = resolveLocale(source);
  return cachedFormatter(`n|${locale}|${digits}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: digits, numberingSystem: 'latn' })).format(value);
}

/** A ratio as a percentage in the language's way ("12,5 %" in German, "12.5%" in English): 0.125 → 12.5 %. */
export function formatPercent(ratio: number, source: LocaleSource, maximumFractionDigits = 1): string {
  if (!Number.isFinite(ratio)) return '';
  const digits = Math.max(0, Math.min(20, Math.trunc(maximumFractionDigits)));
  const locale = resolveLocale(source);
  return cachedFormatter(`p|${locale}|${digits}`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits, numberingSystem: 'latn' })).format(ratio);
}
