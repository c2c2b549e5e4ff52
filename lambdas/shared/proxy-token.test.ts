import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { PROXY_TOKEN_ISSUER, signProxyToken, verifyProxyToken, type ProxyTokenClaims } from './proxy-token';

const key = new TextEncoder().encode('k'.repeat(48));
const otherKey = new TextEncoder().encode('o'.repeat(48));
const now = new Date('2026-11-27T10:00:00Z');
const claims: ProxyTokenClaims = {
  sessionId: 'proxy-1', customerId: 'org-2', mode: 'write',
  actor: { userId: 'helpdesk-1', email: 'help@example.com' }, expiresAt: new Date(now.getTime() + 30 * 60_000),
};
const minutes = (count: number) => new Date(now.getTime() + count * 60_000);

describe('proxy token', () => {
  it('verifies its own token: organisation as subject, the actor in act (RFC 8693), session and mode', async () => {
    const token = await signProxyToken(claims, key, now);
    expect(await verifyProxyToken(token, key, minutes(29))).toEqual({ ...claims, expiresAt: claims.expiresAt });
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(payload).toMatchObject({ sub: 'org-2', customerid: 'org-2', sid: 'proxy-1', mode: 'write', act: { sub: 'helpdesk-1', email: 'help@example.com' } });
  });

  it('refuses it once expired, and never lets it outlive 30 minutes', async () => {
    const token = await signProxyToken(claims, key, now);
    expect(await verifyProxyToken(token, key, minutes(31))).toBeUndefined();
    // Asked for longer, the signer still stops at 30 minutes.
    const longer = await signProxyToken({ ...claims, expiresAt: minutes(120) }, key, now);
    expect((await verifyProxyToken(longer, key, now))?.expiresAt).toEqual(minutes(30));
    // A token someone made with the key but a longer life is refused even before it expires.
    const forged = await new SignJWT({ act: { sub: 'helpdesk-1', email: 'help@example.com' }, sid: 'proxy-1', customerid: 'org-2', mode: 'write' })
      .setProtectedHeader({ alg: 'HS256' }).setIssuer(PROXY_TOKEN_ISSUER).setAudience(PROXY_TOKEN_ISSUER).setSubject('org-2')
      .setIssuedAt(Math.floor(now.getTime() / 1000)).setExpirationTime(Math.floor(minutes(60).getTime() / 1000)).sign(key);
    expect(await verifyProxyToken(forged, key, minutes(1))).toBeUndefined();
  });

  it('refuses another key, a tampered payload, a subject that is not its organisation and garbage', async () => {
    const token = await signProxyToken(claims, key, now);
    expect(await verifyProxyToken(token, otherKey, now)).toBeUndefined();
    const [header, , signature] = token.split('.');
    const tampered = Buffer.from(JSON.stringify({ sub: 'org-3', customerid: 'org-3' })).toString('base64url');
    expect(await verifyProxyToken(`${header}.${tampered}.${signature}`, key, now)).toBeUndefined();
    const mismatched = await new SignJWT({ act: { sub: 'helpdesk-1', email: 'help@example.com' }, sid: 'proxy-1', customerid: 'org-3', mode: 'write' })
      .setProtectedHeader({ alg: 'HS256' }).setIssuer(PROXY_TOKEN_ISSUER).setAudience(PROXY_TOKEN_ISSUER).setSubject('org-2')
      .setIssuedAt(Math.floor(now.getTime() / 1000)).setExpirationTime(Math.floor(minutes(10).getTime() / 1000)).sign(key);
    expect(await verifyProxyToken(mismatched, key, now)).toBeUndefined();
    expect(await verifyProxyToken('not-a-token', key, now)).toBeUndefined();
  });
});
