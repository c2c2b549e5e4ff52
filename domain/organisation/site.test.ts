import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import {
  base64DecodedLength,
  billingAddressOf,
  fileProblem,
  isCalendarDate,
  locationDeleteRefusal,
  siteDeleteRefusal,
  siteDocumentUploadSchema,
  siteInputSchema,
  SITE_DOCUMENT_MAX_BYTES,
  type SiteAttachments,
} from './site';

const billingAddress = { address: '2 Dock Road', city: 'Leeds', state: 'West Yorkshire', country: 'United Kingdom', postalCode: 'LS1 4AP' };
const valid = { name: 'Main Kitchen', locationIds: ['l-1'], timezone: 'Europe/London', billingAddress };

const messageAt = (input: unknown, path: string) =>
  siteInputSchema.safeParse(input).error?.issues.find((issue) => issue.path.join('.') === path)?.message;

describe('site fields (SPEC section 5)', () => {
  it('accepts a site with its required fields and a billing address, with defaults for the flags', () => {
    const result = siteInputSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ taxExempt: false, retainAdditionalFieldAnswers: false, billingAddressSameAsSite: false });
  });

  it('accepts every field of section 3', () => {
    const result = siteInputSchema.safeParse({
      ...valid,
      siteId: 'MK-001',
      address: '1 Market Street', city: 'London', state: 'Greater London', country: 'United Kingdom', postalCode: 'EC1A 1BB',
      latitude: 51.5, longitude: -0.1,
      adminName: "Ada O'Neil", adminEmail: 'ada@demo.example', adminPhone: '+44 7700900123',
      billingName: 'Bill Payer', billingEmail: 'billing@demo.example', billingPhone: '+17005550123',
      haccpSubscriptionStart: '2026-01-01', haccpSubscriptionEnd: '2026-12-31',
      monitoringSubscriptionStart: '2026-01-01', monitoringSubscriptionEnd: '2027-01-01',
      installationDate: '2025-12-15', taxExempt: true, retainAdditionalFieldAnswers: true,
    });
    expect(result.error?.issues).toBeUndefined();
  });

  it('requires a name, at least one location and a time zone', () => {
    expect(messageAt({ ...valid, name: ' ' }, 'name')).toBe(MESSAGES.siteNameRequired);
    expect(messageAt({ ...valid, locationIds: [] }, 'locationIds')).toBe(MESSAGES.siteLocationRequired);
    expect(messageAt({ ...valid, locationIds: undefined }, 'locationIds')).toBe(MESSAGES.siteLocationRequired);
    expect(messageAt({ ...valid, timezone: '' }, 'timezone')).toBe(MESSAGES.timezoneRequired);
    expect(messageAt({ ...valid, timezone: 'Mars/Olympus' }, 'timezone')).toBe(MESSAGES.timezoneInvalid);
  });

  it('keeps each location once', () => {
    expect(siteInputSchema.safeParse({ ...valid, locationIds: ['l-1', 'l-2', 'l-1'] }).data?.locationIds).toEqual(['l-1', 'l-2']);
  });

  it('takes an optional site id, which must be valid when given', () => {
    expect(siteInputSchema.safeParse({ ...valid, siteId: '' }).data?.siteId).toBeUndefined();
    expect(messageAt({ ...valid, siteId: 'MK 001' }, 'siteId')).toBe(MESSAGES.siteIdInvalid);
    expect(messageAt({ ...valid, siteId: 'x'.repeat(31) }, 'siteId')).toBe(MESSAGES.siteIdInvalid);
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z0-9_-]{1,30}$/), (siteId) => {
      expect(siteInputSchema.safeParse({ ...valid, siteId }).success).toBe(true);
    }));
  });

  it.each([
    ['adminName', 'R2-D2', MESSAGES.adminNameInvalid],
    ['adminEmail', 'ada@', MESSAGES.adminEmailInvalid],
    ['adminPhone', '07700900123', MESSAGES.adminPhoneInvalid],
    ['adminPhone', '+44 7700 900', MESSAGES.adminPhoneInvalid],
    ['billingName', '<b>', MESSAGES.billingNameInvalid],
    ['billingEmail', 'billing.example', MESSAGES.billingEmailInvalid],
    ['billingPhone', '+1 555 0123', MESSAGES.billingPhoneInvalid],
  ] as const)('refuses an invalid %s (%s)', (field, value, message) => {
    expect(messageAt({ ...valid, [field]: value }, field)).toBe(message);
  });

  it('checks phones with the users\' rule and keeps them without separators', () => {
    expect(siteInputSchema.parse({ ...valid, adminPhone: '+44 7700-900 123', billingPhone: '+1 (555) 010-0123' })).toMatchObject({
      adminPhone: '+447700900123', billingPhone: '+15550100123',
    });
  });

  it('leaves empty contact fields out', () => {
    const result = siteInputSchema.safeParse({ ...valid, adminName: '', adminEmail: ' ', adminPhone: '', billingEmail: '' });
    expect(result.success).toBe(true);
    expect(result.data?.adminEmail).toBeUndefined();
  });

  it('requires the billing address, checked like a location address', () => {
    expect(messageAt({ ...valid, billingAddress: undefined }, 'billingAddress.address')).toBe(MESSAGES.billingAddressRequired);
    expect(messageAt({ ...valid, billingAddress: { ...billingAddress, city: '' } }, 'billingAddress.city')).toBe(MESSAGES.cityRequired);
    expect(messageAt({ ...valid, billingAddress: { ...billingAddress, postalCode: '!!' } }, 'billingAddress.postalCode')).toBe(MESSAGES.postalCodeInvalid);
  });

  it('with the same-as flag, bills the site address, which must then be complete', () => {
    const sameAs = { ...valid, billingAddress: undefined, billingAddressSameAsSite: true };
    expect(messageAt(sameAs, 'address')).toBe(MESSAGES.billingAddressRequired);
    expect(messageAt(sameAs, 'postalCode')).toBe(MESSAGES.postalCodeRequired);
    const complete = siteInputSchema.parse({ ...sameAs, ...billingAddress });
    expect(billingAddressOf(complete)).toEqual(billingAddress);
    expect(billingAddressOf(siteInputSchema.parse(valid))).toEqual(billingAddress);
  });

  it('needs the HACCP end date after its start date', () => {
    expect(messageAt({ ...valid, haccpSubscriptionStart: '2026-05-01', haccpSubscriptionEnd: '2026-05-01' }, 'haccpSubscriptionEnd')).toBe(MESSAGES.haccpEndBeforeStart);
    expect(messageAt({ ...valid, haccpSubscriptionStart: '2026-05-01', haccpSubscriptionEnd: '2026-04-30' }, 'haccpSubscriptionEnd')).toBe(MESSAGES.haccpEndBeforeStart);
    expect(siteInputSchema.safeParse({ ...valid, haccpSubscriptionStart: '2026-05-01', haccpSubscriptionEnd: '2026-05-02' }).success).toBe(true);
    expect(siteInputSchema.safeParse({ ...valid, haccpSubscriptionEnd: '2026-05-02' }).success).toBe(true);
  });

  it('holds for every pair of dates: the end is refused exactly when it is not after the start', () => {
    const day = fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    fc.assert(fc.property(day, day, (start, end) => {
      const refused = messageAt({ ...valid, haccpSubscriptionStart: start, haccpSubscriptionEnd: end }, 'haccpSubscriptionEnd') !== undefined;
      expect(refused).toBe(end <= start);
    }));
  });

  it('needs the monitoring end date after its start date too', () => {
    expect(messageAt({ ...valid, monitoringSubscriptionStart: '2026-05-01', monitoringSubscriptionEnd: '2026-01-01' }, 'monitoringSubscriptionEnd')).toBe(MESSAGES.monitoringEndBeforeStart);
  });

  it('refuses dates that are not calendar dates', () => {
    expect(messageAt({ ...valid, installationDate: '2026-02-30' }, 'installationDate')).toBe(MESSAGES.dateInvalid);
    expect(messageAt({ ...valid, installationDate: '15/01/2026' }, 'installationDate')).toBe(MESSAGES.dateInvalid);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
  });
});

describe('delete refusals (SPEC section 8)', () => {
  const none: SiteAttachments = { shifts: 0, checklists: 0, sensors: 0, gateways: 0, locations: 1, users: 1 };

  it('lets a site go with one location and at most one user', () => {
    expect(siteDeleteRefusal(none)).toBeUndefined();
    expect(siteDeleteRefusal({ ...none, users: 0 })).toBeUndefined();
  });

  it.each([
    [{ shifts: 1 }, MESSAGES.siteHasShifts],
    [{ checklists: 2 }, MESSAGES.siteHasChecklists],
    [{ sensors: 1 }, MESSAGES.siteHasSensors],
    [{ gateways: 1 }, MESSAGES.siteHasGateways],
    [{ locations: 2 }, MESSAGES.siteHasSeveralLocations],
    [{ users: 2 }, MESSAGES.siteHasUsers],
  ] as const)('refuses a site with %o', (attached, message) => {
    expect(siteDeleteRefusal({ ...none, ...attached })).toBe(message);
  });

  it('refuses a location with sensors or gateways, and one with sites', () => {
    expect(locationDeleteRefusal({ sensors: 1, gateways: 0, sites: 0 })).toBe(MESSAGES.locationHasDevices);
    expect(locationDeleteRefusal({ sensors: 0, gateways: 3, sites: 1 })).toBe(MESSAGES.locationHasDevices);
    expect(locationDeleteRefusal({ sensors: 0, gateways: 0, sites: 1 })).toBe(MESSAGES.locationHasSites);
    expect(locationDeleteRefusal({ sensors: 0, gateways: 0, sites: 0 })).toBeUndefined();
  });
});

describe('the uploaded PDF (at most 2 MB)', () => {
  const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(Math.max(0, bytes - 9), 0x20)]).toString('base64');

  it('accepts a PDF of up to 2 MB', () => {
    expect(siteDocumentUploadSchema.safeParse({ fileName: 'plan.pdf', data: pdf(1000) }).success).toBe(true);
    expect(siteDocumentUploadSchema.safeParse({ fileName: 'Plan.PDF', data: pdf(SITE_DOCUMENT_MAX_BYTES) }).success).toBe(true);
  });

  it('refuses a file of more than 2 MB', () => {
    expect(siteDocumentUploadSchema.safeParse({ fileName: 'plan.pdf', data: pdf(SITE_DOCUMENT_MAX_BYTES + 1) }).error?.issues[0]?.message).toBe(MESSAGES.documentTooLarge);
  });

  it('refuses what is not a PDF, by name or by content', () => {
    expect(siteDocumentUploadSchema.safeParse({ fileName: 'plan.docx', data: pdf(10) }).error?.issues[0]?.message).toBe(MESSAGES.documentNotPdf);
    expect(siteDocumentUploadSchema.safeParse({ fileName: 'plan.pdf', data: Buffer.from('hello').toString('base64') }).error?.issues[0]?.message).toBe(MESSAGES.documentNotPdf);
    expect(siteDocumentUploadSchema.safeParse({ fileName: 'plan.pdf', data: 'JVBERi0x!!' }).error?.issues[0]?.message).toBe(MESSAGES.documentNotPdf);
  });

  it('counts decoded bytes exactly', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      expect(base64DecodedLength(Buffer.from(bytes).toString('base64'))).toBe(bytes.length);
    }));
  });

  it('checks a chosen file before reading it, with the same messages', () => {
    expect(fileProblem({ name: 'a.pdf', size: 10, type: 'application/pdf' })).toBeUndefined();
    expect(fileProblem({ name: 'a.pdf', size: SITE_DOCUMENT_MAX_BYTES + 1, type: 'application/pdf' })).toBe(MESSAGES.documentTooLarge);
    expect(fileProblem({ name: 'a.png', size: 10, type: 'image/png' })).toBe(MESSAGES.documentNotPdf);
  });
});
