import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a data folder keeps the key proxy tokens are signed with (owner-only, never committed). */
export const PROXY_TOKEN_KEY_FILE = 'proxy-token-key';

/**
 * The data folder's proxy token key (lambdas/shared/proxy-token.ts), made at its first start
 * like its other secrets and given to the handlers as `PROXY_TOKEN_KEY`; on AWS it is a
 * Parameter Store SecureString. `npm run reset` makes a new one (open proxy sessions end).
 */
export function loadLocalProxyTokenKey(dataDir: string): string {
  const path = join(dataDir, PROXY_TOKEN_KEY_FILE);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!existsSync(path)) {
    // `wx`: when two processes start at once, the second reads the first one's key.
    try {
      writeFileSync(path, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  chmodSync(path, 0o600);
  const key = readFileSync(path, 'utf8').trim();
  if (!/^[A-Za-z0-9_-]{43,}$/.test(key)) throw new Error(`The local proxy token key ${path} is damaged: run \`npm run reset\`, or delete the file.`);
  return key;
}
