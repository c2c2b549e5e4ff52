import { describe, expect, it } from 'vitest';
import { lastSelectedLocationSchema, selfProfileUpdateSchema } from '../identity/account';
import { calibrationInputSchema } from '../devices/calibration';
import { gridSettingsSchema } from '../identity/grid-settings';
import { base64Length, DATE_TEXT_MAX, ID_MAX } from './limits';
import { MESSAGES } from './messages';
import { SITE_DOCUMENT_MAX_BYTES, siteDocumentUploadSchema } from '../organisation/site';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('request limits of the domain schemas (issue 11)', () => {
  it('refuse a 300 KB date or id in the words of the field', () => {
    expect(firstMessage(selfProfileUpdateSchema.safeParse({ invitedate: '2026-01-01 00:00:00'.padEnd(300 * 1024, '0') }))).toBe(MESSAGES.dateTimeInvalid);
    expect(firstMessage(selfProfileUpdateSchema.safeParse({ lastlogindate: 'x'.repeat(DATE_TEXT_MAX + 1) }))).toBe(MESSAGES.dateTimeInvalid);
    expect(firstMessage(selfProfileUpdateSchema.safeParse({ email: `${'a'.repeat(250)}@b.example` }))).toBe(MESSAGES.fieldTooLong);
    expect(firstMessage(lastSelectedLocationSchema.safeParse({ locationId: 'l'.repeat(ID_MAX + 1), siteId: null }))).toBe(MESSAGES.fieldTooLong);
    expect(lastSelectedLocationSchema.safeParse({ locationId: 'l'.repeat(ID_MAX), siteId: null }).success).toBe(true);
  });

  it('refuse a map with more entries than its maxProperties, with a message', () => {
    const columns = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`column${index}`, true]));
    expect(firstMessage(gridSettingsSchema.safeParse({ columnVisibility: columns }))).toBe(MESSAGES.listTooLong);
  });

  it('bound a PDF in base64 by the length of 2 MB once encoded', () => {
    expect(base64Length(3)).toBe(4);
    expect(base64Length(4)).toBe(8);
    const data = `JVBERi${'A'.repeat(base64Length(SITE_DOCUMENT_MAX_BYTES))}`;
    expect(firstMessage(siteDocumentUploadSchema.safeParse({ fileName: 'a.pdf', data }))).toBe(MESSAGES.documentTooLarge);
    expect(firstMessage(calibrationInputSchema.safeParse({ issueDate: '2026-01-01', certificate: { fileName: 'a.pdf', data } }))).toBe(MESSAGES.certificateInvalid);
  });
});
