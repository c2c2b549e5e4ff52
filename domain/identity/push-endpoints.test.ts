import { describe, expect, it } from 'vitest';
import { isPushServiceEndpoint } from './push-endpoints';

describe('push endpoints (issue 32: the sender POSTs only to the browsers\' push services)', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91bH',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://FCM.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com:443/fcm/send/abc',
  ])('takes a browser\'s push service: %s', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint)).toBe(true);
  });

  it.each([
    ['loopback', 'https://127.0.0.1:3000/api/users'],
    ['localhost', 'https://localhost/api/users'],
    ['an address in the network', 'https://10.0.0.5/'],
    ['the instance metadata', 'https://169.254.169.254/latest/meta-data/'],
    ['another host', 'https://push.example.com/send/abc'],
    ['http', 'http://fcm.googleapis.com/fcm/send/abc'],
    ['another port', 'https://fcm.googleapis.com:8443/fcm/send/abc'],
    ['credentials', 'https://user:secret@fcm.googleapis.com/fcm/send/abc'],
    ['a user name alone', 'https://user@fcm.googleapis.com/fcm/send/abc'],
    ['a host that ends like one', 'https://evilfcm.googleapis.com/fcm/send/abc'],
    ['a subdomain of a host that has none', 'https://x.fcm.googleapis.com/fcm/send/abc'],
    ['a host that starts like one', 'https://fcm.googleapis.com.evil.example/fcm/send/abc'],
    ['a trailing dot', 'https://fcm.googleapis.com./fcm/send/abc'],
    ['the name in the path', 'https://evil.example/fcm.googleapis.com/'],
    ['the name in the query', 'https://evil.example/?host=web.push.apple.com'],
    ['a service\'s apex', 'https://push.apple.com/abc'],
    ['another scheme', 'wss://updates.push.services.mozilla.com/'],
    ['a javascript URL', 'javascript:alert(1)//fcm.googleapis.com'],
    ['no URL', 'fcm.googleapis.com/fcm/send/abc'],
    ['backslashes', 'https://evil.example\\@fcm.googleapis.com/'],
  ])('refuses %s: %s', (_what, endpoint) => {
    expect(isPushServiceEndpoint(endpoint)).toBe(false);
  });

  it('takes the origins it is given beside the list, and no other on their host', () => {
    expect(isPushServiceEndpoint('https://127.0.0.1:8443/push/1', ['https://127.0.0.1:8443'])).toBe(true);
    expect(isPushServiceEndpoint('https://127.0.0.1:8444/push/1', ['https://127.0.0.1:8443'])).toBe(false);
    expect(isPushServiceEndpoint('https://u:p@127.0.0.1:8443/push/1', ['https://127.0.0.1:8443'])).toBe(false);
  });
});
