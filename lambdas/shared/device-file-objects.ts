import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, NotFound, type S3Client } from '@aws-sdk/client-s3';

/** Where the browser POSTs a file: a multipart form of `fields` first, then the file as `file`. */
export interface UploadForm { url: string; fields: Record<string, string> }

/** Where device files are kept: the browser moves the bytes through presigned requests, never through the API. */
export interface DeviceFileObjects {
  /**
   * A signed POST policy for one object: the bucket itself refuses any other key, another
   * content type than `contentType`, a size other than `size` bytes, and any upload after
   * `expiresInSeconds`.
   */
  uploadForm(key: string, contentType: string, size: number, expiresInSeconds: number): Promise<UploadForm>;
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

  async uploadForm(key: string, contentType: string, size: number, expiresInSeconds: number): Promise<UploadForm> {
    // The presigners load when first used, not with the function (docs/decisions/0082-one-bundle-per-resource.md).
    const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
    // A presigned PUT binds neither the size nor (in a browser) the body's type: a policy does.
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.bucket,
      Key: key,
      Conditions: [['content-length-range', size, size], ['eq', '$Content-Type', contentType]],
      Fields: { 'Content-Type': contentType },
      Expires: expiresInSeconds,
    });
    return { url, fields };
  }

  async downloadUrl(key: string, fileName: string, contentType: string, expiresInSeconds: number): Promise<string> {
    const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
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
