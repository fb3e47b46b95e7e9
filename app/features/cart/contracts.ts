/*
 * What the cart core hands to coupons, shipping and tax, and what it gets back. Each of
 * those features implements its side in its own folder; the cart totals call them in this
 * order: line prices → coupons → shipping → tax.
 */

/** A cart line as the rules see it. Money in minor units, as entered (see `pricesIncludeTax`). */
export interface PricedLine {
  key: string;
  productId: number;
  variationId: number | null;
  /** The product's categories, for coupon include/exclude lists. */
  categoryIds: number[];
  quantity: number;
  unitPrice: number;
  /** unitPrice × quantity. */
  lineSubtotal: number;
  onSale: boolean;
  taxStatus: 'taxable' | 'shipping' | 'none';
  taxClass: string;
  shippingClass: string;
  virtual: boolean;
}

export interface CartCustomer {
  userId: number | null;
  email: string | null;
}

export interface Location {
  country: string;
  state: string;
  postcode: string;
  city: string;
}
