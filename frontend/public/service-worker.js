/*
 * The portal's service worker (SPEC section 7: registered at /service-worker.js).
 * Deliberately minimal for now: it takes control at once and caches nothing, so a new
 * deploy is never hidden behind a stale cache. Push messages arrive here later.
 */
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
