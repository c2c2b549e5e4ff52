import { describe, expect, it } from 'vitest';
import { CALIBRATION_CERTIFICATE_MAX_BYTES, calibrationInputSchema, certificateFileProblem, latestCalibration } from './calibration';
import { equipmentInputSchema } from './equipment';
import { MESSAGES } from '../core/messages';

const pdfOf = (bytes: number) => {
  const content = Buffer.alloc(bytes, 0x20);
  content.write('%PDF-1.7\n', 0);
  return content.toString('base64');
};
const firstMessage = (input: unknown) => calibrationInputSchema.safeParse(input).error?.issues[0]?.message;

describe('calibrations (SPEC sections 5 and 9)', () => {
  it('needs a real issue date; a renewal date comes after it', () => {
    expect(firstMessage({})).toBe(MESSAGES.issueDateRequired);
    expect(firstMessage({ issueDate: '' })).toBe(MESSAGES.issueDateRequired);
    expect(firstMessage({ issueDate: '2026-13-01' })).toBe(MESSAGES.dateInvalid);
    expect(firstMessage({ issueDate: '2026-03-01', renewalDate: '2026-03-01' })).toBe(MESSAGES.renewalBeforeIssue);
    expect(firstMessage({ issueDate: '2026-03-01', renewalDate: '2026-02-28' })).toBe(MESSAGES.renewalBeforeIssue);
    expect(calibrationInputSchema.parse({ issueDate: '2026-03-01', renewalDate: '2027-03-01', certificateNumber: ' C-1 ', calibratedBy: '' }))
      .toEqual({ issueDate: '2026-03-01', renewalDate: '2027-03-01', certificateNumber: 'C-1' });
  });

  it('takes a certificate that is a PDF of at most 2 MB, and nothing else', () => {
    const certificate = (fileName: string, data: string) => firstMessage({ issueDate: '2026-03-01', certificate: { fileName, data } });
    expect(certificate('cal.pdf', pdfOf(CALIBRATION_CERTIFICATE_MAX_BYTES))).toBeUndefined();
    expect(certificate('cal.PDF', pdfOf(100))).toBeUndefined();
    expect(certificate('cal.pdf', pdfOf(CALIBRATION_CERTIFICATE_MAX_BYTES + 1))).toBe(MESSAGES.certificateInvalid);
    expect(certificate('cal.docx', pdfOf(100))).toBe(MESSAGES.certificateInvalid);
    expect(certificate('cal.pdf', Buffer.from('GIF89a').toString('base64'))).toBe(MESSAGES.certificateInvalid);
    expect(certificate('cal.pdf', 'JVBERi0x not base64!')).toBe(MESSAGES.certificateInvalid);
  });

  it('checks a chosen file in the browser with the same message', () => {
    expect(certificateFileProblem({ name: 'a.pdf', size: 10, type: 'application/pdf' })).toBeUndefined();
    expect(certificateFileProblem({ name: 'a.pdf', size: CALIBRATION_CERTIFICATE_MAX_BYTES + 1, type: 'application/pdf' })).toBe(MESSAGES.certificateInvalid);
    expect(certificateFileProblem({ name: 'a.png', size: 10, type: 'image/png' })).toBe(MESSAGES.certificateInvalid);
  });

  it('shows the certificate issued last (the one added last of a day)', () => {
    const calibrations = [
      { id: 'a', issueDate: '2026-01-01', createdAt: '2026-01-02T00:00:00Z' },
      { id: 'b', issueDate: '2026-03-01', createdAt: '2026-03-01T09:00:00Z' },
      { id: 'c', issueDate: '2026-03-01', createdAt: '2026-03-01T10:00:00Z' },
      { id: 'd', issueDate: '2025-12-01', createdAt: '2026-04-01T00:00:00Z' },
    ];
    expect(latestCalibration(calibrations)?.id).toBe('c');
    expect(latestCalibration([])).toBeUndefined();
  });
});

describe('equipment (SPEC section 3)', () => {
  it('takes a type and refrigerant from their lists, make and model of at most 50 characters; empty means none', () => {
    expect(equipmentInputSchema.parse({ type: 'walkInCooler', make: ' True ', model: '', refrigerant: 'R-290' }))
      .toEqual({ type: 'walkInCooler', make: 'True', refrigerant: 'R-290' });
    const problems = equipmentInputSchema.safeParse({ type: 'car', make: 'x'.repeat(51), refrigerant: 'R-12' }).error?.issues.map((issue) => issue.message);
    expect(problems).toEqual([MESSAGES.equipmentTypeInvalid, MESSAGES.equipmentTextMax, MESSAGES.refrigerantInvalid]);
    expect(equipmentInputSchema.parse({})).toEqual({});
  });
});
