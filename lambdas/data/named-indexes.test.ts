import { describe, expect, it } from 'vitest';
import { locationKey } from './entities/location';
import { securityGroup, securityGroupKey, securityGroupsByName } from './entities/security-group';
import { userView } from './entities/user-view';

describe('namedRecordIndexes', () => {
  it("gives today's keys, by id and by name", () => {
    // Assess
    expect(securityGroupKey('table', 'org-1', 'g-1').Key).toEqual({ pk: 'C#org-1#SECURITYGROUP', sk: 'SECURITYGROUP#g-1' });
    expect(locationKey('table', 'org-1', 'l-1').Key).toEqual({ pk: 'C#org-1#LOCATION', sk: 'LOCATION#l-1' });
    expect(securityGroupsByName('table', 'org-1')).toMatchObject({ IndexName: 'gsi1', ExpressionAttributeValues: { ':pk': 'C#org-1#SECURITYGROUP', ':sk1': 'NAME#' } });
  });

  it('keeps the key attributes typed (a key without its id does not compile, and is refused)', () => {
    // Assess
    // @ts-expect-error: a user view's key needs its id.
    expect(() => userView.get({ customerId: 'org-1' }).params({ table: 'table' })).toThrow();
    expect(Object.keys(securityGroup.schema.indexes)).toEqual(['byId', 'byName']);
  });
});
