import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LOCAL_CREDENTIALS } from './identity';

const require = createRequire(import.meta.url);

/** Buckets the product uses; the CDK declares the same on AWS. */
export const LOCAL_BUCKETS = { files: 'coldchain-files', reports: 'coldchain-reports' } as const;

export interface LocalS3 {
  endpoint: string;
  stop(): Promise<void>;
}

interface S3rverInstance {
  run(): Promise<unknown>;
  close(callback: (error?: Error) => void): void;
}

/** The S3 emulator, files kept under `dataDir`; buckets are made at start when missing. */
export async function startS3(port: number, dataDir: string): Promise<LocalS3> {
  mkdirSync(dataDir, { recursive: true });
  const S3rver = require('s3rver') as new (options: Record<string, unknown>) => S3rverInstance;
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory: dataDir,
    silent: true,
    configureBuckets: Object.values(LOCAL_BUCKETS).map((name) => ({ name })),
  });
  await server.run();
  // The handlers sign with the fixed local credentials; s3rver knows only its own key pair
  // until it is told this one (it does not check signatures).
  const accounts = require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  accounts.DUMMY_ACCOUNT.createKeyPair(LOCAL_CREDENTIALS.accessKeyId, LOCAL_CREDENTIALS.secretAccessKey);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
