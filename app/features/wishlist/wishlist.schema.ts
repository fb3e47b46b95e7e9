import { z } from 'zod';

/** Wishlist limits and shapes shared by the API, the pages and the browser widgets. */
export const WISHLIST_NAME_MAX = 100;
export const WISHLIST_QUANTITY_MAX = 9999;
export const WISHLIST_PER_PAGE_DEFAULT = 20;
export const WISHLIST_PER_PAGE_MAX = 100;
/** Estimate requests per client address and per e-mail address in one window. */
export const ESTIMATES_PER_WINDOW = 3;
export const ESTIMATE_WINDOW_MS = 60 * 60 * 1000;
/** The guest wishlist cookie (HttpOnly; its SHA-256 owns the guest's lists). */
export const WISHLIST_COOKIE = 'vt_wishlist';
export const WISHLIST_GUEST_DAYS = 30;

/** States of an estimate request in the admin inbox. */
export const ESTIMATE_STATUSES = ['new', 'read', 'replied'] as const;

export const VISIBILITIES = ['public', 'shared', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

const id = z.coerce.number({ message: 'Must be a number' }).int('Must be a whole number').positive('Must be positive').max(2_147_483_647);
const token = z.string().trim().min(12, 'Unknown wishlist').max(64, 'Unknown wishlist').regex(/^[A-Za-z0-9_-]+$/, 'Unknown wishlist');
export const listName = z.string({ message: 'Enter a name' }).trim().min(1, 'Enter a name').max(WISHLIST_NAME_MAX, `At most ${WISHLIST_NAME_MAX} characters`);
export const visibility = z.enum(VISIBILITIES, { message: 'Choose public, shared or private' });
export const quantity = z.coerce
  .number({ message: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(WISHLIST_QUANTITY_MAX, `Quantity must be at most ${WISHLIST_QUANTITY_MAX}`);

export const newListSchema = z.object({ name: listName, visibility: visibility.default('private') });
export const tokenSchema = token;

export const addSchema = z.object({
  productId: id,
  variationId: id.optional(),
  attributes: z.record(z.string().max(100), z.string().max(200)).optional(),
  quantity: quantity.default(1),
  /** The list to add to (its token); none: the default list, made on first use. */
  wishlist: token.optional(),
  /** Create this list and add to it (instead of `wishlist`). */
  newList: newListSchema.optional(),
});
export type AddInput = z.infer<typeof addSchema>;

export const productRefSchema = z.object({ productId: id, variationId: id.optional() });
export const moveSchema = z.object({ to: token.optional(), newList: newListSchema.optional() }).refine((v) => !!v.to !== !!v.newList, {
  message: 'Choose the destination list, or name a new one',
  path: ['to'],
});
export const quantitySchema = z.object({ quantity });
export const sortSchema = z.object({
  positions: z.array(id).min(1, 'Send the item ids in their new order').max(1000),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  perPage: z.coerce.number().int().min(1).max(WISHLIST_PER_PAGE_MAX).optional(),
});
export const updateListSchema = z
  .object({ name: listName.optional(), visibility: visibility.optional(), alerts: z.boolean().optional() })
  .refine((v) => v.name !== undefined || v.visibility !== undefined || v.alerts !== undefined, { message: 'Nothing to change' });
export const pageSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(WISHLIST_PER_PAGE_MAX).default(WISHLIST_PER_PAGE_DEFAULT),
});
export const estimateSchema = z.object({
  name: z.string({ message: 'Enter your name' }).trim().min(1, 'Enter your name').max(100, 'At most 100 characters'),
  email: z.string({ message: 'Enter your e-mail address' }).trim().toLowerCase().max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid e-mail address'),
  message: z.string().trim().max(2000, 'At most 2000 characters').default(''),
  extra: z.record(z.string().max(100), z.string().trim().max(500)).optional(),
});

/** A list as its owner's widgets see it (spec: user wishlists entry). */
export interface WishlistSummary {
  token: string;
  name: string;
  visibility: Visibility;
  isDefault: boolean;
  alerts: boolean;
  count: number;
  url: string;
}

/** One item of a list, priced now, with what it cost when added. */
export interface WishlistItemView {
  id: number;
  productId: number;
  variationId: number | null;
  attributes: Record<string, string>;
  /** "Colour: Blue, Size: L". */
  variationLabel: string;
  name: string;
  url: string;
  image: { src: string; srcset?: string; alt: string } | null;
  quantity: number;
  minQuantity: number;
  position: number;
  price: number | null;
  priceAdded: number | null;
  currency: string;
  /** The price now against the price when added. */
  priceChange: 'dropped' | 'rose' | null;
  stockStatus: string;
  purchasable: boolean;
  addedAt: string;
}

export interface WishlistView extends WishlistSummary {
  isOwner: boolean;
  items: WishlistItemView[];
  page: number;
  perPage: number;
  pages: number;
  total: number;
}
