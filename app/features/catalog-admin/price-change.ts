/*
 * The bulk edit's price arithmetic, on integer minor units: set to an amount, raise or lower
 * by an amount or by a percentage, and (sale prices) the regular price less an amount or a
 * percentage. A percentage is kept as hundredths of a percent (12.5 % → 1250), so no float
 * enters the sum: old × (10000 ± bp) / 10000 is exact in BigInt and rounded half up to the
 * minor unit (0.5 of a cent goes up). A result below zero is answered as such; the caller
 * refuses it, naming the product.
 */

export const PRICE_MODES = ['set', 'increase', 'decrease', 'increase_percent', 'decrease_percent'] as const;
export const SALE_MODES = [...PRICE_MODES, 'regular_minus', 'regular_minus_percent', 'clear'] as const;
export type SaleMode = (typeof SALE_MODES)[number];

/** A change: an amount in minor units, or a percentage in hundredths of a percent. */
export type PriceChange = { mode: SaleMode; amount: number };

/** Half up on minor units: `numerator / 10000` for a non-negative numerator. */
const divideHalfUp = (numerator: bigint) => Number((numerator * 2n + 10000n) / 20000n);

/** `minor` scaled by (100 % + `bp` hundredths of a percent), `bp` may be negative; rounded half up, never from a float. */
export function scaleByPercent(minor: number, bp: number): number {
  const factor = 10000n + BigInt(bp);
  const product = BigInt(minor) * factor;
  if (product < 0n) return -divideHalfUp(-product) || 0;
  return divideHalfUp(product);
}

/**
 * The new price for `current` (null: none yet) under `change`; `regular` is the row's regular
 * price after its own change (for the sale's "regular minus"). null: the price is left as it
 * is (a rise of a price that has none) or, for `clear`, removed — see `clears`.
 */
export function applyPriceChange(current: number | null, change: PriceChange, regular: number | null): number | null {
  switch (change.mode) {
    case 'set':
      return change.amount;
    case 'increase':
      return current === null ? null : current + change.amount;
    case 'decrease':
      return current === null ? null : current - change.amount;
    case 'increase_percent':
      return current === null ? null : scaleByPercent(current, change.amount);
    case 'decrease_percent':
      return current === null ? null : scaleByPercent(current, -change.amount);
    case 'regular_minus':
      return regular === null ? null : regular - change.amount;
    case 'regular_minus_percent':
      return regular === null ? null : scaleByPercent(regular, -change.amount);
    case 'clear':
      return null;
  }
}

/** A percentage as typed ("10", "12.5", "0.25") in hundredths of a percent, or null when it is not one (at most two decimals). */
export function percentToBp(text: string): number | null {
  const m = /^\s*(\d{1,5})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A percentage in hundredths as shown in the summary: 1250 → "12.5". */
export const bpText = (bp: number) => String(bp / 100);
