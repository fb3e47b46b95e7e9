import { island } from '../../../ui/island.tsx';
import type { ProductGridProps } from './product-grid.lazy.tsx';
// The cards' add-to-cart styles, linked in the page's HTML (a stylesheet imported only by the
// lazy part would arrive with its script, leaving the server's HTML unstyled until then).
import '../../cart/cart.css';

/**
 * The boxes of a product block (product-grid.lazy.tsx). An island: product blocks stand below
 * the fold, so their code (cards, add to cart, wishlist hearts) loads when the grid comes into
 * view or the shopper reaches into it, not with the page.
 */
export const ProductGrid = island<ProductGridProps>(() => import('./product-grid.lazy.tsx'), ['visible', 'interaction']);
