/*
 * The portal's service worker (SPEC section 7: registered at /service-worker.js).
 * It takes control at once and caches nothing, so a new deploy is never hidden behind a
 * stale cache. It shows the alarm notifications sent by web push (issue 14 section 3:
 * lambdas/notifier/push.ts sends `{ title, body, url }`) and opens the alarm when one is clicked.
 */
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
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
