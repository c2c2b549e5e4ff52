import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/** Where device files are kept: the browser moves the bytes through presigned URLs, never through the API. */
export interface DeviceFileObjects {
  /** A URL the browser PUTs the bytes to, with `Content-Type: contentType`. */
  uploadUrl(key: string, contentType: string, expiresInSeconds: number): Promise<string>;
  /** A URL that downloads the object as an attachment named `fileName`. */
  downloadUrl(key: string, fileName: string, contentType: string, expiresInSeconds: number): Promise<string>;
  /** The stored object's size, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  delete(key: string): Promise<void>;
}

/** `attachment; filename="..."` with an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987). */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7E]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The files bucket on S3 (the S3 emulator locally). */
export class S3DeviceFileObjects implements DeviceFileObjects {
  constructor(private readonly client: S3Client, private readonly bucket: string) {}

  uploadUrl(key: string, contentType: string, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(this.client, new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }), {
      expiresIn: expiresInSeconds,
      // The browser must send this content type: it is part of the signature.
      signableHeaders: new Set(['content-type']),
    });
  }

  downloadUrl(key: string, fileName: string, contentType: string, expiresInSeconds: number): Promise<string> {
    return getSignedUrl(this.client, new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: attachmentDisposition(fileName),
      ResponseContentType: contentType,
    }), { expiresIn: expiresInSeconds });
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
        return undefined;
      }
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
