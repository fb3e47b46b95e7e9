/*
 * Vitrine's service worker (registered when the store setting "service worker address" names
 * it). Plain script, no build step.
 *
 * - Hashed assets (/assets/*) are kept once fetched and served from the cache after (they
 *   never change under one name).
 * - Pages go to the network first. A page shared by every visitor (a catalog page answered
 *   from the page cache: `x-page-cache`) is kept for when the network is gone; no other page
 *   is — never a cart, account, checkout or admin page, nor anything signed in.
 * - Without a network, a page not kept is answered with the offline page (/offline),
 *   fetched when the worker installs.
 */
const VERSION = 'v1';
const SHELL = `vitrine-shell-${VERSION}`;
const PAGES = `vitrine-pages-${VERSION}`;
const OFFLINE = '/offline';
const PRIVATE = /^\/(cart|checkout|my-account|account|admin|wishlist|order-tracking|api)(\/|$)/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.add(new Request(OFFLINE, { credentials: 'omit' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('vitrine-') && k !== SHELL && k !== PAGES).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ||
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              caches.open(SHELL).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
    return;
  }

  if (request.mode !== 'navigate') return;
  const keep = !PRIVATE.test(url.pathname);
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (keep && response.ok && response.headers.has('x-page-cache')) {
          const copy = response.clone();
          caches.open(PAGES).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() =>
        (keep ? caches.open(PAGES).then((cache) => cache.match(request)) : Promise.resolve(undefined)).then(
          (hit) => hit || caches.match(OFFLINE).then((offline) => offline || new Response('Offline', { status: 503, headers: { 'content-type': 'text/plain' } })),
        ),
      ),
  );
});
