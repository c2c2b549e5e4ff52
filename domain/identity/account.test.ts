import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import { currentUserDetailsSchema, devicePushInputSchema, formatUtcDateTime, isDormant, parseUtcDateTime, PUSH_AUTH_MAX, PUSH_ENDPOINT_MAX, PUSH_KEY_MAX, selfProfileUpdateSchema } from './account';

describe('sign-in dates', () => {
  it('writes UTC as YYYY-MM-DD HH:mm:ss and reads it back', () => {
    const date = new Date(Date.UTC(2026, 10, 21, 9, 5, 7));
    expect(formatUtcDateTime(date)).toBe('2026-11-21 09:05:07');
    expect(parseUtcDateTime('2026-11-21 09:05:07')?.getTime()).toBe(date.getTime());
    expect(parseUtcDateTime('2026-11-21T09:05:07Z')).toBeNull();
    expect(parseUtcDateTime('2026-13-45 99:00:00')).toBeNull();
  });

  it('calls an account dormant after more than 60 days without a sign-in', () => {
    const now = new Date(Date.UTC(2026, 10, 21, 12, 0, 0));
    expect(isDormant('2026-09-22 12:00:00', now)).toBe(false);
    expect(isDormant('2026-09-22 11:59:59', now)).toBe(true);
    expect(isDormant(null, now)).toBe(false);
    expect(isDormant('not a date', now)).toBe(false);
  });
});

describe('account schemas', () => {
  it('the self-profile never takes a password', () => {
    const parsed = selfProfileUpdateSchema.parse({ isactive: 1, password: 'Secret#123' });
    expect(parsed).toEqual({ isactive: 1 });
  });

  it('location admin and owner are 0/1 flags as the spec reads them', () => {
    expect(currentUserDetailsSchema.shape.isowner.safeParse(2).success).toBe(false);
    expect(currentUserDetailsSchema.shape.islocationadmin.safeParse(1).success).toBe(true);
  });
});

describe('device push input (PUT session/active/devices/{id})', () => {
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc:DEF-123',
    keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'x9_-Ab0cDeFgHiJkLmNoPq' },
  };
  const issues = (input: unknown) => {
    const result = devicePushInputSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('takes push on or off alone, and on with a browser subscription', () => {
    expect(issues({ pushEnabled: false })).toEqual([]);
    expect(issues({ pushEnabled: true, subscription })).toEqual([]);
    // PushSubscription.toJSON() also carries expirationTime: it is left out, not refused.
    expect(devicePushInputSchema.parse({ pushEnabled: true, subscription: { ...subscription, expirationTime: null } }).subscription).toEqual(subscription);
  });

  it.each([
    'http://push.example/send/1',
    'ftp://push.example/send/1',
    'not a url',
    'https://user:secret@push.example/send/1',
    'javascript:alert(1)',
  ])('refuses the endpoint %s (https only)', (endpoint) => {
    expect(issues({ pushEnabled: true, subscription: { ...subscription, endpoint } })).toEqual([MESSAGES.pushSubscriptionInvalid]);
  });

  it('refuses oversized endpoints and keys', () => {
    const endpoint = `https://push.example/${'a'.repeat(PUSH_ENDPOINT_MAX)}`;
    expect(issues({ pushEnabled: true, subscription: { ...subscription, endpoint } })).toContain(MESSAGES.fieldTooLong);
    expect(issues({ pushEnabled: true, subscription: { ...subscription, keys: { ...subscription.keys, p256dh: 'a'.repeat(PUSH_KEY_MAX + 1) } } })).toEqual([MESSAGES.fieldTooLong]);
    expect(issues({ pushEnabled: true, subscription: { ...subscription, keys: { ...subscription.keys, auth: 'a'.repeat(PUSH_AUTH_MAX + 1) } } })).toEqual([MESSAGES.fieldTooLong]);
  });

  it('refuses keys that are not base64url, and a subscription without keys', () => {
    expect(issues({ pushEnabled: true, subscription: { ...subscription, keys: { ...subscription.keys, auth: 'not base64/+' } } })).toEqual([MESSAGES.pushSubscriptionInvalid]);
    expect(issues({ pushEnabled: true, subscription: { endpoint: subscription.endpoint } })).not.toEqual([]);
  });
});
