import { describe, expect, it } from 'vitest';
import { auditItem, diffFields } from './audit';
import type { Caller } from '../shared/caller';

const caller: Caller = {
  userId: 'u1', email: 'admin@demo.example', role: 'admin', customerId: 'org', accountId: 'a1', isPortalLogin: true, tokenId: 't1',
};

describe('audit entries', () => {
  it('lists the fields a user changed, not the bookkeeping', () => {
    expect(diffFields({ name: 'A', version: 1, updatedAt: 't1' }, { name: 'B', version: 2, updatedAt: 't2' }))
      .toEqual([{ field: 'name', before: 'A', after: 'B' }]);
    expect(diffFields(undefined, { name: 'A' })).toEqual([{ field: 'name', before: undefined, after: 'A' }]);
  });

  it('is keyed under the organisation, and findable by the entity it is about', () => {
    const item = auditItem('org', caller, 'DEPARTMENT', 'd1', 'update', { name: 'A' }, { name: 'B' }, new Date('2026-01-02T03:04:05Z'));
    expect(item['pk']).toBe('C#org#AUDIT');
    expect(item['gsi1pk']).toBe('C#org#HISTORY#DEPARTMENT#d1');
    expect(String(item['sk'])).toMatch(/^2026-01-02T03:04:05.000Z#/);
    expect(item).toMatchObject({ action: 'update', actor: { email: 'admin@demo.example', role: 'admin' } });
  });
});
