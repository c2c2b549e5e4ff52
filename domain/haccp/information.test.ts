import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../core/messages';
import { INFORMATION_FILE_MAX_BYTES, informationFileProblem, informationFileUploadSchema, informationItemInputSchema, isInformationPicture } from './information';

describe('information item input', () => {
  it('requires a name and a text, each bounded', () => {
    const message = (input: unknown) => informationItemInputSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(message({ name: '', text: '' })).toEqual([MESSAGES.nameRequired, MESSAGES.informationTextRequired]);
    expect(message({ name: 'x'.repeat(101), text: 'x'.repeat(4001) })).toEqual([MESSAGES.nameMax100, MESSAGES.informationTextTooLong]);
    expect(informationItemInputSchema.parse({ name: ' Probe use ', text: ' Clean the probe first. ' })).toEqual({ name: 'Probe use', text: 'Clean the probe first.' });
  });
});

describe('information file (SPEC section 9: at most 2 MB)', () => {
  it('takes a picture or a PDF of at most 2 MB', () => {
    expect(informationFileProblem({ contentType: 'application/pdf', size: INFORMATION_FILE_MAX_BYTES })).toBeUndefined();
    expect(informationFileProblem({ contentType: 'image/png', size: 10 })).toBeUndefined();
    expect(informationFileProblem({ contentType: 'application/pdf', size: INFORMATION_FILE_MAX_BYTES + 1 })).toBe(MESSAGES.informationFileTooLarge);
    expect(informationFileProblem({ contentType: 'text/plain', size: 10 })).toBe(MESSAGES.informationFileType);
    expect(informationFileProblem({ contentType: 'image/jpeg', size: 0 })).toBe(MESSAGES.fileEmpty);
  });

  it('names the field a refused upload is about', () => {
    const issue = (input: unknown) => informationFileUploadSchema.safeParse(input).error?.issues[0];
    expect(issue({ fileName: 'a.exe', contentType: 'application/x-msdownload', size: 5 })).toMatchObject({ path: ['contentType'], message: MESSAGES.informationFileType });
    expect(issue({ fileName: 'big.pdf', contentType: 'APPLICATION/PDF', size: 3_000_000 })).toMatchObject({ path: ['size'], message: MESSAGES.informationFileTooLarge });
    expect(issue({ fileName: '../a.pdf', contentType: 'application/pdf', size: 5 })).toMatchObject({ path: ['fileName'], message: MESSAGES.fileNameInvalid });
    expect(informationFileUploadSchema.parse({ fileName: 'plan.pdf', contentType: 'Application/PDF', size: 5 })).toEqual({ fileName: 'plan.pdf', contentType: 'application/pdf', size: 5 });
  });

  it('tells a picture from a PDF', () => {
    expect(isInformationPicture('image/webp')).toBe(true);
    expect(isInformationPicture('application/pdf')).toBe(false);
    expect(isInformationPicture(undefined)).toBe(false);
  });
});
