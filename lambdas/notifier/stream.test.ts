import { marshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { notifierWorkOf, type TableChange } from './stream';

const image = (item: Record<string, unknown>) => marshall(item, { removeUndefinedValues: true }) as NonNullable<TableChange['dynamodb']>['NewImage'];
const alarm = (timeline: number, extra: Record<string, unknown> = {}) => ({ __edb_e__: 'alarm', customerId: 'org-a', id: 'alarm-1', timeline: Array.from({ length: timeline }, (_, index) => ({ kind: 'raised', at: String(index) })), ...extra });
const delivery = (status: string) => ({
  __edb_e__: 'notificationDelivery', customerId: 'org-a', alarmId: 'alarm-1', stepKey: '0:alarm:acct', channel: 'text', kind: 'alarm', level: 1, accountId: 'acct',
  status, attempts: 0, dueAt: '2026-11-27T10:00:00.000Z', queuedAt: '2026-11-27T10:00:00.000Z', updatedAt: '2026-11-27T10:00:00.000Z', provider: 'text', to: '+447700900001', version: 1,
});

describe('the notifier reading the table stream', () => {
  it('plans an alarm raised, or whose timeline grew, and nothing for a change that left the timeline as it was', () => {
    // Assess
    expect(notifierWorkOf({ eventName: 'INSERT', dynamodb: { NewImage: image(alarm(1)) } })).toEqual({ alarm: { customerId: 'org-a', alarmId: 'alarm-1' } });
    expect(notifierWorkOf({ eventName: 'MODIFY', dynamodb: { OldImage: image(alarm(1)), NewImage: image(alarm(2)) } }).alarm).toBeDefined();
    expect(notifierWorkOf({ eventName: 'MODIFY', dynamodb: { OldImage: image(alarm(2, { lastValue: 9 })), NewImage: image(alarm(2, { lastValue: 10 })) } })).toEqual({});
  });

  it('hands over a delivery that became queued, once (not again while it stays queued), with its provider', () => {
    // Assess
    expect(notifierWorkOf({ eventName: 'INSERT', dynamodb: { NewImage: image(delivery('queued')) } }).delivery)
      .toEqual({ customerId: 'org-a', alarmId: 'alarm-1', stepKey: '0:alarm:acct', channel: 'text', provider: 'text' });
    expect(notifierWorkOf({ eventName: 'MODIFY', dynamodb: { OldImage: image(delivery('retrying')), NewImage: image(delivery('queued')) } }).delivery).toBeDefined();
    expect(notifierWorkOf({ eventName: 'MODIFY', dynamodb: { OldImage: image(delivery('queued')), NewImage: image(delivery('sending')) } })).toEqual({});
    expect(notifierWorkOf({ eventName: 'REMOVE', dynamodb: { OldImage: image(delivery('queued')) } })).toEqual({});
  });

  it('reads an empty map as the DynamoDB Streams client gives it (`{}`), at any depth', () => {
    // Prepare: the SDK's streams client turns {"M":{}} into {}.
    const raw = { ...image(alarm(1)), conditions: {}, nested: { L: [{ M: { empty: {} } }] } } as unknown as NonNullable<TableChange['dynamodb']>['NewImage'];
    // Assess
    expect(notifierWorkOf({ eventName: 'INSERT', dynamodb: { NewImage: raw } }).alarm).toEqual({ customerId: 'org-a', alarmId: 'alarm-1' });
  });
});
