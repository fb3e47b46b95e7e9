import { island } from '../../../ui/island.tsx';
import type { AddToCartFormProps } from './add-to-cart-form.lazy.tsx';
import { purchaseGate } from './purchase-gate.ts';
// Linked with the page that renders the form (the island's code brings behaviour, not looks).
import '../product-form.css';

export type { AddToCartFormProps } from './add-to-cart-form.lazy.tsx';

/**
 * The purchase form for every product type (add-to-cart-form.lazy.tsx). An island: the
 * server renders it in full and without scripts it is a plain form post; its code loads when
 * the shopper reaches into it (pointer, touch or focus) or when the browser is idle after the
 * page has loaded. A click or choice made before that is replayed once it has hydrated.
 */
export const AddToCartForm = island<AddToCartFormProps>(() => import('./add-to-cart-form.lazy.tsx'), ['interaction', 'idle'], purchaseGate);
