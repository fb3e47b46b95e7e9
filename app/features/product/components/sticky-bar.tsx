import { island } from '../../../ui/island.tsx';
import type { ProductBarProps } from './sticky-bar.lazy.tsx';
import { purchaseGate } from './purchase-gate.ts';

export type { ProductBarProps, StickyAction } from './sticky-bar.lazy.tsx';

/**
 * The product page's sticky add-to-cart bar (sticky-bar.lazy.tsx). An island: it only shows
 * once the shopper has scrolled past the purchase form, so its code loads on the first
 * scroll, when the shopper reaches into it, or when the browser is idle after the page has loaded.
 */
export const ProductStickyBar = island<ProductBarProps>(() => import('./sticky-bar.lazy.tsx'), ['scroll', 'interaction', 'idle'], purchaseGate);
