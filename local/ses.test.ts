import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './ports';
import { startSes, type LocalSes } from './ses';

function statusFor(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(url, { headers: { host } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    call.on('error', reject);
    call.end();
  });
}

describe('the SES emulator (the outbox\'s emails)', () => {
  let ses: LocalSes;

  beforeAll(async () => {
    ses = await startSes(await freePort());
  });
  afterAll(async () => {
    await ses.stop();
  });

  it('shows its store to a loopback host name only (no DNS rebinding)', async () => {
    const port = new URL(ses.endpoint).port;
    expect(await statusFor(`${ses.endpoint}/store`, `attacker.example:${port}`)).toBe(403);
    expect(await statusFor(`${ses.endpoint}/`, 'attacker.example')).toBe(403);
    expect(await statusFor(`${ses.endpoint}/store`, `localhost:${port}`)).toBe(200);
    expect(await ses.emails()).toEqual([]);
  });
});
