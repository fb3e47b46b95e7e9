/*
 * Tax arithmetic, pure and isomorphic, following WooCommerce's rules so that amounts agree
 * with a shop migrated from it. Results stay unrounded so the cart can round per line or
 * once at the subtotal (the taxRoundAtSubtotal setting).
 */

export interface TaxRate {
  id: number;
  country: string;
  state: string;
  /** Percent, e.g. 20 for 20 %. */
  rate: number;
  name: string;
  priority: number;
  /** Applied on top of the amount plus the taxes before it. */
  compound: boolean;
  /** Also applies to shipping costs. */
  shipping: boolean;
  taxClass: string;
}

/**
 * Tax added to an amount that excludes it: every regular rate on the amount, then each
 * compound rate, in order, on the amount plus all taxes so far.
 */
function exclusive(amount: number, rates: readonly TaxRate[]): Record<number, number> {
  const taxes: Record<number, number> = {};
  let sum = 0;
  for (const r of rates) {
    if (r.compound) continue;
    taxes[r.id] = (taxes[r.id] ?? 0) + (amount * r.rate) / 100;
  }
  for (const v of Object.values(taxes)) sum += v;
  for (const r of rates) {
    if (!r.compound) continue;
    const tax = ((amount + sum) * r.rate) / 100;
    taxes[r.id] = (taxes[r.id] ?? 0) + tax;
    sum += tax;
  }
  return taxes;
}

/**
 * Tax contained in an amount that includes it: compound rates come off first, last applied
 * first; the remainder holds the regular rates together, shared out in proportion to each.
 */
function inclusive(amount: number, rates: readonly TaxRate[]): Record<number, number> {
  const taxes: Record<number, number> = {};
  for (const r of rates) taxes[r.id] = 0;
  let rest = amount;
  for (const r of [...rates].filter((x) => x.compound).reverse()) {
    const tax = rest - rest / (1 + r.rate / 100);
    taxes[r.id] += tax;
    rest -= tax;
  }
  const regular = rates.filter((x) => !x.compound);
  const regularTotal = 1 + regular.reduce((s, r) => s + r.rate, 0) / 100;
  for (const r of regular) taxes[r.id] += (rest * (r.rate / 100)) / regularTotal;
  return taxes;
}

/**
 * Tax on an amount in minor units, per rate id, unrounded. `inclusive`: the amount already
 * includes the taxes, which are extracted from it.
 */
export function calcTax(amount: number, rates: readonly TaxRate[], inclusiveOfTax: boolean): Record<number, number> {
  if (rates.length === 0 || !Number.isFinite(amount)) return {};
  return inclusiveOfTax ? inclusive(amount, rates) : exclusive(amount, rates);
}

/**
 * Rounds half up (away from zero), after trimming float noise so 0.15 * 300 (44.99999…)
 * rounds as the 45 it means.
 */
export function roundHalfUp(value: number): number {
  // Whole amounts (most of them: prices and untaxed lines) need no trimming.
  if (Number.isInteger(value)) return value === 0 ? 0 : value;
  const clean = Number(value.toPrecision(12));
  const r = Math.sign(clean) * Math.round(Math.abs(clean));
  return r === 0 ? 0 : r; // no -0
}

/** A tax map rounded to whole minor units, half up, like WooCommerce. */
export function roundTax(taxes: Record<number, number>): Record<number, number> {
  const out: Record<number, number> = {};
  for (const [id, v] of Object.entries(taxes)) out[Number(id)] = roundHalfUp(v);
  return out;
}

/** Adds tax maps rate by rate (to total per-line taxes before rounding at subtotal). */
export function addTaxes(...maps: Record<number, number>[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const m of maps) for (const [id, v] of Object.entries(m)) out[Number(id)] = (out[Number(id)] ?? 0) + v;
  return out;
}

export function sumTaxes(taxes: Record<number, number>): number {
  let s = 0;
  for (const v of Object.values(taxes)) s += v;
  return s;
}
