/*
 * Quantity rules of spec §5, pure: the plus/minus buttons, typed values, a variation's
 * min_qty/max_qty and sold-individually products.
 */

/** Limits of one quantity field; null = none. */
export interface QuantityLimits {
  min: number | null;
  max: number | null;
  /** As the field carries it: missing or not numeric means 1. */
  step?: number | string | null;
}

/** A typed value: a non-numeric value counts as 0. */
export function parseQuantity(raw: unknown): number {
  if (typeof raw === 'string' && raw.trim() === '') return 0;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
}

/** The step: 1 when missing, not numeric, or not above 0. */
export function parseStep(raw: unknown): number {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return 1;
  const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
  return Number.isFinite(n) && n > 0 ? n : 1;
}

/** Float steps (0.1 + 0.2) stay tidy: round to the step's own decimals. */
function tidy(n: number, step: number): number {
  const decimals = (String(step).split('.')[1] ?? '').length;
  return decimals ? Number(n.toFixed(decimals)) : n;
}

/** Plus: one step up, stopping at the maximum if set (a value already above it drops to it). */
export function stepUp(raw: unknown, limits: QuantityLimits): number {
  const value = parseQuantity(raw);
  const step = parseStep(limits.step);
  if (limits.max !== null && value >= limits.max) return limits.max;
  const next = tidy(value + step, step);
  return limits.max !== null ? Math.min(next, limits.max) : next;
}

/** Minus: one step down, stopping at the minimum, or at 0 when there is none. */
export function stepDown(raw: unknown, limits: QuantityLimits): number {
  const value = parseQuantity(raw);
  const step = parseStep(limits.step);
  const floor = limits.min ?? 0;
  if (value <= floor) return floor;
  return Math.max(tidy(value - step, step), floor);
}

/** A typed value below the minimum is raised to it. */
export function raiseToMin(raw: unknown, min: number | null): number {
  const value = parseQuantity(raw);
  return min !== null && value < min ? min : value;
}

/** A value kept between min and max (either may be missing). */
export function clampQuantity(raw: unknown, limits: Pick<QuantityLimits, 'min' | 'max'>): number {
  let value = raiseToMin(raw, limits.min);
  if (limits.max !== null && value > limits.max) value = limits.max;
  return value;
}

/** Whether minus / plus can still change the value (for disabling the buttons). */
export const canStepDown = (raw: unknown, limits: QuantityLimits) => parseQuantity(raw) > (limits.min ?? 0);
export const canStepUp = (raw: unknown, limits: QuantityLimits) => limits.max === null || parseQuantity(raw) < limits.max;

/** The quantity field of a product or of its chosen variation. */
export interface QuantityField {
  min: number;
  max: number | null;
  step: number;
  /** Sold individually: the field is hidden and the quantity is always 1. */
  hidden: boolean;
}

/**
 * The field for a product (and its chosen variation, if any): a variation's min_qty/max_qty
 * apply; a sold-individually product or variation forces 1 and hides the field.
 */
export function quantityField(
  product: { min: number; max: number | null; soldIndividually: boolean },
  variation?: { min_qty: number; max_qty: number | null; is_sold_individually: 'yes' | 'no' } | null,
): QuantityField {
  const sold = product.soldIndividually || variation?.is_sold_individually === 'yes';
  if (sold) return { min: 1, max: 1, step: 1, hidden: true };
  const min = Math.max(1, variation ? variation.min_qty : product.min);
  const max = variation ? variation.max_qty : product.max;
  // A maximum below the minimum (stock lower than a pack size) still lets the form show something sane.
  return { min, max: max !== null ? Math.max(max, min) : null, step: 1, hidden: false };
}

/** The value the field should show after the limits changed (a variation was chosen). */
export function quantityFor(current: unknown, field: QuantityField): number {
  return field.hidden ? 1 : clampQuantity(current, field);
}
