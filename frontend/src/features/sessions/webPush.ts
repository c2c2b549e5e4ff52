import type { PushSubscriptionInput } from '@domain/identity/account';

/**
 * This browser's side of web push (issue 14 section 3): the notification permission and the
 * push subscription of the portal's service worker (/service-worker.js, registered at start in
 * production builds), made with the server's VAPID public key.
 */

/** Why push could not be turned on here: the user refused notifications, or the browser cannot take push. */
export type PushRefusal = 'denied' | 'unsupported';

/** Whether this browser has what web push needs. */
export function browserSupportsPush(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** A base64url key (the VAPID public key) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** The portal's service worker, when it runs in this browser. */
async function portalRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!browserSupportsPush()) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

/**
 * Asks for the notification permission, then subscribes the service worker with the server's
 * key (an older subscription, perhaps made with another key, is replaced). The subscription
 * as the server takes it, or why there is none.
 */
export async function subscribeThisBrowser(publicKey: () => Promise<string>): Promise<PushSubscriptionInput | PushRefusal> {
  if (!browserSupportsPush()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await portalRegistration();
  if (registration === undefined) return 'unsupported';
  const applicationServerKey = base64UrlToBytes(await publicKey());
  const existing = await registration.pushManager.getSubscription();
  if (existing !== null) await existing.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const { endpoint, keys } = subscription.toJSON();
  const p256dh = keys?.['p256dh'];
  const auth = keys?.['auth'];
  if (endpoint === undefined || p256dh === undefined || auth === undefined) throw new Error('The push subscription has no endpoint or keys');
  return { endpoint, keys: { p256dh, auth } };
}

/** Ends this browser's push subscription, if it has one (the server has forgotten it already). */
export async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await portalRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
