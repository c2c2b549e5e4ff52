import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import { ROLES } from './roles';
import {
  assignableRoles,
  inviteInputSchema,
  isValidPagerEmail,
  isValidPhone,
  maskDestination,
  mayTurnOffMfa,
  ROLE_IDS,
  userInputSchema,
  verifyOtpInputSchema,
  withRoleRules,
  type UserFieldsInput,
} from './user';

const valid: UserFieldsInput = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada@Example.com',
  role: 'basicuser',
  siteIds: ['site-1'],
};

const messagesOf = (input: unknown) => {
  const result = userInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const digits = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

describe('a user (SPEC section 5 "User")', () => {
  it('accepts the required fields alone, with the defaults, the email in lower case', () => {
    const result = userInputSchema.parse(valid);
    expect(result.email).toBe('ada@example.com');
    expect(result).toMatchObject({ phone: '', isPortalLogin: true, mfaEnabled: false, enablePager: false, lang: 'en', uom: 'C' });
  });

  it('requires first name, last name, role and email, in the spec\'s order of fields', () => {
    expect(messagesOf({ siteIds: ['s'] })).toEqual([
      `firstName: ${MESSAGES.firstNameRequired}`,
      `lastName: ${MESSAGES.lastNameRequired}`,
      `email: ${MESSAGES.emailRequired}`,
      `role: ${MESSAGES.roleRequired}`,
    ]);
    expect(messagesOf({ ...valid, firstName: '   ' })).toEqual([`firstName: ${MESSAGES.firstNameRequired}`]);
    expect(messagesOf({ ...valid, email: 'not-an-email' })).toEqual([`email: ${MESSAGES.emailInvalid}`]);
  });

  it('never takes the superadmin role', () => {
    expect(messagesOf({ ...valid, role: 'superadmin' })).toEqual([`role: ${MESSAGES.roleRequired}`]);
  });

  it('requires at least one site', () => {
    expect(messagesOf({ ...valid, siteIds: [] })).toEqual([`siteIds: ${MESSAGES.siteSelectionRequired}`]);
    expect(messagesOf({ ...valid, siteIds: undefined })).toEqual([`siteIds: ${MESSAGES.siteSelectionRequired}`]);
  });

  it('accepts any phone made of + a country code of 1 to 3 digits and 10 digits, typed with separators or not', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 999 }), digits(10), (country, number) => {
      const typed = `+${country} (${number.slice(0, 3)}) ${number.slice(3, 6)}-${number.slice(6)}`;
      expect(isValidPhone(typed)).toBe(true);
      expect(userInputSchema.parse({ ...valid, phone: typed }).phone).toBe(`+${country}${number}`);
    }));
  });

  it('refuses a phone without its country code, or with too few or too many digits', () => {
    fc.assert(fc.property(fc.oneof(
      digits(10),
      fc.integer({ min: 1, max: 9 }).chain((country) => fc.integer({ min: 1, max: 9 }).map((n) => `+${country}${'5'.repeat(n)}`)),
      digits(14).map((number) => `+${number.replace(/^0/, '1')}`),
      fc.string({ minLength: 1, maxLength: 15 }).filter((text) => /[a-z]/i.test(text)),
    ), (phone) => {
      expect(messagesOf({ ...valid, phone })).toEqual([`phone: ${MESSAGES.phoneInvalid}`]);
    }));
  });

  it('lets MFA and text notifications on only with a verified phone', () => {
    for (const flag of ['mfaEnabled', 'smsEnabled'] as const) {
      const message = flag === 'mfaEnabled' ? MESSAGES.mfaNeedsVerifiedPhone : MESSAGES.smsNeedsVerifiedPhone;
      expect(messagesOf({ ...valid, [flag]: true })).toEqual([`${flag}: ${message}`]);
      expect(messagesOf({ ...valid, [flag]: true, phone: '+15551234567' })).toEqual([`${flag}: ${message}`]);
      expect(messagesOf({ ...valid, [flag]: true, phoneVerified: true })).toEqual([`${flag}: ${message}`]);
      expect(messagesOf({ ...valid, [flag]: true, phone: '+15551234567', phoneVerified: true })).toEqual([]);
    }
  });

  it('needs a pager type and number when the pager is on, and checks the number by type', () => {
    expect(messagesOf({ ...valid, enablePager: true })).toEqual([
      `pagerType: ${MESSAGES.pagerTypeRequired}`,
      `pagerNumber: ${MESSAGES.pagerNumberRequired}`,
    ]);
    expect(messagesOf({ ...valid, enablePager: true, pagerType: 'phone', pagerNumber: '555' })).toEqual([`pagerNumber: ${MESSAGES.phoneInvalid}`]);
    expect(messagesOf({ ...valid, enablePager: true, pagerType: 'phone', pagerNumber: '+44 7700 900123' })).toEqual([]);
    expect(userInputSchema.parse({ ...valid, enablePager: true, pagerType: 'phone', pagerNumber: '+1 555-123-4567' }).pagerNumber).toBe('+15551234567');
    expect(messagesOf({ ...valid, enablePager: true, pagerType: 'email', pagerNumber: 'pager@example.com' })).toEqual([`pagerNumber: ${MESSAGES.pagerEmailInvalid}`]);
    expect(messagesOf({ ...valid, enablePager: true, pagerType: 'email', pagerNumber: '5551234567@pager.example.com' })).toEqual([]);
    // With the pager off, what is left in its fields is not checked.
    expect(messagesOf({ ...valid, enablePager: false, pagerType: 'email', pagerNumber: 'x' })).toEqual([]);
  });

  it('takes a pager email only as digits@domain', () => {
    fc.assert(fc.property(digits(1).chain(() => fc.stringMatching(/^\d{1,15}$/)), fc.domain(), (local, domain) => {
      expect(isValidPagerEmail(`${local}@${domain}`)).toBe(domain.includes('.'));
    }));
    fc.assert(fc.property(fc.emailAddress().filter((email) => !/^\d+@/.test(email)), (email) => {
      expect(isValidPagerEmail(email)).toBe(false);
    }));
  });

  it('forces a helpdesk user\'s portal access on and HACCP, mobile, location admin and notifications off', () => {
    fc.assert(fc.property(fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), fc.boolean(), (portal, haccp, mobile, locationAdmin, notifications) => {
      const flags = { isPortalLogin: portal, isHaccpAvailable: haccp, isMobileLogin: mobile, isLocationAdmin: locationAdmin, notificationsEnabled: notifications };
      expect(withRoleRules({ role: 'helpdesk' as const, ...flags })).toEqual({
        role: 'helpdesk', isPortalLogin: true, isHaccpAvailable: false, isMobileLogin: false, isLocationAdmin: false, notificationsEnabled: false,
      });
      expect(withRoleRules({ role: 'basicuser' as const, ...flags })).toEqual({ role: 'basicuser', ...flags });
    }));
  });
});

describe('roles and MFA', () => {
  it('gives roleid 3 to the super-administrator only', () => {
    expect(ROLE_IDS.superadmin).toBe(3);
    expect(Object.values(ROLE_IDS).filter((id) => id === 3)).toHaveLength(1);
  });

  it('lets administrators give their own roles, support also helpdesk, and nobody superadmin', () => {
    expect(assignableRoles('admin')).toEqual(['admin', 'basicuser']);
    expect(assignableRoles('helpdesk')).toContain('helpdesk');
    expect(assignableRoles('basicuser')).toEqual([]);
    for (const role of ROLES) expect(assignableRoles(role)).not.toContain('superadmin');
  });

  it('lets only support turn MFA off', () => {
    expect(ROLES.filter(mayTurnOffMfa)).toEqual(['helpdesk']);
  });
});

describe('invitations and codes', () => {
  it('needs the user type and at least one site to invite', () => {
    const result = inviteInputSchema.safeParse({ email: 'new@example.com', firstName: 'N', lastName: 'U' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([MESSAGES.roleRequired, MESSAGES.siteSelectionRequired]);
    expect(inviteInputSchema.parse({ email: 'New@Example.com', firstName: 'N', lastName: 'U', role: 'admin', siteIds: ['s'] }))
      .toMatchObject({ email: 'new@example.com', isHaccpAvailable: false, mfaRequired: false, customerGroupId: null });
  });

  it('takes exactly six digits as a code, with the spec\'s messages', () => {
    expect(verifyOtpInputSchema.safeParse({ channel: 'phone', code: '' }).error?.issues[0]?.message).toBe(MESSAGES.verificationCodeRequired);
    expect(verifyOtpInputSchema.safeParse({ channel: 'phone', code: '12345' }).error?.issues[0]?.message).toBe(MESSAGES.verificationCodeInvalid);
    expect(verifyOtpInputSchema.safeParse({ channel: 'pager', code: '123456' }).success).toBe(true);
  });

  it('shows where a code went without the whole destination', () => {
    expect(maskDestination('+15551234567')).toBe('+1******4567');
    expect(maskDestination('5551234567@pager.example')).toBe('5***@pager.example');
  });
});
