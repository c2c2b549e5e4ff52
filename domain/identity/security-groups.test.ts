import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import { SECURITY_GROUP_MAX_MEMBERS, securityGroupInputSchema, userDisplayName } from './security-groups';
import { userViewInputSchema } from './user-views';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('security group input', () => {
  it('takes a trimmed name, a description, sites, sensors and members, each id once', () => {
    const result = securityGroupInputSchema.parse({
      name: '  Night shift ', description: ' Kitchen staff ', siteIds: ['s-1', 's-1', 's-2'], sensorIds: ['x-1'], memberAccountIds: ['a-1', 'a-1'],
    });
    expect(result).toEqual({ name: 'Night shift', description: 'Kitchen staff', siteIds: ['s-1', 's-2'], sensorIds: ['x-1'], memberAccountIds: ['a-1'] });
  });

  it('requires a name, at most 50 characters, that is a valid name', () => {
    expect(firstMessage(securityGroupInputSchema.safeParse({ siteIds: ['s-1'] }))).toBe(MESSAGES.nameRequired);
    expect(firstMessage(securityGroupInputSchema.safeParse({ name: '   ', siteIds: ['s-1'] }))).toBe(MESSAGES.nameRequired);
    expect(firstMessage(securityGroupInputSchema.safeParse({ name: 'x'.repeat(51), siteIds: ['s-1'] }))).toBe(MESSAGES.nameMax50);
    expect(firstMessage(securityGroupInputSchema.safeParse({ name: '<script>', siteIds: ['s-1'] }))).toBe(MESSAGES.nameInvalid);
  });

  it('requires at least one site', () => {
    expect(firstMessage(securityGroupInputSchema.safeParse({ name: 'Group' }))).toBe(MESSAGES.siteSelectionRequired);
    expect(firstMessage(securityGroupInputSchema.safeParse({ name: 'Group', siteIds: [] }))).toBe(MESSAGES.siteSelectionRequired);
  });

  it(`takes at most ${SECURITY_GROUP_MAX_MEMBERS} members`, () => {
    const members = (count: number) => Array.from({ length: count }, (_, index) => `a-${index}`);
    expect(securityGroupInputSchema.safeParse({ name: 'G', siteIds: ['s'], memberAccountIds: members(SECURITY_GROUP_MAX_MEMBERS) }).success).toBe(true);
    expect(firstMessage(securityGroupInputSchema.safeParse({ name: 'G', siteIds: ['s'], memberAccountIds: members(SECURITY_GROUP_MAX_MEMBERS + 1) })))
      .toBe(MESSAGES.securityGroupMembersMax);
  });

  it('refuses ids that could reach into another key', () => {
    expect(securityGroupInputSchema.safeParse({ name: 'G', siteIds: ['s#1'] }).success).toBe(false);
    expect(securityGroupInputSchema.safeParse({ name: 'G', siteIds: [''] }).success).toBe(false);
  });

  it('a description of at most 250 characters', () => {
    expect(firstMessage(securityGroupInputSchema.safeParse({ name: 'G', siteIds: ['s'], description: 'd'.repeat(251) }))).toBe(MESSAGES.descriptionMax250);
  });

  it('accepts names in any language of the portal', () => {
    fc.assert(fc.property(fc.constantFrom('Équipe de nuit', 'Cocina Norte', 'Team #2 (A&B)', "L'entrepôt"), (name) => {
      expect(securityGroupInputSchema.safeParse({ name, siteIds: ['s'] }).success).toBe(true);
    }));
  });

  it('names users by their name, or their email when they have none', () => {
    expect(userDisplayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'a@x' })).toBe('Ada Lovelace');
    expect(userDisplayName({ firstName: '', lastName: '', email: 'a@x' })).toBe('a@x');
  });
});

describe('user view input (SPEC section 5: name required and valid, at least one site)', () => {
  it('takes a name, sites, departments and divisions', () => {
    expect(userViewInputSchema.parse({ name: ' Cold rooms ', siteIds: ['s-1'], departmentIds: ['d-1'], divisionIds: [] }))
      .toEqual({ name: 'Cold rooms', siteIds: ['s-1'], departmentIds: ['d-1'], divisionIds: [] });
  });

  it('requires a valid name', () => {
    expect(firstMessage(userViewInputSchema.safeParse({ siteIds: ['s-1'] }))).toBe(MESSAGES.nameRequired);
    expect(firstMessage(userViewInputSchema.safeParse({ name: '%%%', siteIds: ['s-1'] }))).toBe(MESSAGES.nameInvalid);
    expect(firstMessage(userViewInputSchema.safeParse({ name: 'v'.repeat(51), siteIds: ['s-1'] }))).toBe(MESSAGES.nameMax50);
  });

  it('requires at least one site', () => {
    expect(firstMessage(userViewInputSchema.safeParse({ name: 'View', siteIds: [] }))).toBe(MESSAGES.siteSelectionRequired);
    expect(firstMessage(userViewInputSchema.safeParse({ name: 'View' }))).toBe(MESSAGES.siteSelectionRequired);
  });
});
