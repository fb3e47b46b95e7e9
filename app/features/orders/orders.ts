import type { PresentedAmounts } from '../../lib/amounts.ts';
import type { Address } from '../address/address.ts';

/*
 * Orders as pages and the API see them (isomorphic: types, status names and the allowed
 * status changes). Money in minor units; amounts as the cart showed them (with tax when
 * `pricesIncludeTax`): line subtotals and totals, the subtotal, discount and shipping
 * totals. Shipping lines' `cost` is without tax, `tax` its tax. `display` is what to show.
 */

export const ORDER_STATUSES = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses' English names, for what the shop records in English (order notes, API errors); screens show statusName() (status-name.ts). */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending payment',
  processing: 'Processing',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Failed',
};

/** Which status each status may change to (admin and payment gateways). */
export const STATUS_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'on-hold', 'completed', 'cancelled', 'failed'],
  'on-hold': ['pending', 'processing', 'completed', 'cancelled', 'failed'],
  processing: ['on-hold', 'completed', 'cancelled', 'refunded'],
  completed: ['processing', 'refunded'],
  failed: ['pending', 'processing', 'on-hold', 'cancelled'],
  cancelled: [],
  refunded: [],
};

/** Statuses in which an order gives its stock (and coupon uses) back. */
export const RELEASING_STATUSES: readonly OrderStatus[] = ['cancelled', 'refunded', 'failed'];

export const canTransition = (from: OrderStatus, to: OrderStatus) => STATUS_TRANSITIONS[from].includes(to);

export interface OrderItem {
  id: number;
  productId: number | null;
  variationId: number | null;
  name: string;
  sku: string;
  /** Chosen attributes as shown: [{name: "Colour", value: "Blue"}]. */
  attributes: { name: string; value: string }[];
  quantity: number;
  unitPrice: number;
  /** Before coupons. */
  subtotal: number;
  /** After coupons. */
  total: number;
  tax: number;
  refundedQuantity: number;
}

export interface OrderShippingLine {
  packageId: number;
  rateId: string;
  title: string;
  cost: number;
  tax: number;
}

export interface OrderNote {
  id: number;
  content: string;
  /** Shown to the customer (and e-mailed); false = private to the shop. */
  customerNote: boolean;
  author: string;
  createdAt: string;
}

export interface OrderRefund {
  id: number;
  amount: number;
  reason: string;
  items: { itemId: number; quantity: number }[];
  /** Shipping given back (minor units). */
  shipping: number;
  createdBy: number | null;
  createdAt: string;
}

/** One row of an orders table (my account, admin list). */
export interface OrderSummary {
  id: number;
  status: OrderStatus;
  statusLabel: string;
  createdAt: string;
  total: number;
  refundedTotal: number;
  currency: string;
  itemCount: number;
  billingName: string;
  billingEmail: string;
  paymentMethodTitle: string;
}

/** Extra text a payment method shows after ordering (bank details, cheque address). */
export interface PaymentInstructions {
  title: string;
  text: string;
  /** Label/value pairs: the payment reference and every bank account's fields, in one list. */
  details: { label: string; value: string }[];
  /** Bank transfer: the accounts from the payment settings, each its filled-in fields (empty for other methods). */
  accounts: { label: string; value: string }[][];
}

export interface OrderDetail extends OrderSummary {
  orderKey: string;
  userId: number | null;
  billing: Address;
  shipping: Address;
  customerNote: string;
  paymentMethod: string;
  transactionId: string | null;
  pricesIncludeTax: boolean;
  subtotal: number;
  discountTotal: number;
  shippingTotal: number;
  taxTotal: number;
  shippingLines: OrderShippingLine[];
  couponLines: { code: string; discount: number }[];
  taxLines: { label: string; amount: number }[];
  stockReduced: boolean;
  paidAt: string | null;
  completedAt: string | null;
  updatedAt: string;
  items: OrderItem[];
  /** Customer-visible notes only, unless read through the admin functions. */
  notes: OrderNote[];
  refunds: OrderRefund[];
  /** `/checkout/order-received/:id?key=…` */
  receivedUrl: string;
  /** The amounts as shown, adding up to `total`; lines keyed by item id (lib/amounts.ts). */
  display: PresentedAmounts;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  pages: number;
}

export const receivedUrl = (id: number, key: string) => `/checkout/order-received/${id}?key=${encodeURIComponent(key)}`;

/** Statuses in which an order still waits for its money and may be paid later ("Pay for order"). */
export const PAYABLE_STATUSES: readonly OrderStatus[] = ['pending', 'failed'];

export const needsPayment = (status: OrderStatus) => PAYABLE_STATUSES.includes(status);

/** The pay-for-order page of an order, reached with its secret key (`/checkout/order-pay/:id?key=…`); its owner may drop the key when signed in. */
export const payUrl = (id: number, key: string) => `/checkout/order-pay/${id}?key=${encodeURIComponent(key)}`;
