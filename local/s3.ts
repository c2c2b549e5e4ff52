import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { LocalCredentials } from './credentials';
import { startS3Gate } from './s3-gate';

const require = createRequire(import.meta.url);

/** Buckets the product uses; the CDK declares the same on AWS. */
export const LOCAL_BUCKETS = { files: 'coldchain-files', reports: 'coldchain-reports' } as const;

/**
 * The browser uploads device files straight to the emulator with a signed POST policy and
 * downloads them through presigned URLs (lambdas/device-records), from the portal's origin:
 * the files bucket allows that origin alone, as on AWS (lib/files.ts). Every request is
 * signed as well (local/s3-gate.ts): CORS only lets the portal's page read the answers.
 */
export function filesCors(portalOrigins: readonly string[]): string {
  return `<CORSConfiguration>
  <CORSRule>
${portalOrigins.map((origin) => `    <AllowedOrigin>${origin}</AllowedOrigin>`).join('\n')}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
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

/**
 * The S3 emulator, files kept under `dataDir`; buckets are made at start when missing.
 * s3rver listens on a free loopback port of its own; `port` is the gate in front of it, which
 * forwards only requests signed with the data folder's credentials (local/s3-gate.ts).
 */
export async function startS3(port: number, dataDir: string, credentials: LocalCredentials, portalOrigins: readonly string[]): Promise<LocalS3> {
  mkdirSync(dataDir, { recursive: true });
  const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: dataDir,
    silent: true,
    configureBuckets: Object.values(LOCAL_BUCKETS).map((name) => ({ name, configs: name === LOCAL_BUCKETS.files ? [filesCors(portalOrigins)] : [] })),
  });
  const internal = await server.run() as AddressInfo;
  // The handlers sign with the data folder's credentials; s3rver knows only its own key pair
  // until it is told this one (it refuses a key it does not know, and checks no signature).
  const accounts = require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  accounts.DUMMY_ACCOUNT.createKeyPair(credentials.accessKeyId, credentials.secretAccessKey);
  const stopEmulator = () => new Promise<void>((resolve) => server.close(() => resolve()));
  let gate: Awaited<ReturnType<typeof startS3Gate>>;
  try {
    gate = await startS3Gate(port, { upstreamPort: internal.port, credentials, portalOrigins });
  } catch (error) {
    await stopEmulator();
    throw error;
  }
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => {
        gate.close(() => resolve());
        gate.closeAllConnections();
      });
      await stopEmulator();
    },
  };
}
