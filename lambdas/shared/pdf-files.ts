import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';

/** Where an uploaded PDF is kept (a site's documents, a calibration's certificate): one object per upload, under the organisation's prefix. */
export interface SiteDocumentFiles {
  put(key: string, content: Buffer): Promise<void>;
  /** Undefined when the object is gone. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

/** Object keys start with the organisation, as table keys do. */
export const siteDocumentKey = (customerId: string, siteId: string, uploadId: string) =>
  `${encodeURIComponent(customerId)}/sites/${siteId}/${uploadId}.pdf`;

/** The files bucket on S3 (the S3 emulator locally). */
export class S3SiteDocumentFiles implements SiteDocumentFiles {
  constructor(private readonly client: S3Client, private readonly bucket: string) {}

  async put(key: string, content: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      Body: content,
      ContentType: 'application/pdf',
      ContentLength: content.length,
    }));
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const result = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (result.Body === undefined) return undefined;
      return Buffer.from(await result.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
