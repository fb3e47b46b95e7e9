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

/** Formats minor units with the store's separators, precision and symbol position. */
export function formatPrice(minor: number, f: PriceFormat): string {
  const { symbol, exponent } = currencyInfo(f.currency);
  const value = minor / 10 ** exponent;
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(f.pricePrecision);
  const [int, frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, f.thousandSeparator);
  const number = frac ? `${grouped}${f.decimalPoint}${frac}` : grouped;
  const sign = negative ? '-' : '';
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

/** Parses a decimal amount typed by a person ("12.50") into minor units; null when not a number. */
export function toMinor(amount: string | number, currency: string): number | null {
  const n = typeof amount === 'number' ? amount : Number(String(amount).trim());
  if (!Number.isFinite(n)) return null;
  return Math.round(n * 10 ** currencyInfo(currency).exponent);
}
