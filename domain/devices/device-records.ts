import * as z from 'zod';
import { CONTENT_TYPE_MAX } from '../core/limits';
import { MESSAGES } from '../core/messages';

/**
 * A device's notes and files (SPEC sections 3 and 8; issue 5 sections 2 and 3), the same for
 * sensors and gateways. A note has a name unique on its device. A file is uploaded by the
 * browser straight to storage through a presigned URL the API gives (never through the API),
 * then confirmed; it is downloaded through another presigned URL. Gateway images are files
 * of kind `image`.
 */

/** The devices that have notes and files, as their API paths name them. */
export const DEVICE_RECORD_OWNERS = ['sensors', 'gateways'] as const;
export type DeviceRecordOwner = (typeof DEVICE_RECORD_OWNERS)[number];

export const NOTE_NAME_MAX = 100;
export const NOTE_TEXT_MAX = 2000;

export const deviceNoteInputSchema = z.object({
  name: z
    .string({ error: MESSAGES.noteNameRequired })
    .trim()
    .min(1, { error: MESSAGES.noteNameRequired, abort: true })
    .max(NOTE_NAME_MAX, { error: MESSAGES.noteNameTooLong }),
  note: z
    .string({ error: MESSAGES.noteTextRequired })
    .trim()
    .min(1, { error: MESSAGES.noteTextRequired, abort: true })
    .max(NOTE_TEXT_MAX, { error: MESSAGES.noteTextTooLong }),
});
export type DeviceNoteInput = z.infer<typeof deviceNoteInputSchema>;
export type DeviceNoteFormValues = z.input<typeof deviceNoteInputSchema>;

/** A note as the API returns it (SPEC section 3: name, note, created by, date). */
export const deviceNoteSchema = z.object({
  id: z.string(),
  name: z.string(),
  note: z.string(),
  /** The author's email. */
  createdBy: z.string(),
  createdAt: z.string(),
  updatedBy: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type DeviceNote = z.infer<typeof deviceNoteSchema>;
export const deviceNotePageSchema = z.object({ items: z.array(deviceNoteSchema), nextCursor: z.string().optional() });

export const DEVICE_FILE_KINDS = ['file', 'image'] as const;
export type DeviceFileKind = (typeof DEVICE_FILE_KINDS)[number];

/** Documents a technician attaches: PDFs, pictures, text, spreadsheets and word-processor files. */
export const DEVICE_FILE_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
export const DEVICE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A document: 10 MB covers a scanned report or a manual. */
export const DEVICE_FILE_MAX_BYTES = 10 * 1024 * 1024;
/**
 * An image: 5 MB holds a phone's full-resolution photo (usually 2 to 5 MB as JPEG), so a
 * photo of an installation goes up as taken; SPEC's 2 MB is the PDF limit.
 */
export const DEVICE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** A file name as stored: no path, no control characters. */
const FILE_NAME_PATTERN = /^[^/\\\p{Cc}]+$/u;
export const FILE_NAME_MAX = 200;

/** What is wrong with a file for its kind, or undefined: the same check in the browser and the API. */
export function deviceFileProblem(file: { kind: DeviceFileKind; contentType: string; size: number }): string | undefined {
  const allowed: readonly string[] = file.kind === 'image' ? DEVICE_IMAGE_TYPES : DEVICE_FILE_TYPES;
  if (!allowed.includes(file.contentType)) return file.kind === 'image' ? MESSAGES.imageTypeNotAllowed : MESSAGES.fileTypeNotAllowed;
  if (file.size <= 0) return MESSAGES.fileEmpty;
  const max = file.kind === 'image' ? DEVICE_IMAGE_MAX_BYTES : DEVICE_FILE_MAX_BYTES;
  if (file.size > max) return file.kind === 'image' ? MESSAGES.imageTooLarge : MESSAGES.fileTooLarge;
  return undefined;
}

/** POST .../files: what the browser is about to upload. */
export const fileUploadRequestSchema = z
  .object({
    fileName: z
      .string({ error: MESSAGES.fileNameRequired })
      .trim()
      .min(1, { error: MESSAGES.fileNameRequired, abort: true })
      .max(FILE_NAME_MAX, { error: MESSAGES.fileNameInvalid })
      .regex(FILE_NAME_PATTERN, { error: MESSAGES.fileNameInvalid }),
    contentType: z.string({ error: MESSAGES.fileTypeNotAllowed }).max(CONTENT_TYPE_MAX, { error: MESSAGES.fileTypeNotAllowed }).trim().toLowerCase(),
    size: z.number({ error: MESSAGES.fileEmpty }).int({ error: MESSAGES.fileEmpty }),
    kind: z.enum(DEVICE_FILE_KINDS).default('file'),
  })
  .superRefine((upload, context) => {
    const problem = deviceFileProblem(upload);
    if (problem !== undefined) {
      const path = problem === MESSAGES.fileTypeNotAllowed || problem === MESSAGES.imageTypeNotAllowed ? 'contentType' : 'size';
      context.addIssue({ code: 'custom', path: [path], message: problem });
    }
  });
export type FileUploadRequest = z.infer<typeof fileUploadRequestSchema>;

export const DEVICE_FILE_STATUSES = ['pending', 'uploaded'] as const;

/** A file as the API returns it. `pending` until the upload is confirmed. */
export const deviceFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  kind: z.enum(DEVICE_FILE_KINDS),
  status: z.enum(DEVICE_FILE_STATUSES),
  createdBy: z.string(),
  createdAt: z.string(),
  uploadedAt: z.string().optional(),
});
export type DeviceFile = z.infer<typeof deviceFileSchema>;
export const deviceFilePageSchema = z.object({ items: z.array(deviceFileSchema), nextCursor: z.string().optional() });

/** How long a presigned download URL works. */
export const PRESIGNED_URL_SECONDS = 15 * 60;
/** How long an upload's signed POST policy works: enough to send 10 MB over a slow line. */
export const UPLOAD_FORM_SECONDS = 5 * 60;

/**
 * Where the browser uploads a file: a multipart form POST to `uploadUrl` of `uploadFields`
 * (in order), then the file as the last field, `file`, before `expiresAt`. The bucket itself
 * refuses another key, content type or size than the ones announced.
 */
export const uploadFormSchema = z.object({
  uploadUrl: z.string(),
  uploadMethod: z.literal('POST'),
  uploadFields: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});

/** The answer to POST .../files: the pending file and its upload form, then PUT .../files/{fileId}/complete. */
export const fileUploadTicketSchema = uploadFormSchema.extend({ file: deviceFileSchema });
export type FileUploadTicket = z.infer<typeof fileUploadTicketSchema>;

/** GET .../files/{fileId}/download: a URL that downloads the file as an attachment. */
export const fileDownloadSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type FileDownload = z.infer<typeof fileDownloadSchema>;
