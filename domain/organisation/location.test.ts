import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countsForUser,
  locationAccessLevel,
  locationInputSchema,
  locationMappingSchema,
  locationShareInputSchema,
  mayDeleteLocation,
  mayEditLocation,
  withDisplayName,
  type LocationStanding,
} from './location';
import { MESSAGES } from '../core/messages';

const valid = {
  name: 'Demo Foods HQ',
  address: '1 Market Street',
  city: 'London',
  state: 'Greater London',
  country: 'United Kingdom',
  postalCode: 'EC1A 1BB',
};

const firstMessage = (input: unknown) => locationInputSchema.safeParse(input).error?.issues[0]?.message;
const messageAt = (input: unknown, path: string) =>
  locationInputSchema.safeParse(input).error?.issues.find((issue) => issue.path.join('.') === path)?.message;

describe('location fields (SPEC section 5)', () => {
  it('accepts a complete location and trims its texts', () => {
    const result = locationInputSchema.safeParse({ ...valid, name: '  Demo Foods HQ ', city: ' London' });
    expect(result.success).toBe(true);
    expect(result.data?.name).toBe('Demo Foods HQ');
    expect(result.data?.city).toBe('London');
  });

  it.each([
    ['name', MESSAGES.locationNameRequired],
    ['address', MESSAGES.addressRequired],
    ['city', MESSAGES.cityRequired],
    ['state', MESSAGES.stateRequired],
    ['country', MESSAGES.countryRequired],
    ['postalCode', MESSAGES.postalCodeRequired],
  ] as const)('requires %s', (field, message) => {
    expect(messageAt({ ...valid, [field]: '' }, field)).toBe(message);
    expect(messageAt({ ...valid, [field]: '   ' }, field)).toBe(message);
    const { [field]: _left, ...without } = valid;
    expect(messageAt(without, field)).toBe(message);
  });

  it.each([
    ['name', '<script>', MESSAGES.locationNameInvalid],
    ['name', 'x'.repeat(101), MESSAGES.locationNameInvalid],
    ['address', '@home', MESSAGES.addressInvalid],
    ['city', 'L0nd0n', MESSAGES.cityInvalid],
    ['state', '123', MESSAGES.stateInvalid],
    ['country', 'U$', MESSAGES.countryInvalid],
    ['postalCode', 'EC1A_1BB', MESSAGES.postalCodeInvalid],
    ['postalCode', '1', MESSAGES.postalCodeInvalid],
    ['postalCode', '12345678901', MESSAGES.postalCodeInvalid],
  ] as const)('refuses an invalid %s (%s)', (field, value, message) => {
    expect(messageAt({ ...valid, [field]: value }, field)).toBe(message);
  });

  it('accepts the postal codes of several countries and accented place names', () => {
    for (const postalCode of ['75001', '12345-6789', 'K1A 0B1', 'EC1A 1BB', '1010']) {
      expect(locationInputSchema.safeParse({ ...valid, postalCode }).success).toBe(true);
    }
    expect(locationInputSchema.safeParse({ ...valid, city: 'Saint-Étienne', state: "Provence-Alpes-Côte d'Azur", country: 'France' }).success).toBe(true);
  });

  it('takes latitude and longitude as numbers or numeric text, within their ranges', () => {
    fc.assert(fc.property(fc.double({ min: -90, max: 90, noNaN: true }), fc.double({ min: -180, max: 180, noNaN: true }), (latitude, longitude) => {
      const result = locationInputSchema.safeParse({ ...valid, latitude, longitude });
      expect(result.success).toBe(true);
    }));
    expect(locationInputSchema.safeParse({ ...valid, latitude: '51.5', longitude: '-0.12' }).data).toMatchObject({ latitude: 51.5, longitude: -0.12 });
    expect(locationInputSchema.safeParse({ ...valid, latitude: '', longitude: null }).data?.latitude).toBeUndefined();
  });

  it('refuses coordinates out of range or not numbers', () => {
    fc.assert(fc.property(fc.double({ min: 90, max: 1e6, noNaN: true, minExcluded: true }), (latitude) => {
      expect(messageAt({ ...valid, latitude }, 'latitude')).toBe(MESSAGES.latitudeInvalid);
      expect(messageAt({ ...valid, latitude: -latitude }, 'latitude')).toBe(MESSAGES.latitudeInvalid);
    }));
    expect(messageAt({ ...valid, longitude: 180.5 }, 'longitude')).toBe(MESSAGES.longitudeInvalid);
    expect(messageAt({ ...valid, longitude: 'east' }, 'longitude')).toBe(MESSAGES.longitudeInvalid);
    expect(messageAt({ ...valid, latitude: Number.POSITIVE_INFINITY }, 'latitude')).toBe(MESSAGES.latitudeInvalid);
  });

  it('says the name message first when everything is missing', () => {
    expect(firstMessage({})).toBe(MESSAGES.locationNameRequired);
  });
});

describe('location mapping (id and fields to update)', () => {
  it('takes some fields, each checked by the same rules', () => {
    expect(locationMappingSchema.safeParse({ id: 'l-1', fieldsToUpdate: { city: 'Paris' } }).success).toBe(true);
    expect(locationMappingSchema.safeParse({ fieldsToUpdate: { city: '' } }).error?.issues[0]?.message).toBe(MESSAGES.cityRequired);
  });

  it('needs at least one field', () => {
    expect(locationMappingSchema.safeParse({ fieldsToUpdate: {} }).error?.issues[0]?.message).toBe(MESSAGES.mappingFieldsRequired);
  });
});

describe('access levels (SPEC section 6)', () => {
  const standing = (overrides: Partial<LocationStanding>): LocationStanding => ({
    isOwner: false, isAdmin: false, isShared: false, isAcceptancePending: false, ...overrides,
  });

  it('names owner, admin (non-owner) and user', () => {
    expect(locationAccessLevel({ isOwner: true, isAdmin: false })).toBe('owner');
    expect(locationAccessLevel({ isOwner: true, isAdmin: true })).toBe('owner');
    expect(locationAccessLevel({ isOwner: false, isAdmin: true })).toBe('admin');
    expect(locationAccessLevel({ isOwner: false, isAdmin: false })).toBe('user');
  });

  it('lets the owner edit, or a shared location administrator once accepted; nobody else', () => {
    expect(mayEditLocation(standing({ isOwner: true }))).toBe(true);
    expect(mayEditLocation(standing({ isShared: true, isAdmin: true }))).toBe(true);
    expect(mayEditLocation(standing({ isShared: true, isAdmin: true, isAcceptancePending: true }))).toBe(false);
    expect(mayEditLocation(standing({ isShared: true }))).toBe(false);
    expect(mayEditLocation(standing({ isAdmin: true }))).toBe(false);
  });

  it('lets only the owning organisation delete, and only with corporate access', () => {
    expect(mayDeleteLocation({ isOwner: true }, true)).toBe(true);
    expect(mayDeleteLocation({ isOwner: true }, false)).toBe(false);
    expect(mayDeleteLocation({ isOwner: false }, true)).toBe(false);
  });

  it('never counts a location pending acceptance', () => {
    expect(countsForUser({ isAcceptancePending: true })).toBe(false);
    expect(countsForUser({ isAcceptancePending: false })).toBe(true);
  });

  it('gives lists a displayName equal to the name', () => {
    fc.assert(fc.property(fc.string(), (name) => {
      expect(withDisplayName({ name, id: 'x' })).toEqual({ name, id: 'x', displayName: name });
    }));
  });
});

describe('sharing a location', () => {
  it('needs a valid email and defaults to a non-admin share', () => {
    expect(locationShareInputSchema.safeParse({ email: ' Someone@Other.example ' }).data).toEqual({ email: 'Someone@Other.example', isAdmin: false });
    expect(locationShareInputSchema.safeParse({ email: '' }).error?.issues[0]?.message).toBe(MESSAGES.shareEmailRequired);
    expect(locationShareInputSchema.safeParse({}).error?.issues[0]?.message).toBe(MESSAGES.shareEmailRequired);
    expect(locationShareInputSchema.safeParse({ email: 'not-an-email' }).error?.issues[0]?.message).toBe(MESSAGES.shareEmailInvalid);
  });
});
