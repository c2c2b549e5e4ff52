/**
 * Where a push may be sent (issue 32): a browser's subscription names the URL its push service
 * takes messages at, and the sender POSTs to it. Any other URL a user names would make the
 * sender call any host, inside the network too (SSRF), so only the browsers' push services are
 * taken, over https on the default port, without credentials in the URL. The one list: the
 * sessions route checks a subscription against it before storing it, and the push sender
 * again before each send (lambdas/notifier/push.ts), so an endpoint stored earlier is never used.
 */

/** A push service's host, or with `subdomains` the domain whose subdomains are its hosts (a service spread over many). */
export interface PushServiceHost {
  host: string;
  subdomains: boolean;
}

/** The browsers' push services (the host of `PushSubscription.endpoint`). */
export const PUSH_SERVICE_HOSTS: readonly PushServiceHost[] = [
  // Chrome, Opera, Samsung Internet, Brave (Firebase Cloud Messaging): https://fcm.googleapis.com/fcm/send/...
  { host: 'fcm.googleapis.com', subdomains: false },
  // Firefox (Mozilla's autopush): https://updates.push.services.mozilla.com/wpush/v2/...
  { host: 'push.services.mozilla.com', subdomains: true },
  // Edge (Windows Push Notification Services): https://wns2-<region>.notify.windows.com/w/?token=...
  { host: 'notify.windows.com', subdomains: true },
  // Safari on macOS and iOS (Apple Push Notification service): https://web.push.apple.com/...; Apple asks to allow *.push.apple.com.
  { host: 'push.apple.com', subdomains: true },
];

const hostAllowed = (hostname: string): boolean => PUSH_SERVICE_HOSTS.some(({ host, subdomains }) =>
  (subdomains ? hostname.endsWith(`.${host}`) : hostname === host));

/**
 * Whether a push may be sent to `endpoint`: an https URL on the default port, no user name or
 * password, whose host is a browser's push service; or an URL of one of `alsoAllowedOrigins`
 * (the local runtime's push service stand-in, when its runner names one).
 */
export function isPushServiceEndpoint(endpoint: string, alsoAllowedOrigins: readonly string[] = []): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username !== '' || url.password !== '') return false;
  if (alsoAllowedOrigins.includes(url.origin)) return true;
  // The URL parser drops the default port: a port written out is not the default one.
  return url.protocol === 'https:' && url.port === '' && hostAllowed(url.hostname);
}
