import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadLocalCredentials } from './credentials';
import { adoptSharedDatabase } from './dynamodb';

describe("a data folder's own AWS credentials", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'credentials-'));
    chmodSync(dataDir, 0o755);
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('are made at the first start, random, readable by the owner only, and the same at the next start', () => {
    const first = loadLocalCredentials(dataDir);
    expect(first.accessKeyId).toMatch(/^LOCAL[A-Z2-7]{15}$/);
    expect(first.secretAccessKey.length).toBeGreaterThanOrEqual(40);
    expect(statSync(join(dataDir, 'aws-credentials.json')).mode & 0o777).toBe(0o600);
    // The database's file name carries the access key id: the folder is the owner's only.
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(loadLocalCredentials(dataDir)).toEqual(first);
    const other = mkdtempSync(join(tmpdir(), 'credentials-'));
    try {
      expect(loadLocalCredentials(other).accessKeyId).not.toBe(first.accessKeyId);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('refuse a damaged file with what to do, rather than starting with guessable ones', () => {
    writeFileSync(join(dataDir, 'aws-credentials.json'), JSON.stringify({ accessKeyId: 'local', secretAccessKey: 'local' }));
    expect(() => loadLocalCredentials(dataDir)).toThrow(/damaged: run `npm run reset`/);
  });

  it("keep a data folder's database made when one database was shared by every caller", () => {
    writeFileSync(join(dataDir, 'shared-local-instance.db'), 'the stored data');
    adoptSharedDatabase(dataDir, 'LOCALABCDEFGHIJKLMNO');
    expect(existsSync(join(dataDir, 'shared-local-instance.db'))).toBe(false);
    expect(readFileSync(join(dataDir, 'LOCALABCDEFGHIJKLMNO_us-east-1.db'), 'utf8')).toBe('the stored data');
    // Once adopted, a later shared file (an older checkout run on the folder) never replaces it.
    writeFileSync(join(dataDir, 'shared-local-instance.db'), 'older');
    adoptSharedDatabase(dataDir, 'LOCALABCDEFGHIJKLMNO');
    expect(readFileSync(join(dataDir, 'LOCALABCDEFGHIJKLMNO_us-east-1.db'), 'utf8')).toBe('the stored data');
  });
});
