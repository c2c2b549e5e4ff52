import * as z from 'zod';
import { base64Length, DATE_TEXT_MAX } from '../core/limits';
import { MESSAGES } from '../core/messages';
import { base64DecodedLength, isCalendarDate, SITE_DOCUMENT_MAX_BYTES } from '../organisation/site';

/**
 * Calibration certificates of a sensor (SPEC sections 3, 5 and 9): the issue date is
 * required, the renewal date comes after it, the certificate is a PDF of at most 2 MB. The
 * sensor shows the dates of its latest certificate (the latest issue date).
 */

/** SPEC section 9: PDF max 2 MB (the same limit as a site's PDF). */
export const CALIBRATION_CERTIFICATE_MAX_BYTES = SITE_DOCUMENT_MAX_BYTES;
export const CALIBRATION_TEXT_MAX = 100;

/** `%PDF-` in base64: every PDF starts with it. */
const PDF_MAGIC_BASE64 = 'JVBERi';
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

const optionalText = z.preprocess(blankToUndefined, z.string().trim().max(CALIBRATION_TEXT_MAX, { error: MESSAGES.fieldTooLong }).optional());

/** The certificate, sent as base64 in the JSON body (as a site's PDF is). */
export const calibrationCertificateUploadSchema = z.object({
  fileName: z.string({ error: MESSAGES.certificateInvalid }).trim().min(1, { error: MESSAGES.certificateInvalid })
    .max(200, { error: MESSAGES.certificateInvalid })
    .refine((name) => name.toLowerCase().endsWith('.pdf'), { error: MESSAGES.certificateInvalid }),
  data: z.string({ error: MESSAGES.certificateInvalid }).min(1, { error: MESSAGES.certificateInvalid })
    .max(base64Length(CALIBRATION_CERTIFICATE_MAX_BYTES), { error: MESSAGES.certificateInvalid }),
}).superRefine((upload, context) => {
  if (base64DecodedLength(upload.data) > CALIBRATION_CERTIFICATE_MAX_BYTES || !BASE64.test(upload.data) || !upload.data.startsWith(PDF_MAGIC_BASE64)) {
    context.addIssue({ code: 'custom', path: ['data'], message: MESSAGES.certificateInvalid });
  }
});
export type CalibrationCertificateUpload = z.infer<typeof calibrationCertificateUploadSchema>;

/** POST /sensors/{id}/calibrations: the dates (`YYYY-MM-DD`), who calibrated, and the certificate. */
export const calibrationInputSchema = z.object({
  issueDate: z.preprocess(blankToUndefined, z.string({ error: MESSAGES.issueDateRequired }).max(DATE_TEXT_MAX, { error: MESSAGES.dateInvalid }).trim()
    .refine(isCalendarDate, { error: MESSAGES.dateInvalid })),
  renewalDate: z.preprocess(blankToUndefined, z.string().max(DATE_TEXT_MAX, { error: MESSAGES.dateInvalid }).trim().refine(isCalendarDate, { error: MESSAGES.dateInvalid }).optional()),
  certificateNumber: optionalText,
  /** Who calibrated the sensor (a laboratory, a technician). */
  calibratedBy: optionalText,
  certificate: calibrationCertificateUploadSchema.optional(),
}).superRefine((input, context) => {
  if (input.renewalDate !== undefined && input.renewalDate <= input.issueDate) {
    context.addIssue({ code: 'custom', path: ['renewalDate'], message: MESSAGES.renewalBeforeIssue });
  }
});
export type CalibrationInput = z.infer<typeof calibrationInputSchema>;
export type CalibrationFormValues = z.input<typeof calibrationInputSchema>;

/** A file chosen in the browser, checked before it is read: the same message as the API's. */
export function certificateFileProblem(file: { name: string; size: number; type: string }): string | undefined {
  const isPdf = file.name.toLowerCase().endsWith('.pdf') && (file.type === '' || file.type === 'application/pdf');
  if (!isPdf || file.size > CALIBRATION_CERTIFICATE_MAX_BYTES) return MESSAGES.certificateInvalid;
  return undefined;
}

/** A calibration as the API returns it (the certificate's content comes from its own call). */
export const calibrationSchema = z.object({
  id: z.string(),
  sensorId: z.string(),
  issueDate: z.string(),
  renewalDate: z.string().optional(),
  certificateNumber: z.string().optional(),
  calibratedBy: z.string().optional(),
  certificate: z.object({ fileName: z.string(), size: z.number().int() }).optional(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type Calibration = z.infer<typeof calibrationSchema>;
export const calibrationListSchema = z.object({ items: z.array(calibrationSchema) });

/** GET .../certificate: the PDF, base64. */
export const calibrationCertificateSchema = z.object({
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.literal('application/pdf'),
  data: z.string(),
});
export type CalibrationCertificate = z.infer<typeof calibrationCertificateSchema>;

/** The certificate a sensor shows: the one issued last (ties: the one added last). */
export function latestCalibration<T extends Pick<Calibration, 'issueDate' | 'createdAt'>>(calibrations: readonly T[]): T | undefined {
  return [...calibrations].sort((a, b) => a.issueDate.localeCompare(b.issueDate) || a.createdAt.localeCompare(b.createdAt)).at(-1);
}
