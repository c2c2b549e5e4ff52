import * as z from 'zod';
import { MESSAGES } from '../core/messages';
import { FILE_NAME_MAX, uploadFormSchema } from '../devices/device-records';
import { libraryNameSchema } from './corrective-action';

/**
 * Information items (SPEC sections 2, 3 "Other", 9; issue 15 section 1): a text, and
 * optionally a picture or a PDF (at most 2 MB, SPEC section 9), shown to whoever answers a
 * question that names the item (`Question.informationId`). A name is required and unique in
 * the organisation. The file goes as device files do: the browser POSTs its bytes with a
 * signed upload form the API gives, then confirms; it is read through another presigned URL. The
 * answer never names where the bytes are kept.
 */
export const INFORMATION_NAME_MAX = 100;
export const INFORMATION_TEXT_MAX = 4000;
/** SPEC section 9: PDF max 2 MB; a picture the same. */
export const INFORMATION_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const INFORMATION_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;

export const informationItemInputSchema = z.object({
  name: libraryNameSchema(INFORMATION_NAME_MAX, MESSAGES.nameMax100),
  text: z
    .string({ error: MESSAGES.informationTextRequired })
    .trim()
    .min(1, { error: MESSAGES.informationTextRequired, abort: true })
    .max(INFORMATION_TEXT_MAX, { error: MESSAGES.informationTextTooLong }),
});
export type InformationItemInput = z.infer<typeof informationItemInputSchema>;
export type InformationItemFormValues = z.input<typeof informationItemInputSchema>;

/** What is wrong with a file for an information item, or undefined: the same check in the browser and the API. */
export function informationFileProblem(file: { contentType: string; size: number }): string | undefined {
  if (!(INFORMATION_FILE_TYPES as readonly string[]).includes(file.contentType)) return MESSAGES.informationFileType;
  if (file.size <= 0) return MESSAGES.fileEmpty;
  if (file.size > INFORMATION_FILE_MAX_BYTES) return MESSAGES.informationFileTooLarge;
  return undefined;
}

const FILE_NAME_PATTERN = /^[^/\\\p{Cc}]+$/u;

/** POST /informationitems/{id}/file: the picture or PDF the browser is about to upload. */
export const informationFileUploadSchema = z
  .object({
    fileName: z
      .string({ error: MESSAGES.fileNameRequired })
      .trim()
      .min(1, { error: MESSAGES.fileNameRequired, abort: true })
      .max(FILE_NAME_MAX, { error: MESSAGES.fileNameInvalid })
      .regex(FILE_NAME_PATTERN, { error: MESSAGES.fileNameInvalid }),
    contentType: z.string({ error: MESSAGES.informationFileType }).max(100, { error: MESSAGES.informationFileType }).trim().toLowerCase(),
    size: z.number({ error: MESSAGES.fileEmpty }).int({ error: MESSAGES.fileEmpty }),
  })
  .superRefine((upload, context) => {
    const problem = informationFileProblem(upload);
    if (problem !== undefined) context.addIssue({ code: 'custom', path: [problem === MESSAGES.informationFileType ? 'contentType' : 'size'], message: problem });
  });
export type InformationFileUpload = z.infer<typeof informationFileUploadSchema>;

/** An information item as the API returns it: the file's name, type and size when one is attached, never its key. */
export const informationItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  text: z.string(),
  fileName: z.string().optional(),
  contentType: z.string().optional(),
  fileSize: z.number().int().optional(),
  fileUploadedAt: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number().int(),
});
export type InformationItem = z.infer<typeof informationItemSchema>;
export const informationItemPageSchema = z.object({ items: z.array(informationItemSchema), nextCursor: z.string().optional() });

/** The answer to POST /informationitems/{id}/file: the upload form (domain/devices/device-records.ts), then PUT .../file/complete. */
export const informationFileTicketSchema = uploadFormSchema;
export type InformationFileTicket = z.infer<typeof informationFileTicketSchema>;

/** GET /informationitems/{id}/file: a URL reading the file (a picture shown, a PDF downloaded), for a while. */
export const informationFileLinkSchema = z.object({ url: z.string(), fileName: z.string(), contentType: z.string(), expiresAt: z.string() });
export type InformationFileLink = z.infer<typeof informationFileLinkSchema>;

/** Whether a content type is a picture (shown inline) rather than a PDF (downloaded). */
export const isInformationPicture = (contentType: string | undefined) => contentType !== undefined && contentType.startsWith('image/');
