import { S3Client } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition, S3DeviceFileObjects } from './device-file-objects';

describe('device file objects', () => {
  it('names a download with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('report.pdf')).toBe('attachment; filename="report.pdf"; filename*=UTF-8\'\'report.pdf');
    expect(attachmentDisposition('rapport "été" (1).pdf')).toBe(
      'attachment; filename="rapport __t__ (1).pdf"; filename*=UTF-8\'\'rapport%20%22%C3%A9t%C3%A9%22%20%281%29.pdf',
    );
  });

  it('signs an upload policy bound to its key, content type and exact size, and a download as an attachment, both expiring', async () => {
    const client = new S3Client({ region: 'eu-west-1', endpoint: 'http://127.0.0.1:4569', forcePathStyle: true, credentials: { accessKeyId: 'k', secretAccessKey: 's' } });
    const objects = new S3DeviceFileObjects(client, 'files');
    const before = Date.now();
    const upload = await objects.uploadForm('org/sensors/AB/1', 'text/plain', 68, 300);
    expect(upload.url).toBe('http://127.0.0.1:4569/files');
    expect(upload.fields).toMatchObject({ key: 'org/sensors/AB/1', 'Content-Type': 'text/plain' });
    const policy = JSON.parse(Buffer.from(upload.fields['Policy'] ?? '', 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(expect.arrayContaining([
      ['content-length-range', 68, 68], ['eq', '$Content-Type', 'text/plain'], { key: 'org/sensors/AB/1' }, { bucket: 'files' },
    ]));
    expect(Date.parse(policy.expiration) - before).toBeLessThanOrEqual(301_000);
    const download = new URL(await objects.downloadUrl('org/sensors/AB/1', 'a.txt', 'text/plain', 900));
    expect(download.searchParams.get('response-content-disposition')).toBe('attachment; filename="a.txt"; filename*=UTF-8\'\'a.txt');
    expect(download.searchParams.get('response-content-type')).toBe('text/plain');
  });
});
