import { describe, expect, it } from 'vitest';
import { DEVICE_FILE_MAX_BYTES, DEVICE_IMAGE_MAX_BYTES, deviceFileProblem, deviceNoteInputSchema, fileUploadRequestSchema } from './device-records';
import { MESSAGES } from '../core/messages';

const messagesOf = (input: unknown) => {
  const result = fileUploadRequestSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('a device note', () => {
  it('needs a name and a note, trimmed, within their lengths', () => {
    expect(deviceNoteInputSchema.parse({ name: ' Door seal ', note: ' Replaced ' })).toEqual({ name: 'Door seal', note: 'Replaced' });
    const issues = deviceNoteInputSchema.safeParse({ name: '', note: ' ' }).error?.issues.map((issue) => issue.message);
    expect(issues).toEqual([MESSAGES.noteNameRequired, MESSAGES.noteTextRequired]);
    const long = deviceNoteInputSchema.safeParse({ name: 'n'.repeat(101), note: 'x'.repeat(2001) }).error?.issues.map((issue) => issue.message);
    expect(long).toEqual([MESSAGES.noteNameTooLong, MESSAGES.noteTextTooLong]);
  });
});

describe('a file to upload to a device', () => {
  it('takes a document of the allowed types up to 10 MB, a plain file unless told it is an image', () => {
    expect(fileUploadRequestSchema.parse({ fileName: 'report.pdf', contentType: 'Application/PDF', size: 1000 }))
      .toEqual({ fileName: 'report.pdf', contentType: 'application/pdf', size: 1000, kind: 'file' });
    expect(messagesOf({ fileName: 'big.pdf', contentType: 'application/pdf', size: DEVICE_FILE_MAX_BYTES })).toEqual([]);
    expect(messagesOf({ fileName: 'big.pdf', contentType: 'application/pdf', size: DEVICE_FILE_MAX_BYTES + 1 })).toEqual([MESSAGES.fileTooLarge]);
    expect(messagesOf({ fileName: 'run.exe', contentType: 'application/x-msdownload', size: 10 })).toEqual([MESSAGES.fileTypeNotAllowed]);
    expect(messagesOf({ fileName: 'empty.txt', contentType: 'text/plain', size: 0 })).toEqual([MESSAGES.fileEmpty]);
  });

  it('takes images as JPEG, PNG or WebP up to 5 MB', () => {
    expect(messagesOf({ fileName: 'site.jpg', contentType: 'image/jpeg', size: DEVICE_IMAGE_MAX_BYTES, kind: 'image' })).toEqual([]);
    expect(messagesOf({ fileName: 'site.jpg', contentType: 'image/jpeg', size: DEVICE_IMAGE_MAX_BYTES + 1, kind: 'image' })).toEqual([MESSAGES.imageTooLarge]);
    expect(messagesOf({ fileName: 'site.pdf', contentType: 'application/pdf', size: 10, kind: 'image' })).toEqual([MESSAGES.imageTypeNotAllowed]);
  });

  it('refuses a missing name, or one with a path', () => {
    expect(messagesOf({ fileName: ' ', contentType: 'text/plain', size: 1 })).toEqual([MESSAGES.fileNameRequired]);
    expect(messagesOf({ fileName: '../etc/passwd', contentType: 'text/plain', size: 1 })).toEqual([MESSAGES.fileNameInvalid]);
  });

  it('says the same in the browser before the upload', () => {
    expect(deviceFileProblem({ kind: 'image', contentType: 'image/gif', size: 1 })).toBe(MESSAGES.imageTypeNotAllowed);
    expect(deviceFileProblem({ kind: 'file', contentType: 'text/csv', size: 1 })).toBeUndefined();
  });
});
