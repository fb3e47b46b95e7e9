import { island } from '../../../ui/island.tsx';
import type { GalleryProps } from './gallery.lazy.tsx';
import { purchaseGate } from './purchase-gate.ts';

export type { GalleryImage, GalleryProps } from './gallery.lazy.tsx';

/** The main image's slot: full column width on small screens, about 600 px beside the summary. */
export const GALLERY_SIZES = '(max-width: 849.98px) calc(100vw - 2rem), (max-width: 1230px) 52vw, 600px';

/**
 * The product gallery (gallery.lazy.tsx). An island: the server renders it in full (the first
 * picture preloaded); its code loads when the shopper reaches into it or the purchase form, or
 * when the browser is idle after the page has loaded. Zoom and the lightbox load later still.
 */
export const Gallery = island<GalleryProps>(() => import('./gallery.lazy.tsx'), ['interaction', 'idle'], purchaseGate);
