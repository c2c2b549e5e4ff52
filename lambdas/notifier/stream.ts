import type { DeliveryProvider } from '@domain/notifications/delivery';
import { isDeliveryItem, toNotificationDelivery, type DeliveryRef } from '../data';
import { imageOf, type TableChange } from '../data/table-changes';
import { planAlarmNotifications, type NotifierDependencies } from './plan';
import type { Logger } from '../shared/observability';
import { describeError } from '../shared/observability';

/**
 * The table's stream, read for the notifier (issue 14 section 3): on AWS DynamoDB Streams calls
 * the stream function with batches of changes; locally the stream reader (local/table-stream.ts)
 * reads DynamoDB Local's stream and calls the same code. Two kinds of change matter:
 * - an alarm raised, returned, cleared, acknowledged or snoozed (its timeline grew): its
 *   notifications are planned at once (the alarm's transition is the outbox of its first steps;
 *   later steps come back by the alarm's timer);
 * - a delivery that became `queued` (planned, queued again for a retry, released by the storm
 *   rule, resent by an administrator): handed to its channel's sender through `dispatch`.
 * Every other change is ignored. A failure of one record is reported by its sequence number, so
 * the batch is retried from it (the work is idempotent: a record done twice plans nothing new).
 */

export type { TableChange } from '../data/table-changes';

/** A queued delivery handed to its sender: the provider picks the queue. */
export type QueuedDelivery = DeliveryRef & { provider: DeliveryProvider };

export interface StreamDependencies extends NotifierDependencies {
  logger: Logger;
  /** Hands queued deliveries to their senders (the channel queues on AWS; in-process locally). */
  dispatch(deliveries: readonly QueuedDelivery[]): Promise<void>;
}

const timelineLength = (item: Record<string, unknown> | undefined) => (Array.isArray(item?.['timeline']) ? item['timeline'].length : 0);

/** Whether an alarm's change is one its notifications follow: created, or a new event on its timeline. */
function alarmMoved(before: Record<string, unknown> | undefined, after: Record<string, unknown>): boolean {
  return before === undefined || timelineLength(after) !== timelineLength(before) || before['acknowledgedAt'] !== after['acknowledgedAt'];
}

/** What a change asks of the notifier (nothing, an alarm to plan, or a delivery to send). */
export function notifierWorkOf(change: TableChange): { alarm?: { customerId: string; alarmId: string }; delivery?: QueuedDelivery } {
  const after = imageOf(change.dynamodb?.NewImage);
  if (after === undefined) return {};
  const before = imageOf(change.dynamodb?.OldImage);
  if (after['__edb_e__'] === 'alarm' && typeof after['customerId'] === 'string' && typeof after['id'] === 'string') {
    return alarmMoved(before, after) ? { alarm: { customerId: after['customerId'], alarmId: after['id'] } } : {};
  }
  if (isDeliveryItem(after) && after['status'] === 'queued' && before?.['status'] !== 'queued') {
    const delivery = toNotificationDelivery(after);
    if (delivery.provider === undefined) return {};
    return { delivery: { customerId: delivery.customerId, alarmId: delivery.alarmId, stepKey: delivery.stepKey, channel: delivery.channel, provider: delivery.provider } };
  }
  return {};
}

/** Does a batch of changes, in order; returns the sequence number of the first that failed (the batch resumes there). */
export async function onTableChanges(deps: StreamDependencies, changes: readonly TableChange[]): Promise<{ failedSequenceNumber?: string }> {
  const pending: QueuedDelivery[] = [];
  for (const change of changes) {
    let work: ReturnType<typeof notifierWorkOf>;
    try {
      work = notifierWorkOf(change);
    } catch (error) {
      // A record that cannot be read never will be: skipped, not retried for ever.
      deps.logger.error('notifier could not read a change of the stream', { sequenceNumber: change.dynamodb?.SequenceNumber, ...describeError(error) });
      continue;
    }
    try {
      if (work.alarm !== undefined) await planAlarmNotifications(deps, work.alarm.customerId, work.alarm.alarmId);
      if (work.delivery !== undefined) pending.push(work.delivery);
    } catch (error) {
      deps.logger.error('notifier could not plan an alarm from the stream', { ...describeError(error) });
      // The deliveries before it are handed over; the rest of the batch comes again from this record.
      if (pending.length > 0) await deps.dispatch(pending);
      const failed = change.dynamodb?.SequenceNumber;
      return failed === undefined ? {} : { failedSequenceNumber: failed };
    }
  }
  if (pending.length > 0) await deps.dispatch(pending);
  return {};
}
