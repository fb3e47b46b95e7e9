import { startHeader } from './header.ts';
import { startPage } from './page.ts';
import { startPrefetch } from './prefetch.ts';

/**
 * The site shell's behaviour: page states, header and menus, link prefetch and the service
 * worker. Loaded by entry.client.tsx as its own chunk, beside hydration, so none of it weighs
 * on the first JavaScript.
 */
startPage();
startHeader();
if (document.documentElement.hasAttribute('data-prefetch')) startPrefetch();
const sw = document.documentElement.dataset.sw;
if (sw && 'serviceWorker' in navigator) {
  // A failed registration (no file, wrong scope, an insecure origin) leaves the site as it is.
  navigator.serviceWorker.register(sw).catch((err: unknown) => console.warn('Service worker registration failed:', err));
}
