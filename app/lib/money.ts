/** Money is integer minor units everywhere; this is the one place it becomes text. */
export interface PriceFormat {
  currency: string;
  currencyPosition: 'left' | 'right' | 'left_space' | 'right_space';
  pricePrecision: number;
  thousandSeparator: string;
  decimalPoint: string;
}

const symbols = new Map<string, { symbol: string; exponent: number }>();

/** The currency's symbol and minor-unit exponent (2 for GBP, 0 for JPY), from Intl. */
export function currencyInfo(currency: string): { symbol: string; exponent: number } {
  let info = symbols.get(currency);
  if (!info) {
    try {
      const nf = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
      const symbol = nf.formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
      info = { symbol, exponent: nf.resolvedOptions().maximumFractionDigits ?? 2 };
    } catch {
      info = { symbol: currency, exponent: 2 };
    }
    symbols.set(currency, info);
  }
  return info;
}

/**
 * Formats minor units with the store's separators, precision and symbol position.
 * Works on the integer digits rather than on a float, so rounding to fewer decimals than
 * the currency has is exact and half-up (145 pence at one decimal is "1.5", not "1.4").
 */
export function formatPrice(minor: number, f: PriceFormat): string {
  const { symbol } = currencyInfo(f.currency);
  const { sign, int, frac } = priceDigits(minor, f);
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, f.thousandSeparator);
  const number = frac ? `${grouped}${f.decimalPoint}${frac}` : grouped;
  switch (f.currencyPosition) {
    case 'right':
      return `${sign}${number}${symbol}`;
    case 'right_space':
      return `${sign}${number} ${symbol}`;
    case 'left_space':
      return `${sign}${symbol} ${number}`;
    default:
      return `${sign}${symbol}${number}`;
  }
}

/**
 * The digits of an amount at the shop's precision, rounded half up on the integer digits:
 * its sign (none for an amount that rounds to zero: "£0.00", never "-£0.00"), whole part
 * and decimals. formatPrice dresses them; plainPrice writes them as a plain decimal.
 */
function priceDigits(minor: number, f: Pick<PriceFormat, 'currency' | 'pricePrecision'>): { sign: string; int: string; frac: string } {
  const { exponent } = currencyInfo(f.currency);
  const precision = Math.max(0, Math.min(20, Math.trunc(f.pricePrecision)));
  let units = Math.abs(Math.round(minor));
  let scale = exponent;
  if (precision < exponent) {
    const step = 10 ** (exponent - precision);
    units = Math.floor((units + step / 2) / step);
    scale = precision;
  }
  const digits = String(units).padStart(scale + 1, '0');
  return {
    sign: minor < 0 && units > 0 ? '-' : '',
    int: digits.slice(0, digits.length - scale),
    frac: digits.slice(digits.length - scale).padEnd(precision, '0'),
  };
}

/** The same amount as a plain decimal at the shop's precision ("-1234.50"): no symbol, no grouping. */
export function plainPrice(minor: number, f: Pick<PriceFormat, 'currency' | 'pricePrecision'>): string {
  const { sign, int, frac } = priceDigits(minor, f);
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

/**
 * How prices are written in a language and currency when the owner has not said
 * (WooCommerce's separators and currency position, taken from Intl): "1.234,50 €" for de-DE
 * and EUR, "1 234,50 €" for fr-FR, "£1,234.50" for en and GBP. The precision is not among
 * them: it stays the shop's setting.
 */
export function priceFormatDefaults(language: string, currency: string): Pick<PriceFormat, 'currencyPosition' | 'thousandSeparator' | 'decimalPoint'> {
  const key = `${language}|${currency}`;
  let found = defaults.get(key);
  if (!found) {
    found = { currencyPosition: 'left', thousandSeparator: ',', decimalPoint: '.' };
    try {
      const parts = new Intl.NumberFormat(language, { style: 'currency', currency, numberingSystem: 'latn' }).formatToParts(1234567.5);
      const at = (type: string) => parts.findIndex((p) => p.type === type);
      const sign = at('currency');
      const number = at('integer');
      const single = (type: string, fallback: string) => {
        const v = parts.find((p) => p.type === type)?.value.replace(/[\u200e\u200f\u061c]/g, '');
        return v !== undefined && v.length === 1 && !/\d/.test(v) ? v : fallback;
      };
      const between = parts.slice(Math.min(sign, number) + 1, Math.max(sign, number)).some((p) => p.type === 'literal' && /\s/.test(p.value));
      found = {
        currencyPosition: sign < number ? (between ? 'left_space' : 'left') : between ? 'right_space' : 'right',
        thousandSeparator: parts.some((p) => p.type === 'group') ? single('group', ',') : '',
        decimalPoint: single('decimal', '.'),
      };
      if (found.thousandSeparator === found.decimalPoint) found.thousandSeparator = '';
    } catch {
      // An unknown language or currency: the defaults above.
    }
    defaults.set(key, found);
  }
  return found;
}
const defaults = new Map<string, Pick<PriceFormat, 'currencyPosition' | 'thousandSeparator' | 'decimalPoint'>>();

/**
 * Reads back a price as formatPrice wrote it in the same format (symbol, separators) into
 * minor units; null when it is not one.
 */
export function parsePrice(text: string, f: PriceFormat): number | null {
  const { symbol } = currencyInfo(f.currency);
  let rest = text.trim().replace(symbol, '').trim();
  if (f.thousandSeparator) rest = rest.split(f.thousandSeparator).join('');
  // The space between a sign and a symbol written before the number ("-AED 0.01").
  rest = rest.replace(/\s/g, '');
  if (f.decimalPoint !== '.') {
    if (rest.includes('.')) return null;
    rest = rest.replace(f.decimalPoint, '.');
  }
  return toMinor(rest, f.currency);
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * Parses a decimal amount typed by a person ("12.50", "-3", ".5") into minor units,
 * rounding extra decimals half away from zero; null when it is not a plain decimal
 * number (empty, "abc", "0x10", "1e3"). Parsed from the digits, not through a float, so
 * "1.005" pounds is 101 pence.
 */
export function toMinor(amount: string | number, currency: string): number | null {
  const { exponent } = currencyInfo(currency);
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return null;
    // Numbers too large or small for plain notation: a float product is as good as it gets.
    if (/e/i.test(String(amount))) return Math.round(amount * 10 ** exponent) || 0;
    amount = String(amount);
  }
  const m = DECIMAL.exec(amount.trim());
  if (!m || (!m[2] && !m[3])) return null;
  const [, sign, int = '', frac = ''] = m;
  const kept = frac.slice(0, exponent).padEnd(exponent, '0');
  let units = Number(`${int || '0'}${kept}`);
  if (Number(frac[exponent] ?? '0') >= 5) units += 1;
  if (!Number.isSafeInteger(units)) return null;
  return sign === '-' && units !== 0 ? -units : units;
}
