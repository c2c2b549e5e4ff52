import { describe, expect, it } from 'vitest';
import { ALL_MODULES } from '../organisation/modules';
import { addressFor, type DeliveryRecipient } from './delivery';

const pagedUser: DeliveryRecipient = { accountId: 'u-1', email: 'u-1@demo.example', enablePager: true, pagerType: 'email', pagerNumber: 'pager@demo.example' };

describe('addressFor: the pager and the organisation\'s pager feature (issue 16)', () => {
  it('reaches a pager only where the organisation has the pager feature', () => {
    expect(addressFor(pagedUser, 'pager', ALL_MODULES)).toEqual({ provider: 'email', to: 'pager@demo.example' });
    expect(addressFor(pagedUser, 'pager', { ...ALL_MODULES, enablePager: false })).toEqual({ skip: 'noPager' });
    // The other channels do not depend on it.
    expect(addressFor(pagedUser, 'email', { ...ALL_MODULES, enablePager: false })).toEqual({ provider: 'email', to: 'u-1@demo.example' });
  });
});
