import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import { organisationCreateSchema, organisationInputSchema, subscriptionIssue } from './organisation';

const valid = {
  name: 'Harbour Pharmacy', timezone: 'Europe/London', customerGroupId: 'harbour',
  administrator: { email: 'Owner@Harbour.example', firstName: 'Hana', lastName: 'Harbour' },
};

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('organisations (issue 16 section 1)', () => {
  it('takes a new organisation with its defaults: language, unit, every module off, the administrator\'s email in lower case', () => {
    const parsed = organisationCreateSchema.parse(valid);
    expect(parsed).toMatchObject({
      name: 'Harbour Pharmacy', lang: 'en', uom: 'C',
      modules: { isHaccapAvailable: false, enableAuditModule: false, enableIVR: false, enablePager: false },
      administrator: { email: 'owner@harbour.example' },
    });
  });

  it('refuses, each in its words: no name, an unknown time zone, no customer group, no administrator email, an invalid one', () => {
    expect(messagesOf(organisationCreateSchema.safeParse({ ...valid, name: ' ', timezone: 'Mars/Olympus', customerGroupId: '', administrator: { ...valid.administrator, email: '' } }))).toEqual({
      name: MESSAGES.organisationNameRequired,
      timezone: MESSAGES.timezoneInvalid,
      customerGroupId: MESSAGES.customerGroupRequired,
      'administrator.email': MESSAGES.emailRequired,
    });
    expect(messagesOf(organisationCreateSchema.safeParse({ ...valid, administrator: { ...valid.administrator, email: 'not-an-email' } })))
      .toEqual({ 'administrator.email': MESSAGES.emailInvalid });
  });

  it('refuses a subscription that ends before it starts, and takes one that ends the day it starts', () => {
    expect(messagesOf(organisationInputSchema.safeParse({ ...valid, subscriptionStart: '2026-06-01', subscriptionEnd: '2026-05-31' })))
      .toEqual({ subscriptionEnd: MESSAGES.subscriptionEndBeforeStart });
    expect(subscriptionIssue({ subscriptionStart: '2026-06-01', subscriptionEnd: '2026-06-01' })).toBeUndefined();
    expect(subscriptionIssue({ subscriptionEnd: '2026-06-01' })).toBeUndefined();
    expect(messagesOf(organisationInputSchema.safeParse({ ...valid, subscriptionStart: '2026-02-30' }))).toEqual({ subscriptionStart: MESSAGES.dateInvalid });
  });
});
