import { describe, expect, it } from 'vitest';
import { ALARM_TYPES } from '../alarms/alarm';
import { LANGUAGES } from '../identity/user';
import { ALL_MODULES } from '../organisation/modules';
import { CHANNELS, DELIVERY_PROVIDER_NAMES, NOTIFICATION_CHANNELS, queueVariableOf } from './channels';
import { addressFor, type DeliveryRecipient } from './delivery';
import { defaultTemplate, TEMPLATE_KINDS } from './templates';

// The catalogue's wiring (issue 33 section 3): what the type checker cannot see is checked here.

/** A user every channel reaches, but for a phone nobody verified. */
const unverified: DeliveryRecipient = {
  accountId: 'u-1', email: 'u-1@demo.example', phone: '+15550100', phoneVerified: false, smsEnabled: true,
  enablePager: true, pagerType: 'email', pagerNumber: 'pager@demo.example',
};

describe('the channels catalogue', () => {
  it('carries each channel by providers of the catalogue, and each provider carries a channel', () => {
    const carried = new Set(NOTIFICATION_CHANNELS.flatMap((channel) => [...CHANNELS[channel].providers]));
    expect([...carried].sort()).toEqual([...DELIVERY_PROVIDER_NAMES].sort());
  });

  it('gives each provider a queue variable of its own', () => {
    expect(new Set(DELIVERY_PROVIDER_NAMES.map(queueVariableOf)).size).toBe(DELIVERY_PROVIDER_NAMES.length);
  });

  it('says which channels need a verified phone as delivery does', () => {
    for (const channel of NOTIFICATION_CHANNELS) {
      const address = addressFor(unverified, channel, ALL_MODULES);
      expect('skip' in address && address.skip === 'noVerifiedPhone', channel).toBe(CHANNELS[channel].needsVerifiedPhone);
    }
  });

  it('sends on each channel a provider the channel names', () => {
    const verified = { ...unverified, phoneVerified: true };
    for (const channel of NOTIFICATION_CHANNELS) {
      const address = addressFor(verified, channel, ALL_MODULES);
      expect('provider' in address && (CHANNELS[channel].providers as readonly string[]).includes(address.provider), channel).toBe(true);
    }
  });

  it('has a default template with exactly its fields for every kind, language and alarm type', () => {
    for (const channel of NOTIFICATION_CHANNELS) {
      for (const kind of TEMPLATE_KINDS) {
        for (const language of LANGUAGES) {
          for (const alarmType of [...ALARM_TYPES, undefined]) {
            const template: Record<string, string> = defaultTemplate(kind, channel, language, alarmType);
            expect(Object.keys(template).sort(), `${channel} ${kind} ${language}`).toEqual([...CHANNELS[channel].templateFields].sort());
            for (const field of CHANNELS[channel].templateFields) expect(template[field], `${channel}.${field}`).not.toBe('');
          }
        }
      }
    }
  });
});
