/** The event other parts of the page listen to when the shopper's lists change (see wishlist-state.ts). */
export const WISHLIST_EVENT = 'vt:wishlist';
