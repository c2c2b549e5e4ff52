import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DELIVERY_PROVIDER_NAMES, DELIVERY_PROVIDERS } from '@domain/notifications/channels';
import { ChannelFaultError, ChannelFaults, isFaultChannel } from './channel-faults';

describe('the outbox\'s fault switches', () => {
  it('has one switch for each provider of the channels catalogue, each failing its own next sends', () => {
    const faults = new ChannelFaults();
    expect(Object.keys(faults.state()).sort()).toEqual([...DELIVERY_PROVIDER_NAMES].sort());
    for (const provider of DELIVERY_PROVIDER_NAMES) {
      expect(isFaultChannel(provider)).toBe(true);
      faults.failNext(provider, 1);
      expect(() => faults.check(provider)).toThrow(ChannelFaultError);
      expect(() => faults.check(provider)).not.toThrow();
    }
    expect(isFaultChannel('pager')).toBe(false);
  });

  it('stands in locally for each provider with a module that exists', () => {
    for (const provider of DELIVERY_PROVIDER_NAMES) expect(existsSync(new URL(`../${DELIVERY_PROVIDERS[provider].localStandIn}`, import.meta.url)), provider).toBe(true);
  });
});
