import type { Alarm } from '@domain/alarms/alarm';
import { conflict, notFound } from '@domain/core/errors';
import { MESSAGES } from '@domain/core/messages';
import type { AlarmNotification, FailedNotification, ResendNotificationRequest } from '@domain/notifications/delivery-answers';
import {
  accountKeyParams,
  alarmKey,
  batchGet,
  deliveriesByStatus,
  deliveriesOfAlarm,
  partitionOf,
  queryAll,
  queryPage,
  readAlarm,
  readDelivery,
  toAccountRecord,
  toAlarm,
  toNotificationDelivery,
  type DataTable,
  type NotificationDelivery,
  type PageRequest,
  type QueryParams,
} from '../data';
import { resendDelivery } from '../notifier/plan';
import { maySeeAlarm, maySeeSite, siteAccessOf, type AccessScope } from '../shared/access';

/** The delivery's key names no delivery of the organisation (or one of an alarm the caller may not see). */
export const unknownNotification = () => notFound(MESSAGES.notificationDeliveryNotFound);
/** The delivery is no longer in the dead-letter store (resent already, or sent meanwhile). */
export const notificationNotFailed = () => conflict(MESSAGES.notificationNoLongerFailed);

/** The users' names, read from the organisation's own accounts only (another's are never found). */
async function recipientNames(client: DataTable['client'], tableName: string, customerId: string, accountIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return new Map();
  const items = await batchGet(client, tableName, ids.map((id) => accountKeyParams(tableName, customerId, id).Key), { consistent: false });
  return new Map(items.map(toAccountRecord).map((account) => {
    const name = `${account.firstName ?? ''} ${account.lastName ?? ''}`.trim();
    return [account.accountId, name === '' ? account.email : name];
  }));
}

/** A delivery as the portal shows it: no address, no provider id, the recipient named. */
export function notificationOf(delivery: NotificationDelivery, names: ReadonlyMap<string, string>): AlarmNotification {
  const name = names.get(delivery.accountId);
  return {
    alarmId: delivery.alarmId,
    stepKey: delivery.stepKey,
    channel: delivery.channel,
    kind: delivery.kind,
    level: delivery.level,
    ...(delivery.reminder === undefined ? {} : { reminder: delivery.reminder }),
    accountId: delivery.accountId,
    ...(name === undefined ? {} : { recipientName: name }),
    status: delivery.status,
    attempts: delivery.attempts,
    queuedAt: delivery.queuedAt,
    updatedAt: delivery.updatedAt,
    ...(delivery.sentAt === undefined ? {} : { sentAt: delivery.sentAt }),
    ...(delivery.nextAttemptAt === undefined ? {} : { nextAttemptAt: delivery.nextAttemptAt }),
    ...(delivery.lastError === undefined ? {} : { lastError: delivery.lastError }),
    ...(delivery.reason === undefined ? {} : { reason: delivery.reason }),
    ...(delivery.groupedInto === undefined ? {} : { groupedInto: delivery.groupedInto }),
    ...(delivery.groupedCount === undefined ? {} : { groupedCount: delivery.groupedCount }),
  };
}

function failedOf(delivery: NotificationDelivery, names: ReadonlyMap<string, string>, alarm: Alarm | undefined): FailedNotification {
  const siteId = alarm?.siteId ?? delivery.siteId;
  return {
    ...notificationOf(delivery, names),
    ...(alarm === undefined ? {} : { deviceKind: alarm.deviceKind, deviceId: alarm.deviceId, deviceName: alarm.deviceName, alarmType: alarm.type }),
    ...(siteId === undefined || siteId === '' ? {} : { siteId }),
  };
}

const newestFirst = (a: NotificationDelivery, b: NotificationDelivery) =>
  b.dueAt.localeCompare(a.dueAt) || b.queuedAt.localeCompare(a.queuedAt) || b.updatedAt.localeCompare(a.updatedAt) || a.stepKey.localeCompare(b.stepKey) || a.channel.localeCompare(b.channel);

/**
 * The alarms' messages as the portal reads them (issue 14 section 3; the deliveries are
 * lambdas/data/entities/notification-delivery.ts): an alarm's messages for its page, the
 * organisation's dead-letter store, and a resend from it. The organisation is always the
 * caller's: another's deliveries, alarms and users are never read.
 */
export class AlarmNotificationStore {
  constructor(
    private readonly client: DataTable['client'],
    private readonly tableName: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** The alarm's messages, newest first (an alarm has a few dozen at most: one per user, step and channel). */
  async ofAlarm(customerId: string, alarmId: string): Promise<AlarmNotification[]> {
    const deliveries = (await queryAll(this.client, deliveriesOfAlarm(this.tableName, customerId, alarmId), toNotificationDelivery)).sort(newestFirst);
    const names = await recipientNames(this.client, this.tableName, customerId, deliveries.map((delivery) => delivery.accountId));
    return deliveries.map((delivery) => notificationOf(delivery, names));
  }

  /** The dead-letter store's query, most recently failed first. */
  failedQuery(customerId: string): QueryParams {
    return { ...deliveriesByStatus(this.tableName, customerId, 'dead'), ScanIndexForward: false };
  }

  /** The partition a page cursor of the dead-letter store must name. */
  failedCursorPartition(customerId: string): { attribute: string; value: string } {
    return { attribute: 'gsi1pk', value: partitionOf(this.failedQuery(customerId)) };
  }

  /**
   * One page of the dead-letter store: the deliveries of the alarms the caller may see (an
   * alarm that is gone is judged by the delivery's site), with the alarm's device.
   */
  async failed(customerId: string, scope: AccessScope, page: PageRequest): Promise<{ items: FailedNotification[]; nextCursor?: string }> {
    const { items: deliveries, nextCursor } = await queryPage(this.client, this.failedQuery(customerId), page, toNotificationDelivery);
    const alarmIds = [...new Set(deliveries.map((delivery) => delivery.alarmId))];
    const [alarmItems, names] = await Promise.all([
      alarmIds.length === 0 ? Promise.resolve([]) : batchGet(this.client, this.tableName, alarmIds.map((id) => alarmKey(this.tableName, customerId, id).Key), { consistent: false }),
      recipientNames(this.client, this.tableName, customerId, deliveries.map((delivery) => delivery.accountId)),
    ]);
    const alarms = new Map(alarmItems.map(toAlarm).map((alarm) => [alarm.id, alarm]));
    const items = deliveries
      .filter((delivery) => {
        const alarm = alarms.get(delivery.alarmId);
        return alarm === undefined ? maySeeSite(siteAccessOf(scope), delivery.siteId) : maySeeAlarm(scope, alarm);
      })
      .map((delivery) => failedOf(delivery, names, alarms.get(delivery.alarmId)));
    return { items, ...(nextCursor === undefined ? {} : { nextCursor }) };
  }

  /**
   * Sends a dead message again: queued with its attempts counted from zero (the table's stream
   * hands it to its channel's sender). 404 for a delivery the caller may not see, 409 when it is
   * no longer dead (resent already, or settled otherwise).
   */
  async resend(customerId: string, scope: AccessScope, ref: ResendNotificationRequest): Promise<FailedNotification> {
    const key = { customerId, alarmId: ref.alarmId, stepKey: ref.stepKey, channel: ref.channel };
    const [delivery, alarm] = await Promise.all([
      readDelivery(this.client, this.tableName, key),
      readAlarm(this.client, this.tableName, customerId, ref.alarmId),
    ]);
    if (delivery === undefined) throw unknownNotification();
    const visible = alarm === undefined ? maySeeSite(siteAccessOf(scope), delivery.siteId) : maySeeAlarm(scope, alarm);
    if (!visible) throw unknownNotification();
    const queued = await resendDelivery({ client: this.client, tableName: this.tableName, now: this.now }, delivery, notificationNotFailed);
    const names = await recipientNames(this.client, this.tableName, customerId, [queued.accountId]);
    return failedOf(queued, names, alarm);
  }
}
