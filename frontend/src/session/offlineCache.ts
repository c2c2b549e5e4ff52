/**
 * The service worker's offline copies of what a user read (frontend/public/service-worker.js
 * keeps the HACCP reads, GET .../haccp/today and .../haccp/instances/{id}, in its
 * `portal-offline-*` caches so the filling pages work without a connection). A kitchen's tablet
 * is shared: at sign-out they go, so the next person cannot read the last one's checklists
 * offline. The app's shell and build files stay: they hold nobody's data, and the shell is only
 * kept again on a full page load, which the next user may never make before the Wi-Fi drops.
 */
const OFFLINE_CACHE_PREFIX = 'portal-offline-';
/** The worker's HACCP_READ: the reads it keeps per account. */
const HACCP_READ = /\/haccp\/(today|instances\/[^/]+)$/;

export async function forgetOfflineReads(): Promise<void> {
  // No Cache Storage outside a secure context (http on a LAN address) or in old browsers: nothing kept.
  if (typeof caches === 'undefined') return;
  for (const name of await caches.keys()) {
    if (!name.startsWith(OFFLINE_CACHE_PREFIX)) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (HACCP_READ.test(new URL(request.url).pathname)) await cache.delete(request);
    }
  }
}
