import { island } from '../../../ui/island.tsx';

/**
 * The header search box: a plain GET form to the shop listing (works without scripts) that
 * becomes an ARIA combobox with live suggestions once its code has loaded (an island: it
 * loads when the shopper reaches into it or the browser is idle).
 */
export const SearchBox = island<SearchBoxProps>(() => import('./search-box.lazy.tsx'), ['interaction', 'idle']);

export interface SearchBoxProps {
  /**
   * Top-level categories for the box's category select (store setting
   * `searchCategorySelect`); absent: no select, and the form goes straight to the shop listing.
   */
  categories?: { slug: string; name: string }[];
  /** The search the page shows (a results listing): the box starts with it. */
  query?: string;
  /** The top-level category slug that search was made in. */
  category?: string;
}
