import { z } from 'zod';
import { toMinor } from '../../lib/money.ts';

/*
 * Shipping method settings (stored as JSON in shipping_methods.settings, money in minor
 * units) and the admin forms that edit zones, methods and classes (money typed as decimals).
 */

/** The name shown for methods that apply where no zone matches (zone_id null). */
export const REST_OF_WORLD = 'Rest of the world';

export const METHOD_TYPES = ['flat_rate', 'free_shipping', 'local_pickup'] as const;
export type MethodType = (typeof METHOD_TYPES)[number];
export const METHOD_LABELS: Record<MethodType, string> = {
  flat_rate: 'Flat rate',
  free_shipping: 'Free shipping',
  local_pickup: 'Local pickup',
};

const minor = z.number().int().min(0).default(0);

export const flatRateSettingsSchema = z.object({
  /** Base cost, charged once per order or once per item (costType). */
  cost: minor,
  costType: z.enum(['per_order', 'per_item']).default('per_order'),
  /** Extra cost by shipping class slug; charged per class present, or per item of it when costType is per_item. */
  classCosts: z.record(z.string(), z.number().int().min(0)).default({}),
  /** Extra cost for items without a shipping class. */
  noClassCost: minor,
  /** per_class: add up the costs of every class in the package; per_order: charge only the highest. */
  calculationType: z.enum(['per_class', 'per_order']).default('per_class'),
});

export const FREE_SHIPPING_REQUIRES = ['', 'coupon', 'min_amount', 'either', 'both'] as const;
export const freeShippingSettingsSchema = z.object({
  requires: z.enum(FREE_SHIPPING_REQUIRES).default(''),
  minAmount: minor,
  /** Compare the minimum with the contents before coupon discounts. */
  ignoreDiscounts: z.boolean().default(false),
});

export const localPickupSettingsSchema = z.object({ cost: minor });

export type FlatRateSettings = z.infer<typeof flatRateSettingsSchema>;
export type FreeShippingSettings = z.infer<typeof freeShippingSettingsSchema>;
export type LocalPickupSettings = z.infer<typeof localPickupSettingsSchema>;

export const SETTINGS_SCHEMAS = {
  flat_rate: flatRateSettingsSchema,
  free_shipping: freeShippingSettingsSchema,
  local_pickup: localPickupSettingsSchema,
} as const;

/** Settings read from the database; anything unreadable falls back to the defaults. */
export function readMethodSettings<T extends MethodType>(type: T, json: string): z.infer<(typeof SETTINGS_SCHEMAS)[T]> {
  const schema = SETTINGS_SCHEMAS[type];
  let raw: unknown = {};
  try {
    raw = JSON.parse(json);
  } catch {
    // Stored by hand or by an older version: the defaults are the safe reading.
  }
  const parsed = schema.safeParse(raw);
  return (parsed.success ? parsed.data : schema.parse({})) as z.infer<(typeof SETTINGS_SCHEMAS)[T]>;
}

/** An amount typed in the store currency ("4.99"); empty is 0. */
export const moneyInput = (currency: string) =>
  z.preprocess(
    (v) => {
      const s = String(v ?? '').trim();
      return s === '' ? 0 : (toMinor(s, currency) ?? Number.NaN);
    },
    z.number({ message: 'Enter an amount such as 4.99' }).int().min(0, 'Must not be negative'),
  );

const formFlag = z.preprocess((v) => v === '1' || v === 'on' || v === true, z.boolean());
const title = z.string().trim().min(1, 'Enter a title').max(100, 'At most 100 characters');

/** The method form: one schema per type, money as decimals. `classCost.<slug>` fields become classCosts. */
export function methodFormSchema(type: MethodType, currency: string) {
  const money = moneyInput(currency);
  const base = { title, enabled: formFlag };
  switch (type) {
    case 'flat_rate':
      return z.object({
        ...base,
        cost: money,
        costType: z.enum(['per_order', 'per_item'], { message: 'Choose per order or per item' }),
        noClassCost: money,
        calculationType: z.enum(['per_class', 'per_order'], { message: 'Choose a calculation type' }),
        classCosts: z.record(z.string(), money).default({}),
      });
    case 'free_shipping':
      return z.object({
        ...base,
        requires: z.enum(FREE_SHIPPING_REQUIRES, { message: 'Choose a condition' }),
        minAmount: money,
        ignoreDiscounts: formFlag,
      });
    default:
      return z.object({ ...base, cost: money });
  }
}

export const newMethodSchema = z.object({ type: z.enum(METHOD_TYPES, { message: 'Choose a shipping method' }) });

export const REGION = /^(country|continent):[A-Z]{2}$/;
export const zoneFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter a zone name').max(100, 'At most 100 characters'),
  /** "country:US" or "continent:EU" from the regions select. */
  regions: z.array(z.string().regex(REGION, 'Unknown region')).max(300).default([]),
  /** "US:CA, CA:ON": country code, colon, state code. */
  states: z.string().max(5000).default(''),
  /** One pattern a line: 90210, 902*, 90000...90999. */
  postcodes: z.string().max(20000).default(''),
});
export type ZoneForm = z.infer<typeof zoneFormSchema>;

export const shippingClassSchema = z.object({
  name: z.string().trim().min(1, 'Enter a class name').max(100, 'At most 100 characters'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(100)
    .regex(/^[a-z0-9-]*$/, 'Use lower-case letters, digits and dashes')
    .default(''),
});

/** Minor units as the decimal text a money input shows (499 → "4.99" for two-decimal currencies). */
export function minorToDecimal(minor: number, exponent: number): string {
  return exponent > 0 ? (minor / 10 ** exponent).toFixed(exponent) : String(minor);
}
