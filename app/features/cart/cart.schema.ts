import { z } from 'zod';
import type { PresentedAmounts } from '../../lib/amounts.ts';
import { rowId } from '../../lib/validate.ts';

/** Largest quantity one request may ask for; stock and per-product limits usually bind first. */
export const MAX_LINE_QUANTITY = 9999;

const quantity = z
  .number({ message: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`);

export const addItemSchema = z.object({
  productId: rowId,
  variationId: rowId.optional(),
  /** Chosen attribute values by attribute slug, e.g. {color: "blue", size: "l"} (needed for "any" values). */
  attributes: z.record(z.string().max(100), z.string().max(200)).optional(),
  quantity: quantity.default(1),
});

/** 0 removes the line. */
export const updateItemSchema = z.object({ quantity: z.number().int('Quantity must be a whole number').min(0).max(MAX_LINE_QUANTITY) });
export const couponCodeSchema = z.object({ code: z.string().trim().min(1, 'Enter a coupon code').max(100) });
export const customerSchema = z.object({
  country: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Choose a country'),
  state: z.string().trim().max(100).default(''),
  postcode: z.string().trim().max(20).default(''),
  city: z.string().trim().max(100).default(''),
});
export const shippingRateSchema = z.object({ packageId: z.number().int().min(0), rateId: z.string().min(1).max(100) });

export type AddItemInput = z.infer<typeof addItemSchema>;
export type CustomerAddress = z.infer<typeof customerSchema>;

/** One cart line as every cart answer shows it. Money in minor units. */
export interface CartItem {
  key: string;
  productId: number;
  variationId: number | null;
  name: string;
  /** Chosen attributes as shown to the shopper: [{name: "Colour", value: "Blue"}]. */
  attributes: { name: string; value: string }[];
  quantity: number;
  /** Price per unit as displayed (with or without tax per the store's cart display setting). */
  unitPrice: number;
  /** Before coupons. */
  lineSubtotal: number;
  /** After coupons. */
  lineTotal: number;
  /** Tax on the line after coupons (0 when taxes are off or the line is not taxable). */
  lineTax: number;
  image: { src: string; srcset: string; alt: string } | null;
  url: string;
  stockStatus: 'instock' | 'outofstock' | 'onbackorder';
  /** Most this line may hold (stock, per-product max, sold individually); null = no limit. */
  maxQuantity: number | null;
}

export interface ShippingRate {
  /** "<method type>:<method id>", e.g. "flat_rate:3". */
  id: string;
  title: string;
  /** Minor units, before tax. */
  cost: number;
  tax: number;
}

export interface Cart {
  items: CartItem[];
  coupons: { code: string; discount: number; freeShipping: boolean }[];
  shipping: {
    address: CustomerAddress | null;
    packages: { id: number; name: string; rates: ShippingRate[]; selected: string | null }[];
    /** True when a rate is chosen for every package (or nothing needs shipping). */
    ready: boolean;
  };
  totals: {
    subtotal: number;
    discount: number;
    shipping: number;
    tax: number;
    total: number;
    currency: string;
    /** Tax per rate name for the totals table, e.g. [{label: "VAT", amount: 500}]. */
    taxLines: { label: string; amount: number }[];
    /** Whether the amounts above include tax (store display setting). */
    pricesIncludeTax: boolean;
  };
  itemCount: number;
  /** Changes whenever anything in the cart changes; browsers compare it with the cart-hash cookie. */
  hash: string;
  /** Problems found while re-checking the cart (a product went out of stock, a coupon expired). */
  notices: string[];
  /** The amounts as shown to the shopper, adding up to `totals.total` (lib/amounts.ts). */
  display: PresentedAmounts;
}
