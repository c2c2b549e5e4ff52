import { S3Client } from '@aws-sdk/client-s3';

let storageClient: S3Client | undefined;

/**
 * Files (site PDFs). `S3_FORCE_PATH_STYLE=true` is for S3-compatible endpoints that have no
 * bucket host names (the local emulator); on AWS bucket host names are used.
 */
export function s3Client(): S3Client {
  storageClient ??= new S3Client({ forcePathStyle: process.env['S3_FORCE_PATH_STYLE'] === 'true' });
  return storageClient;
}
