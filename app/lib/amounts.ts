/*
 * How stored amounts become what a person sees: the one presentation of a cart's or an
 * order's money, pure and isomorphic, used by every page, e-mail and API answer. It takes
 * amounts already on the display basis (with tax or without, the store's cart display
 * setting), as the cart prices them and orders store them, and returns the rows to show,
 * which always add up, in minor units, to the total charged.
 *
 * The conventions are WooCommerce's:
 * - line amounts and the subtotal are before coupons; each coupon is its own row;
 * - shipping is on the same basis as the lines, a row per package;
 * - shown without tax: a row per tax name, added to reach the total;
 * - shown with tax: no tax rows; the total carries "includes £x VAT" (per tax name).
 *
 * Rounding per line and per tax name can leave the rows a unit or two from the total
 * charged. That remainder is put, deterministically, on the largest tax row (shown without
 * tax), else on the largest coupon row, else on the largest line (and so the subtotal):
 * rows that do not add up are never shown.
 *
 * It lives here, below the features, so that the cart (which orders build on) and orders
 * both use it without one importing the other: each feature maps its own shape onto
 * `AmountsInput`.
 */

export type TaxBasis = 'incl' | 'excl';

export interface AmountsInput {
  /** Whether the amounts below include tax. */
  basis: TaxBasis;
  /** Each line before coupons, on the basis. */
  lines: { key: string; amount: number }[];
  /** Coupons in the order applied; `weight` shares `discountTotal` out between them (their own discounts, on any basis). */
  coupons: { code: string; weight: number }[];
  /** All coupons together, on the basis. */
  discountTotal: number;
  /** Each package's chosen rate; `weight` shares `shippingTotal` out; `rates` are the choices offered, on the basis. */
  shipping: { id: string; rateId: string | null; title: string; weight: number; rates?: { id: string; title: string; amount: number }[] }[];
  /** All shipping together, on the basis. */
  shippingTotal: number;
  /** Tax per tax name, as charged. */
  taxes: { label: string; amount: number }[];
  taxTotal: number;
  /** What is charged. */
  total: number;
}

export interface PresentedAmounts {
  basis: TaxBasis;
  /** Each line before coupons, by the input's key. */
  lines: { key: string; amount: number }[];
  /** The lines added up: before coupons. */
  subtotal: number;
  /** A row per coupon; the amount is taken off (shown as "−£x"). */
  discounts: { code: string; amount: number }[];
  /** A row per package: the chosen rate's cost, and each choice's cost as offered. */
  shipping: { id: string; rateId: string | null; title: string; amount: number; rates: { id: string; title: string; amount: number }[] }[];
  /** Rows added to reach the total (shown without tax only). */
  taxes: { label: string; amount: number }[];
  /** The tax the total includes, per tax name (shown with tax only): "(includes £x VAT)". */
  includedTaxes: { label: string; amount: number }[];
  /** subtotal − discounts + shipping + taxes, exactly; the amount charged. */
  total: number;
}

/**
 * Splits `total` into integer parts in proportion to `weights` (largest remainder, earlier
 * part first on a tie), so the parts add up to it exactly. All weights zero: equal parts.
 */
export function apportion(total: number, weights: number[]): number[] {
  if (weights.length === 0) return [];
  const w = weights.map((x) => BigInt(Math.max(0, Math.round(x))));
  let sum = w.reduce((a, b) => a + b, 0n);
  if (sum === 0n) {
    w.fill(1n);
    sum = BigInt(w.length);
  }
  const sign = total < 0 ? -1n : 1n;
  const t = BigInt(Math.abs(Math.round(total)));
  const parts = w.map((x) => (t * x) / sum);
  let left = t - parts.reduce((a, b) => a + b, 0n);
  const order = w.map((x, i) => ({ i, rest: (t * x) % sum })).sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  return parts.map((p) => Number(p * sign));
}

/** Index of the largest amount (the first of equals); -1 when none. */
function largest(rows: { amount: number }[], ok: (a: number) => boolean = () => true): number {
  let at = -1;
  for (let i = 0; i < rows.length; i++) if (ok(rows[i].amount) && (at === -1 || rows[i].amount > rows[at].amount)) at = i;
  return at;
}

const sum = (rows: { amount: number }[]) => rows.reduce((a, r) => a + r.amount, 0);

/** The rows a person sees for these amounts; see the top of this file. */
export function presentAmounts(input: AmountsInput): PresentedAmounts {
  const lines = input.lines.map((l) => ({ key: l.key, amount: l.amount }));

  let discounts: PresentedAmounts['discounts'] = [];
  if (input.coupons.length) {
    const parts = apportion(input.discountTotal, input.coupons.map((c) => c.weight));
    discounts = input.coupons.map((c, i) => ({ code: c.code, amount: parts[i] }));
  } else if (input.discountTotal !== 0) {
    discounts = [{ code: '', amount: input.discountTotal }];
  }

  const shipParts = apportion(input.shippingTotal, input.shipping.map((s) => s.weight));
  const shipping = input.shipping.map((s, i) => ({ id: s.id, rateId: s.rateId, title: s.title, amount: shipParts[i], rates: (s.rates ?? []).map((r) => ({ ...r })) }));
  // A package's chosen rate as offered shows what its row shows.
  for (const s of shipping) for (const r of s.rates) if (r.id === s.rateId) r.amount = s.amount;

  // Tax per name made to add up to the tax charged (each name is rounded on its own).
  const taxes = input.taxes.filter((t) => t.amount !== 0).map((t) => ({ label: t.label, amount: t.amount }));
  const taxGap = input.taxTotal - sum(taxes);
  if (taxGap !== 0) {
    const at = largest(taxes);
    if (at >= 0) taxes[at].amount += taxGap;
    else taxes.push({ label: 'Tax', amount: input.taxTotal });
  }

  const taxRows = input.basis === 'excl' ? taxes : [];
  const includedTaxes = input.basis === 'incl' ? taxes.map((t) => ({ ...t })) : [];
  const shown = () => sum(lines) - sum(discounts) + sum(shipping) + sum(taxRows);
  const gap = input.total - shown();
  if (gap !== 0) {
    const taxAt = largest(taxRows, (a) => a + gap >= 0);
    const discountAt = largest(discounts, (a) => a - gap >= 0 && a > 0);
    const lineAt = largest(lines);
    if (taxAt >= 0) taxRows[taxAt].amount += gap;
    else if (discountAt >= 0) discounts[discountAt].amount -= gap;
    else if (lineAt >= 0) lines[lineAt].amount += gap;
    else if (shipping.length) shipping[0].amount += gap;
  }
  return {
    basis: input.basis,
    lines,
    subtotal: sum(lines),
    discounts,
    shipping,
    taxes: taxRows,
    includedTaxes,
    total: input.total,
  };
}

/** "£8.00 VAT, £1.20 Eco tax": what the total includes, for "(includes …)". Empty when no tax. */
export function includedTaxText(p: PresentedAmounts, money: (minor: number) => string): string {
  return p.includedTaxes.map((t) => `${money(t.amount)} ${t.label}`).join(', ');
}
