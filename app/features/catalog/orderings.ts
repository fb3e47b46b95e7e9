/** The listing orders shoppers can choose (`?orderby=`). No zod here: the sort menu imports it. */
export const ORDERINGS = ['menu_order', 'popularity', 'rating', 'date', 'price', 'price-desc'] as const;
export type Ordering = (typeof ORDERINGS)[number];
