import { describe, expect, it } from 'vitest';
import { currentUserDetailsSchema, formatUtcDateTime, isDormant, parseUtcDateTime, selfProfileUpdateSchema } from './account';

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
