import { GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { attachmentDisposition } from '../shared/device-file-objects';

/**
 * Where generated reports are kept (issue 34 section 3): the files bucket, under the
 * organisation's prefix and `reports/` (lib/files.ts expires that prefix after the retention),
 * downloaded through short-lived presigned URLs.
 */
export interface ReportFiles {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  downloadUrl(key: string, fileName: string, contentType: string, expiresInSeconds: number): Promise<string>;
}

/** Object keys start with the organisation, as table keys do. */
export const reportFileKey = (customerId: string, runId: string, fileName: string): string =>
  `${encodeURIComponent(customerId)}/reports/${runId}/${fileName}`;

/** The tag the bucket's lifecycle rule expires generated reports by (their keys start with the organisation, not a shared prefix). */
export const REPORT_OBJECT_TAG = { key: 'kind', value: 'report' } as const;

export const contentTypeOf = (fileName: string): string => (fileName.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/pdf');

export class S3ReportFiles implements ReportFiles {
  constructor(private readonly client: S3Client, private readonly bucket: string) {}

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length, Tagging: `${REPORT_OBJECT_TAG.key}=${REPORT_OBJECT_TAG.value}` }));
  }

  async downloadUrl(key: string, fileName: string, contentType: string, expiresInSeconds: number): Promise<string> {
    // The presigner loads when first used, not with the function (docs/decisions/0082-one-bundle-per-resource.md).
    const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
    return getSignedUrl(this.client, new GetObjectCommand({
      Bucket: this.bucket, Key: key, ResponseContentDisposition: attachmentDisposition(fileName), ResponseContentType: contentType,
    }), { expiresIn: expiresInSeconds });
  }
}
