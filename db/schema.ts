import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Row types of every table. Booleans are 0/1 integers and times ISO-8601 UTC text in
 * both dialects; money is integer minor units.
 *
 * Longer than 400 lines on purpose: this is the one table list (`Database`) that the
 * migrations and every query are checked against, type declarations only; kept in one file
 * so a table and its place in `Database` are read and changed together.
 */

export type Bool = 0 | 1;

export interface SettingsTable { key: string; value: string }

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: Generated<string>;
  role: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id_hash: string;
  user_id: number | null;
  data: Generated<string>;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
}

export interface VendorsTable { id: Generated<number>; name: string; slug: string }

export interface MediaTable {
  id: Generated<number>;
  path: string;
  alt: Generated<string>;
  title: Generated<string>;
  caption: Generated<string>;
  width: Generated<number>;
  height: Generated<number>;
  /** JSON array of the widths generated as WebP variants. */
  widths: Generated<string>;
  original_url: string | null;
  created_at: string;
  /** 1: uploaded from an editor and not yet seen in use; deleted a day later if still unused (migration 043). */
  unsaved: Generated<Bool>;
}

export interface CategoriesTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  slug: string;
  /** Slugs from the root joined by "/", e.g. "clothing/hoodies". */
  path: string;
  description: Generated<string>;
  image_id: number | null;
  menu_order: Generated<number>;
  product_count: Generated<number>;
}

/** An address a category had before its slug or parent changed: answered with a redirect to its address now. */
export interface CategoryRedirectsTable { old_path: string; category_id: number }

export interface TagsTable { id: Generated<number>; name: string; slug: string; description: Generated<string>; /** The name folded (app/lib/name-key.ts). */ name_key: Generated<string> }
export interface TagRedirectsTable { old_slug: string; tag_id: number }

export type ProductType = 'simple' | 'variable' | 'grouped' | 'external';
/** 'publish' is the only one shoppers see; the others are the back office's (pending review, scheduled, in the trash). */
export type ProductStatus = 'publish' | 'draft' | 'pending' | 'private' | 'future' | 'trash';
export type CatalogVisibility = 'visible' | 'catalog' | 'search' | 'hidden';
export type StockStatus = 'instock' | 'outofstock' | 'onbackorder';
export type Backorders = 'no' | 'notify' | 'yes';

export interface ProductsTable {
  id: Generated<number>;
  type: ProductType;
  name: string;
  slug: string;
  status: Generated<ProductStatus>;
  catalog_visibility: Generated<CatalogVisibility>;
  featured: Generated<Bool>;
  sku: string | null;
  short_description: Generated<string>;
  description: Generated<string>;
  regular_price: number | null;
  sale_price: number | null;
  sale_from: string | null;
  sale_to: string | null;
  min_price: number | null;
  max_price: number | null;
  tax_status: Generated<'taxable' | 'shipping' | 'none'>;
  tax_class: Generated<string>;
  manage_stock: Generated<Bool>;
  stock_quantity: number | null;
  stock_status: Generated<StockStatus>;
  backorders: Generated<Backorders>;
  low_stock_amount: number | null;
  sold_individually: Generated<Bool>;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  virtual: Generated<Bool>;
  downloadable: Generated<Bool>;
  download_limit: number | null;
  download_expiry: number | null;
  external_url: string | null;
  button_text: string | null;
  purchase_note: Generated<string>;
  reviews_allowed: Generated<Bool>;
  shipping_class: Generated<string>;
  image_id: number | null;
  vendor_id: Generated<number>;
  menu_order: Generated<number>;
  total_sales: Generated<number>;
  /** Moved by orders' stock and sales updates instead of the store version (migration 018). */
  stock_version: Generated<number>;
  average_rating: Generated<number>;
  review_count: Generated<number>;
  meta: Generated<string>;
  created_at: string;
  updated_at: string;
}

export type AttributeDisplay = 'select' | 'color' | 'image' | 'label';

export interface ProductAttributesTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  slug: string;
  /** JSON array of values. */
  options: Generated<string>;
  visible: Generated<Bool>;
  variation: Generated<Bool>;
  is_global: Generated<Bool>;
  position: Generated<number>;
  display: Generated<AttributeDisplay>;
  /** JSON map of value to swatch (a CSS colour or a media id). */
  swatches: Generated<string>;
}

/** A shop-wide attribute (migration 017); products keep copies in product_attributes (is_global = 1, same slug). */
export interface AttributesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  display: Generated<AttributeDisplay>;
  created_at: string;
}

export interface AttributeTermsTable {
  id: Generated<number>;
  attribute_id: number;
  name: string;
  slug: string;
  /** A CSS colour, a label, or a media id (as text); '' for none. */
  swatch: Generated<string>;
  position: Generated<number>;
}

export interface ProductVariationsTable {
  id: Generated<number>;
  product_id: number;
  sku: string | null;
  /** JSON map of attribute slug to value; "" means any value. */
  attributes: Generated<string>;
  status: Generated<'publish' | 'private'>;
  description: Generated<string>;
  regular_price: number | null;
  sale_price: number | null;
  sale_from: string | null;
  sale_to: string | null;
  manage_stock: Generated<Bool>;
  stock_quantity: number | null;
  stock_status: Generated<StockStatus>;
  backorders: Generated<Backorders>;
  image_id: number | null;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  min_qty: number | null;
  max_qty: number | null;
  virtual: Generated<Bool>;
  downloadable: Generated<Bool>;
  tax_class: Generated<string>;
  shipping_class: Generated<string>;
  /** Moved by orders' stock updates instead of the store version (migration 018). */
  stock_version: Generated<number>;
  menu_order: Generated<number>;
  meta: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface ProductCategoriesTable { product_id: number; category_id: number }
export interface ProductTagsTable { product_id: number; tag_id: number }
export interface ProductImagesTable { product_id: number; media_id: number; position: Generated<number> }
export interface ProductLinksTable {
  product_id: number;
  linked_id: number;
  kind: 'upsell' | 'crosssell' | 'grouped';
  position: Generated<number>;
}
/** A product's downloadable file (migration 041): kept in private storage (`file_key`), or an external link (`url`). */
export interface ProductDownloadsTable {
  id: Generated<number>;
  product_id: number;
  /** Null: the product's own file, given with any of its variations. */
  variation_id: number | null;
  name: string;
  /** An external link ('' for a stored file). */
  url: string;
  /** The private storage key (`downloads/…`), never served under a public path. */
  file_key: string | null;
  file_name: Generated<string>;
  content_type: Generated<string>;
  size: Generated<number>;
}

/** A shopper's access to one file of one order (migration 041). */
export interface DownloadPermissionsTable {
  id: Generated<number>;
  download_id: number;
  order_id: number;
  product_id: number;
  user_id: number | null;
  email: string;
  /** Null: no limit. */
  downloads_remaining: number | null;
  /** Null: never expires. */
  access_expires: string | null;
  download_count: Generated<number>;
  granted_by: 'order' | 'staff';
  revoked_at: string | null;
  /** 'order': the order was refunded, cancelled or failed (given back if it is paid again); 'staff': by hand. */
  revoked_by: 'order' | 'staff' | null;
  created_at: string;
}

export interface DownloadLogTable {
  id: Generated<number>;
  permission_id: number;
  user_id: number | null;
  ip: Generated<string>;
  user_agent: Generated<string>;
  created_at: string;
}

export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number | null;
  author: string;
  email: string;
  rating: number;
  content: string;
  verified: Generated<Bool>;
  status: Generated<'approved' | 'pending' | 'spam'>;
  created_at: string;
}

export interface CartsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number | null;
  /** JSON {country, state, postcode, city}: the shipping estimate's address. */
  customer: Generated<string>;
  /** JSON map of package id to chosen rate id. */
  shipping_choice: Generated<string>;
  /** JSON array of applied coupon codes. */
  coupons: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface CartItemsTable {
  id: Generated<number>;
  cart_id: number;
  item_key: string;
  product_id: number;
  variation_id: number | null;
  attributes: Generated<string>;
  quantity: number;
  created_at: string;
}

export type DiscountType = 'percent' | 'fixed_cart' | 'fixed_product';

export interface CouponsTable {
  id: Generated<number>;
  code: string;
  description: Generated<string>;
  discount_type: Generated<DiscountType>;
  /** Minor units (fixed) or hundredths of a percent (percent: 1550 = 15.5 %). */
  amount: Generated<number>;
  free_shipping: Generated<Bool>;
  expires_at: string | null;
  minimum_spend: number | null;
  maximum_spend: number | null;
  individual_use: Generated<Bool>;
  exclude_sale_items: Generated<Bool>;
  usage_limit: number | null;
  usage_limit_per_user: number | null;
  limit_usage_to_x_items: number | null;
  usage_count: Generated<number>;
  product_ids: Generated<string>;
  excluded_product_ids: Generated<string>;
  /** JSON lists of product_variations ids (migration 045), apart from product ids. */
  variation_ids: Generated<string>;
  excluded_variation_ids: Generated<string>;
  category_ids: Generated<string>;
  excluded_category_ids: Generated<string>;
  email_restrictions: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface CouponUsagesTable {
  id: Generated<number>;
  coupon_id: number;
  /** "user:<id>" or "email:<address>". */
  customer: string;
  order_id: number | null;
  created_at: string;
}

export interface ShippingClassesTable { id: Generated<number>; name: string; slug: string }
export interface ShippingZonesTable { id: Generated<number>; name: string; position: Generated<number> }
export interface ShippingZoneLocationsTable {
  id: Generated<number>;
  zone_id: number;
  type: 'country' | 'state' | 'postcode' | 'continent';
  code: string;
}
export interface ShippingMethodsTable {
  id: Generated<number>;
  zone_id: number | null;
  type: 'flat_rate' | 'free_shipping' | 'local_pickup';
  title: string;
  enabled: Generated<Bool>;
  position: Generated<number>;
  settings: Generated<string>;
}

export interface TaxRatesTable {
  id: Generated<number>;
  country: Generated<string>;
  state: Generated<string>;
  postcodes: Generated<string>;
  cities: Generated<string>;
  /** Ten-thousandths of a percent: 20 % = 200000. */
  rate: number;
  name: Generated<string>;
  priority: Generated<number>;
  compound: Generated<Bool>;
  shipping: Generated<Bool>;
  tax_class: Generated<string>;
  position: Generated<number>;
}

export type OrderStatus = 'pending' | 'processing' | 'on-hold' | 'completed' | 'cancelled' | 'refunded' | 'failed';

export interface OrdersTable {
  id: Generated<number>;
  order_key: string;
  status: Generated<OrderStatus>;
  user_id: number | null;
  billing_email: string;
  /** JSON address in the Store API's field names. */
  billing: Generated<string>;
  shipping: Generated<string>;
  customer_note: Generated<string>;
  payment_method: string;
  payment_method_title: Generated<string>;
  transaction_id: string | null;
  currency: string;
  prices_include_tax: Generated<Bool>;
  subtotal: Generated<number>;
  discount_total: Generated<number>;
  shipping_total: Generated<number>;
  tax_total: Generated<number>;
  total: Generated<number>;
  refunded_total: Generated<number>;
  /** JSON [{packageId, rateId, title, cost, tax}]. */
  shipping_lines: Generated<string>;
  /** JSON [{code, discount}]. */
  coupon_lines: Generated<string>;
  /** JSON [{rateId, label, amount}]. */
  tax_lines: Generated<string>;
  stock_reduced: Generated<Bool>;
  idempotency_key: string | null;
  request_hash: string | null;
  customer_ip: Generated<string>;
  user_agent: Generated<string>;
  paid_at: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  variation_id: number | null;
  name: string;
  sku: Generated<string>;
  /** JSON map of attribute name to chosen value. */
  attributes: Generated<string>;
  quantity: number;
  unit_price: Generated<number>;
  subtotal: Generated<number>;
  total: Generated<number>;
  tax: Generated<number>;
  refunded_quantity: Generated<number>;
}

export interface OrderNotesTable {
  id: Generated<number>;
  order_id: number;
  content: string;
  customer_note: Generated<Bool>;
  author: Generated<string>;
  created_at: string;
}

export interface OrderRefundsTable {
  id: Generated<number>;
  order_id: number;
  amount: number;
  reason: Generated<string>;
  /** JSON [{itemId, quantity}] restocked by this refund. */
  items: Generated<string>;
  /** Shipping given back by this refund (minor units, as the order shows shipping). */
  shipping: Generated<number>;
  created_by: number | null;
  created_at: string;
}

/** One counter per numbered document kind ('invoice', 'credit_note'): the last number issued. */
export interface DocumentCountersTable {
  kind: string;
  last_number: number;
}

/** An issued invoice or credit note: its number within its kind and what it said (JSON). */
export interface InvoicesTable {
  id: Generated<number>;
  kind: 'invoice' | 'credit_note';
  number: number;
  order_id: number;
  refund_id: number | null;
  snapshot: string;
  created_at: string;
}

export interface CustomerAddressesTable {
  user_id: number;
  type: 'billing' | 'shipping';
  address: Generated<string>;
  updated_at: string;
}

export interface PrivacyRequestsTable {
  id: Generated<number>;
  user_id: number | null;
  email: string;
  type: 'export' | 'erasure';
  status: Generated<'pending' | 'completed'>;
  created_at: string;
  completed_at: string | null;
}

export interface WishlistsTable {
  id: Generated<number>;
  token: string;
  /** "u:<user id>" or "g:<SHA-256 of the guest cookie>". */
  owner_key: string;
  user_id: number | null;
  name: string;
  visibility: Generated<string>;
  is_default: Generated<Bool>;
  /** owner_key on the default list, else null (unique). */
  default_owner: string | null;
  alerts: Generated<Bool>;
  /** Random token of the unsubscribe link in alert e-mails (made with the first alert). */
  alerts_token: string | null;
  created_at: string;
  updated_at: string;
}

export interface WishlistItemsTable {
  id: Generated<number>;
  wishlist_id: number;
  item_key: string;
  product_id: number;
  variation_id: number | null;
  /** JSON map of chosen attribute values by slug. */
  attributes: Generated<string>;
  quantity: Generated<number>;
  position: Generated<number>;
  price_added: number | null;
  currency: Generated<string>;
  /** Price and stock status when last looked at by the alerts (null: not yet). */
  seen_price: number | null;
  seen_stock: string | null;
  created_at: string;
}

/** Products whose price or stock may have changed, for the wishlist alerts to look at. */
export interface WishlistAlertQueueTable {
  product_id: number;
}

export interface WishlistEstimatesTable {
  id: Generated<number>;
  wishlist_id: number | null;
  user_id: number | null;
  name: string;
  email: string;
  message: string;
  items: Generated<string>;
  extra: Generated<string>;
  status: Generated<string>;
  mail_sent: Generated<Bool>;
  created_at: string;
}
/** One row per product a shopper may find (db/search/search-index.ts). */
export interface SearchDocumentsTable {
  product_id: number;
  /** Folded words of the name, " word word " (spaces on both sides). */
  name_norm: string;
  /** Folded words of every indexed field, same shape. */
  body: string;
  /**
   * Popularity order of the index (db/search/rank-key.ts): smaller = in stock, more
   * sales, older; the FTS5 row id on SQLite. Kept in step by triggers (migration 011).
   * PostgreSQL returns it as a string (bigint).
   */
  rank_key: number;
}

/** Typo vocabulary: an indexed word under itself and each of its one-letter deletions. */
export interface SearchVocabularyTable { variant: string; term: string }

/** A synonym group (app/features/search/synonyms.server.ts): a JSON array of entries. */
export interface SearchSynonymsTable {
  id: Generated<number>;
  terms: string;
  created_at: string;
}

/** Searches per UTC day and normalised query (app/features/search/search-stats.server.ts). */
export interface SearchStatsTable {
  day: string;
  query: string;
  searches: Generated<number>;
  hits: Generated<number>;
}

/** Live chat (app/features/chat): visitors and operators. */
export interface ChatUsersTable {
  id: Generated<number>;
  kind: 'visitor' | 'operator';
  visitor_key: string | null;
  user_id: number | null;
  /** The staff account of an operator (unique); null for visitors. */
  operator_user: number | null;
  conversation_id: number | null;
  name: Generated<string>;
  email: Generated<string>;
  gravatar: Generated<string>;
  avatar_type: Generated<string>;
  avatar_image: Generated<string>;
  status: Generated<'online' | 'offline' | 'wait'>;
  last_online: string | null;
  current_page: Generated<string>;
  ip: Generated<string>;
  is_mobile: Generated<Bool>;
  vendor_id: Generated<number>;
  vendor_name: Generated<string>;
  chat_with: Generated<string>;
  connections: Generated<number>;
  created_at: string;
}

export interface ChatConversationsTable {
  id: Generated<number>;
  visitor_id: number | null;
  operator_id: number | null;
  vendor_id: Generated<number>;
  visitor_name: Generated<string>;
  visitor_email: Generated<string>;
  operator_name: Generated<string>;
  status: Generated<'open' | 'closed'>;
  evaluation: Generated<'' | 'good' | 'bad'>;
  receive_copy: Generated<Bool>;
  last_seq: Generated<number>;
  created_at: string;
  accepted_at: string | null;
  closed_at: string | null;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  seq: number;
  sender_id: number | null;
  sender_type: 'visitor' | 'operator' | 'system';
  sender_key: string;
  client_id: string | null;
  user_name: Generated<string>;
  gravatar: Generated<string>;
  avatar_type: Generated<string>;
  avatar_image: Generated<string>;
  body: string;
  vendor_id: Generated<number>;
  read: Generated<Bool>;
  created_at: string;
}

export interface ChatEvaluationsTable {
  id: Generated<number>;
  conversation_id: number;
  evaluation: Generated<string>;
  receive_copy: Generated<Bool>;
  email: Generated<string>;
  chat_with: Generated<string>;
  created_at: string;
}

export interface ChatOfflineMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  vendor_id: Generated<number>;
  user_id: number | null;
  ip: Generated<string>;
  current_page: Generated<string>;
  status: Generated<string>;
  mail_sent: Generated<Bool>;
  created_at: string;
}

export interface ChatResumeLinksTable {
  id: Generated<number>;
  token_hash: string;
  chat_user_id: number;
  conversation_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface ChatTranscriptLinksTable {
  id: Generated<number>;
  token_hash: string;
  conversation_id: number;
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** An operator's vendor and picture, kept with the staff account (their live record may be cleaned up). */
export interface ChatOperatorProfilesTable {
  user_id: number;
  vendor_id: Generated<number>;
  vendor_name: Generated<string>;
  avatar_type: Generated<string>;
  avatar_image: Generated<string>;
}

export interface ChatCannedRepliesTable {
  id: Generated<number>;
  vendor_id: Generated<number>;
  title: string;
  body: string;
  created_at: string;
  updated_at: string;
}

/** Contact forms (app/features/forms/forms.server.ts). */
export interface ContactFormsTable {
  id: Generated<number>;
  title: string;
  locale: Generated<string>;
  source: string;
  mail: string;
  mail2: string;
  messages: Generated<string>;
  settings: Generated<string>;
  definition: string;
  created_at: string;
  updated_at: string;
}

export interface ContactSubmissionsTable {
  id: Generated<number>;
  form_id: number;
  status: string;
  reason: Generated<string>;
  fields: string;
  hash: string;
  ip: Generated<string>;
  user_agent: Generated<string>;
  user_id: number | null;
  is_read: Generated<Bool>;
  created_at: string;
}

export interface ContactUploadsTable {
  id: Generated<number>;
  submission_id: number;
  field: string;
  original_name: string;
  stored_name: string;
  size: number;
  type: string;
  created_at: string;
  deleted_at: string | null;
}

/** Block pages (app/features/pages/pages.server.ts): blocks JSON as text (blocks.schema.ts). */
export interface PagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  status: Generated<'draft' | 'published'>;
  blocks: Generated<string>;
  published_blocks: string | null;
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  noindex: Generated<Bool>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
  updated_by: number | null;
  published_at: string | null;
}

export interface PageRevisionsTable {
  id: Generated<number>;
  page_id: number;
  version: number;
  kind: 'draft' | 'published' | 'restored';
  title: string;
  blocks: string;
  created_at: string;
  created_by: number | null;
}

/** A menu at one location of the page (app/features/menus). */
export interface MenusTable {
  id: Generated<number>;
  location: string;
  name: string;
  created_at: string;
  updated_at: string;
}

export interface MenuItemsTable {
  id: Generated<number>;
  menu_id: number;
  parent_id: number | null;
  position: number;
  label: string;
  kind: string;
  target: Generated<string>;
  target_id: number | null;
  mega_columns: Generated<number>;
  prompt: Generated<number>;
}

/** Back office: one row per stock change (migration 020, app/features/stock). */
export type StockReason = 'order' | 'refund' | 'cancellation' | 'manual' | 'import';
export interface StockLogTable {
  id: Generated<number>;
  product_id: number;
  variation_id: number | null;
  quantity_before: number | null;
  quantity_after: number | null;
  status_before: StockStatus | null;
  status_after: StockStatus;
  reason: StockReason;
  /** Where a manual change was made (editor, quick_edit, bulk, duplicate), or the order status that restocked. */
  source: Generated<string>;
  order_id: number | null;
  /** null: the system or a guest. */
  user_id: number | null;
  actor: Generated<string>;
  /** Set when the change crossed the low-stock threshold ('low') or reached 0 ('out') downwards. */
  alert: 'low' | 'out' | null;
  notified_at: string | null;
  created_at: string;
}

export interface Database {
  settings: SettingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  vendors: VendorsTable;
  media: MediaTable;
  categories: CategoriesTable;
  category_redirects: CategoryRedirectsTable;
  tags: TagsTable;
  tag_redirects: TagRedirectsTable;
  products: ProductsTable;
  product_attributes: ProductAttributesTable;
  attributes: AttributesTable;
  attribute_terms: AttributeTermsTable;
  product_variations: ProductVariationsTable;
  product_categories: ProductCategoriesTable;
  product_tags: ProductTagsTable;
  product_images: ProductImagesTable;
  product_links: ProductLinksTable;
  product_downloads: ProductDownloadsTable;
  download_permissions: DownloadPermissionsTable;
  download_log: DownloadLogTable;
  reviews: ReviewsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  coupons: CouponsTable;
  coupon_usages: CouponUsagesTable;
  shipping_classes: ShippingClassesTable;
  shipping_zones: ShippingZonesTable;
  shipping_zone_locations: ShippingZoneLocationsTable;
  shipping_methods: ShippingMethodsTable;
  tax_rates: TaxRatesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_notes: OrderNotesTable;
  order_refunds: OrderRefundsTable;
  document_counters: DocumentCountersTable;
  invoices: InvoicesTable;
  customer_addresses: CustomerAddressesTable;
  privacy_requests: PrivacyRequestsTable;
  wishlists: WishlistsTable;
  wishlist_items: WishlistItemsTable;
  wishlist_estimates: WishlistEstimatesTable;
  wishlist_alert_queue: WishlistAlertQueueTable;
  search_documents: SearchDocumentsTable;
  search_vocabulary: SearchVocabularyTable;
  search_synonyms: SearchSynonymsTable;
  search_stats: SearchStatsTable;
  chat_users: ChatUsersTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  chat_evaluations: ChatEvaluationsTable;
  chat_offline_messages: ChatOfflineMessagesTable;
  chat_resume_links: ChatResumeLinksTable;
  chat_transcript_links: ChatTranscriptLinksTable;
  chat_operator_profiles: ChatOperatorProfilesTable;
  chat_canned_replies: ChatCannedRepliesTable;
  contact_forms: ContactFormsTable;
  contact_submissions: ContactSubmissionsTable;
  contact_uploads: ContactUploadsTable;
  pages: PagesTable;
  page_revisions: PageRevisionsTable;
  menus: MenusTable;
  menu_items: MenuItemsTable;
  staff_invites: StaffInvitesTable;
  customer_notes: CustomerNotesTable;
  // Back office: dashboard and stock.
  stock_log: StockLogTable;
  idempotency_keys: IdempotencyKeysTable;
  payment_secrets: PaymentSecretsTable;
  payment_events: PaymentEventsTable;
  api_keys: ApiKeysTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  saved_filters: SavedFiltersTable;
}

/** A staff member's named view of an admin list (migration 045); `query` is its query string. */
export interface SavedFiltersTable {
  id: Generated<number>;
  user_id: number;
  list: string;
  name: string;
  query: string;
  created_at: string;
}

/** An API key (migration 044): only its SHA-256 (hex) is kept; it acts as `user_id` within `permission`. */
export interface ApiKeysTable {
  id: Generated<number>;
  description: string;
  /** read | read_write */
  permission: string;
  key_hash: string;
  key_end: string;
  user_id: number;
  created_at: string;
  last_used_at: string | null;
}

/** An outgoing webhook (migration 044): events of `topic` posted to `url`, signed with the sealed secret. */
export interface WebhooksTable {
  id: Generated<number>;
  name: string;
  url: string;
  topic: string;
  secret_sealed: string;
  /** active | paused */
  status: Generated<string>;
  failures: Generated<number>;
  failing_since: string | null;
  paused_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** One event for one webhook: the outbox row and its delivery log (migration 044). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  topic: string;
  resource_id: number;
  payload: string | null;
  /** pending | delivered | failed */
  status: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  response_code: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
  attempted_at: string | null;
  delivered_at: string | null;
}

/** A payment provider's secret (API key, webhook secret), sealed with the shop's secret (migration 029). */
export interface PaymentSecretsTable {
  provider: string;
  name: string;
  sealed: string;
  updated_at: string;
}

/** What a payment provider told us or we asked of it, once per provider event id (migration 029). */
export interface PaymentEventsTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  order_id: number | null;
  type: string;
  summary: Generated<string>;
  created_at: string;
}

/** A request's Idempotency-Key while it runs, then its sealed answer (migration 024). */
export interface IdempotencyKeysTable {
  /** SHA-256 (base64url) of the caller's scope and the key. */
  id: string;
  /** SHA-256 of the method, path and body the key was first used with. */
  request_hash: string;
  /** Null while the first request runs. */
  status: number | null;
  /** The answer (status, headers, body), sealed with AES-256-GCM. */
  answer: string | null;
  created_at: string;
  expires_at: string;
}

/** A private note on a customer: an account (`user_id`) or a guest buyer (`email`, lowercased) (migration 036). */
export interface CustomerNotesTable {
  id: Generated<number>;
  user_id: number | null;
  email: string;
  body: string;
  author_id: number | null;
  author_name: string;
  created_at: string;
}

/** A pending staff invitation (migration 019); the row goes when it is accepted or revoked. */
export interface StaffInvitesTable {
  id: Generated<number>;
  email: string;
  name: Generated<string>;
  role: string;
  /** SHA-256 (base64url) of the link's token. */
  token_hash: string;
  invited_by: number | null;
  created_at: string;
  sent_at: string;
  expires_at: string;
}

export type User = Selectable<UsersTable>;
export type Product = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type Category = Selectable<CategoriesTable>;
export type Media = Selectable<MediaTable>;
