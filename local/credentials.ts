import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The AWS credentials the local runtime's handlers, tools and tests sign their calls with. */
export interface LocalCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

const CREDENTIALS_FILE = 'aws-credentials.json';
const ACCESS_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * The data folder's own AWS credentials, made at its first start (owner-only, never
 * committed: `.local/` is ignored). They are what the local services check: the identity
 * emulator's administrative operations need a signature with them, and DynamoDB Local keeps
 * one database per access key id, so a caller without this one (DynamoDB Local listens on
 * every interface) sees an empty database of its own, not this one. `npm run reset` makes new
 * ones with the new data.
 */
export function loadLocalCredentials(dataDir: string): LocalCredentials {
  const path = join(dataDir, CREDENTIALS_FILE);
  // Owner-only, the folder too: DynamoDB Local names its database file after the access key id.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  if (!existsSync(path)) {
    const accessKeyId = `LOCAL${[...randomBytes(15)].map((byte) => ACCESS_KEY_ALPHABET[byte % 32]).join('')}`;
    const credentials: LocalCredentials = { accessKeyId, secretAccessKey: randomBytes(30).toString('base64url') };
    // `wx`: when two processes start at once, the second reads the first one's credentials.
    try {
      writeFileSync(path, JSON.stringify(credentials), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(path, 0o600);
  const stored = JSON.parse(readFileSync(path, 'utf8')) as Partial<LocalCredentials>;
  if (typeof stored.accessKeyId !== 'string' || !/^[A-Z0-9]{16,}$/.test(stored.accessKeyId)
    || typeof stored.secretAccessKey !== 'string' || stored.secretAccessKey.length < 32) {
    throw new Error(`The local AWS credentials ${path} are damaged: run \`npm run reset\`, or restore the file.`);
  }
  return { accessKeyId: stored.accessKeyId, secretAccessKey: stored.secretAccessKey };
}
