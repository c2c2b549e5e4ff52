/*
 * The portal's service worker (SPEC section 7: registered at /service-worker.js).
 * It takes control at once. It shows the alarm notifications sent by web push (issue 14
 * section 3: lambdas/notifier/push.ts sends `{ title, body, url }`) and opens the alarm when one
 * is clicked.
 *
 * Offline (issue 15 section 2): a kitchen's Wi-Fi drops while a checklist is being filled. The
 * HACCP filling pages keep working once opened: the app's shell, its settings and the chunks
 * already loaded are kept, and the two HACCP reads (Today, one checklist instance) are kept per
 * account; all of them network first, so a new deploy or a newer answer is never hidden behind
 * the cache while the network answers. No other API answer is kept. Answers go through the
 * page's own queue (IndexedDB), never through this worker.
 */
const OFFLINE_CACHE = 'portal-offline-v1';
/** Hashed build files (immutable): kept as fetched, at most this many (old deploys' go first). */
const ASSET_LIMIT = 300;
const SHELL_KEY = '/__shell__';

/** The HACCP reads kept for offline use: GET .../haccp/today and .../haccp/instances/{id}. */
const HACCP_READ = /\/haccp\/(today|instances\/[^/]+)$/;

function isOfflinePage(url) {
  return url.pathname === '/app/haccp/today' || url.pathname.startsWith('/app/haccp/fill/');
}

/** One account's copy is never another's: the key carries the account the page sent (apiFetch's accountid header). */
function haccpKey(request) {
  const account = request.headers.get('accountid') || request.headers.get('customerid') || 'anonymous';
  const url = new URL(request.url);
  return `${url.origin}${url.pathname}?account=${encodeURIComponent(account)}`;
}

async function networkFirst(request, key) {
  const cache = await caches.open(OFFLINE_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

async function trimAssets(cache) {
  const keys = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith('/assets/'));
  for (const request of keys.slice(0, Math.max(0, keys.length - ASSET_LIMIT))) await cache.delete(request);
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(OFFLINE_CACHE);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    await cache.put(request, response.clone());
    await trimAssets(cache);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (HACCP_READ.test(url.pathname) && request.headers.has('authorization')) {
    event.respondWith(networkFirst(request, haccpKey(request)));
    return;
  }
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Every /app address is the same shell; it is served from the cache only for the filling pages.
    if (!url.pathname.startsWith('/app')) return;
    event.respondWith((async () => {
      try {
        const response = await fetch(request);
        if (response.ok) await (await caches.open(OFFLINE_CACHE)).put(SHELL_KEY, response.clone());
        return response;
      } catch (error) {
        const shell = isOfflinePage(url) ? await caches.match(SHELL_KEY) : undefined;
        if (shell) return shell;
        throw error;
      }
    })());
    return;
  }
  if (url.pathname === '/config.json') {
    event.respondWith(networkFirst(request, '/config.json'));
    return;
  }
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirstAsset(request));
});

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // Caches of an older scheme of this worker go.
    for (const name of await caches.keys()) if (name.startsWith('portal-offline-') && name !== OFFLINE_CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

/** The page to open: the message's own URL when it is the portal's, else the portal's home. */
function portalUrl(candidate) {
  try {
    const url = new URL(typeof candidate === 'string' ? candidate : '/', self.location.origin);
    return url.origin === self.location.origin ? url.href : new URL('/', self.location.origin).href;
  } catch {
    return new URL('/', self.location.origin).href;
  }
}

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  // The sender composes the title in the recipient's language; without one, the portal's name.
  const title = typeof message.title === 'string' && message.title !== '' ? message.title : self.location.hostname;
  event.waitUntil(self.registration.showNotification(title, {
    body: typeof message.body === 'string' ? message.body : '',
    icon: '/favicon.svg',
    badge: '/favicon.svg',
    // One notification per alarm page: a newer message about the same alarm replaces the older.
    tag: typeof message.url === 'string' ? message.url : undefined,
    renotify: typeof message.url === 'string',
    requireInteraction: true,
    data: { url: portalUrl(message.url) },
  }));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = portalUrl(event.notification.data && event.notification.data.url);
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
    if (open) {
      const focused = await open.focus();
      if (focused.url !== target && 'navigate' in focused) {
        // A tab this worker does not control cannot be navigated: it is focused as it is.
        await focused.navigate(target).catch(() => undefined);
      }
      return;
    }
    await self.clients.openWindow(target);
  })());
});
