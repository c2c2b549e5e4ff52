import { describe, expect, it } from 'vitest';
import {
  accountEmailMarkerKeyParams,
  accountEmailPartition,
  accountKeyParams,
  accountPut,
  sessionKeyParams,
  sessionPut,
  sessionTokenKeyParams,
  toAccountRecord,
  toSessionRecord,
  toUserSession,
  verificationCodePut,
} from './index';

const record = { accountId: 'acc-1', email: ' Ann.Smith@Example.com ', firstName: 'Ann', lastName: 'Smith', role: 'admin', inviteDate: null, version: 2 };

// The keys the identity items have always had, byte for byte (no migration).
describe('identity entities keep their stored keys', () => {
  it('writes the user item under the same keys, and keeps superadmin accounts out of the list index', () => {
    // Act
    const item = accountPut('t', 'org-1', record).Item;
    const superadmin = accountPut('t', 'org-1', { ...record, role: 'superadmin' }).Item;
    // Assess
    expect(item).toMatchObject({
      pk: 'C#org-1#USER',
      sk: 'USER#acc-1',
      type: 'USER',
      gsi1pk: 'C#org-1#USER',
      gsi1sk: `NAME#${encodeURIComponent('smith ann  ann.smith@example.com')}#acc-1`,
      gsi2pk: accountEmailPartition('org-1', record.email),
      gsi2sk: 'USER',
      inviteDate: null,
    });
    expect(accountKeyParams('t', 'org-1', 'acc-1').Key).toEqual({ pk: 'C#org-1#USER', sk: 'USER#acc-1' });
    expect(superadmin).not.toHaveProperty('gsi1pk');
    expect(superadmin).not.toHaveProperty('gsi1sk');
  });

  it('keeps the email marker, session and token keys', () => {
    // Assess
    expect(accountEmailMarkerKeyParams('t', 'org-1', record.email).Key)
      .toEqual({ pk: 'C#org-1#UNIQUE#USER#email#ann.smith%40example.com', sk: 'UNIQUE' });
    expect(sessionKeyParams('t', 'org-1', 'acc-1', 's-1').Key).toEqual({ pk: 'C#org-1#SESSION#acc-1', sk: 'SESSION#s-1' });
    expect(sessionTokenKeyParams('t', 'org-1', 'tok-1').Key).toEqual({ pk: 'C#org-1#TOKEN#tok-1', sk: 'TOKEN' });
  });

  it('decodes field by field: no keys, no entity marker, no code hash in what is answered', () => {
    // Prepare
    const item = accountPut('t', 'org-1', record).Item;
    const session = sessionPut('t', {
      id: 's-1', customerId: 'org-1', accountId: 'acc-1', email: 'a@b.c', tokenId: 'tok-1', deviceKey: '', deviceId: '', deviceModel: '',
      deviceName: 'Phone', osVersion: '', platformName: 'browser', appVersion: '', userAgent: 'UA', ip: '1.2.3.4',
      loginAt: '2026-01-01T00:00:00.000Z', lastSeenAt: '2026-01-01T00:00:00.000Z', expiresAt: '2026-01-31T00:00:00.000Z', ttl: 1, pushEnabled: false,
    }).Item;
    const code = verificationCodePut('t', 'org-1', 'acc-1', 'phone', { codeHash: 'secret', destination: '+1', expiresAt: 'x', attempts: 0 }, 1).Item;
    // Act
    const decoded = [toAccountRecord(item), toUserSession(toSessionRecord(session), 'tok-1')];
    // Assess
    for (const answer of decoded) {
      const text = JSON.stringify(answer);
      for (const field of ['pk', 'sk', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', '__edb_e__', '__edb_v__', 'customerId', 'tokenId']) expect(text).not.toContain(`"${field}"`);
    }
    expect(code['sk']).toBe('USER#acc-1#OTP#phone');
  });
});
