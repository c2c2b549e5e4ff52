import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { LocalCredentials } from './credentials';

const require = createRequire(import.meta.url);

/** Buckets the product uses; the CDK declares the same on AWS. */
export const LOCAL_BUCKETS = { files: 'coldchain-files', reports: 'coldchain-reports' } as const;

/**
 * The browser uploads and downloads device files straight to and from the emulator through
 * presigned URLs (lambdas/device-records), from the portal's origin: the files bucket allows
 * that origin alone, as on AWS (lib/files.ts). s3rver checks no signature, so any other
 * origin granted here would let a web page the developer opens list and read every file.
 */
export function filesCors(portalOrigins: readonly string[]): string {
  return `<CORSConfiguration>
  <CORSRule>
${portalOrigins.map((origin) => `    <AllowedOrigin>${origin}</AllowedOrigin>`).join('\n')}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<unknown>;
  close(callback: (error?: Error) => void): void;
}

/** The S3 emulator, files kept under `dataDir`; buckets are made at start when missing. */
export async function startS3(port: number, dataDir: string, credentials: LocalCredentials, portalOrigins: readonly string[]): Promise<LocalS3> {
  mkdirSync(dataDir, { recursive: true });
  const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: dataDir,
    silent: true,
    configureBuckets: Object.values(LOCAL_BUCKETS).map((name) => ({ name, configs: name === LOCAL_BUCKETS.files ? [filesCors(portalOrigins)] : [] })),
  });
  await server.run();
  // The handlers sign with the data folder's credentials; s3rver knows only its own key pair
  // until it is told this one (it does not check signatures).
  const accounts = require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  accounts.DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
