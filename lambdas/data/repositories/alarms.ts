import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  acknowledgeAlarm,
  isRefusal,
  snoozeAlarm,
  type Acknowledgement,
  type Alarm,
  type AlarmDeviceKind,
  type AlarmRefusal,
  type AlarmStatus,
  type SnoozePolicy,
} from '@domain/alarms/alarm';
import { conflict } from '@domain/core/errors';
import {
  alarmKey,
  alarmProfileKey,
  alarmReplace,
  alarmsByDevice,
  alarmsByStatus,
  alarmsByStatusBetween,
  auditEntryPut,
  partitionOf,
  queryAll,
  runTransaction,
  toAlarm,
  toAlarmProfile,
  type PageRequest,
  type QueryParams,
  ENTITY,
} from '..';
import type { Caller } from '../../shared/caller';
import { encodeCursor } from '../../shared/pagination';

/** Where a list reads from: the organisation's alarms of one status (within a range), or one device's. */
export type AlarmSource =
  | { kind: 'status'; status: AlarmStatus; from?: string | undefined; to?: string | undefined }
  | { kind: 'device'; deviceKind: AlarmDeviceKind; deviceId: string };

/** A page of alarms newest first, their timelines left out (`GET /alarms/{id}` has it). */
export interface AlarmPage {
  items: Alarm[];
  nextCursor?: string;
}

/** The most alarms one call reads to count repeat alarms per device (7 days of an organisation's alarms). */
export const COUNTED_ALARMS_MAX = 5000;

/** The open ends of a range given on one side only. */
const EARLIEST = '1970-01-01T00:00:00.000Z';
const LATEST = '9999-12-31T23:59:59.999Z';

/** What the audit trail keeps of an alarm: not its timeline (the alarm has it), only the fields a person changed. */
const audited = ({ timeline: _timeline, ...fields }: Alarm): Record<string, unknown> => fields;

const listed = (alarm: Alarm): Alarm => ({ ...alarm, timeline: [] });

/**
 * The alarms people read and act on (issue 13 section 3; the entity is
 * lambdas/data/entities/alarm.ts). Lists read one index newest first and keep what the caller
 * may see and the filter asks for; an acknowledgement or a snooze is one conditional write on
 * the version read, with its audit entry, in one transaction (the engine's writes race it: a
 * reading that extends the alarm meanwhile makes it fail as "changed by someone else").
 */
export class AlarmStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The query a source reads, newest first. */
  query(customerId: string, source: AlarmSource): QueryParams {
    const params = source.kind === 'device'
      ? alarmsByDevice(this.tableName, customerId, source.deviceKind, source.deviceId)
      : source.from !== undefined || source.to !== undefined
        ? alarmsByStatusBetween(this.tableName, customerId, source.status, source.from ?? EARLIEST, source.to ?? LATEST)
        : alarmsByStatus(this.tableName, customerId, source.status);
    return { ...params, ScanIndexForward: false };
  }

  /** The partition a page cursor of this source must name, and its attribute. */
  cursorPartition(customerId: string, source: AlarmSource): { attribute: string; value: string } {
    return { attribute: source.kind === 'device' ? 'gsi2pk' : 'gsi1pk', value: partitionOf(this.query(customerId, source)) };
  }

  /** An alarm read consistently (what a transition is conditioned on), or undefined. */
  async find(customerId: string, id: string): Promise<Alarm | undefined> {
    const result = await this.client.send(new GetCommand({ ...alarmKey(this.tableName, customerId, id), ConsistentRead: true }));
    return result.Item === undefined ? undefined : toAlarm(result.Item);
  }

  /**
   * One page of `limit` alarms that `keep` accepts, newest first: reads on past the ones it
   * drops, so a page is short only at the end; the cursor is the last kept alarm's key.
   */
  async page(customerId: string, source: AlarmSource, page: PageRequest, keep: (alarm: Alarm) => boolean): Promise<AlarmPage> {
    const params = this.query(customerId, source);
    const kept: Alarm[] = [];
    let startKey = page.startKey;
    for (;;) {
      const wanted = page.limit - kept.length;
      const result = await this.client.send(new QueryCommand({
        ...params,
        Limit: Math.min(Math.max(2 * wanted, 25), 500),
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }));
      const items = result.Items ?? [];
      for (const [index, item] of items.entries()) {
        const alarm = toAlarm(item);
        if (!keep(alarm)) continue;
        kept.push(listed(alarm));
        if (kept.length === page.limit) {
          // More may follow: in this answer, or after it.
          const more = index < items.length - 1 || result.LastEvaluatedKey !== undefined;
          return { items: kept, ...(more ? { nextCursor: encodeCursor(keyOf(item, source)) ?? '' } : {}) };
        }
      }
      startKey = result.LastEvaluatedKey;
      if (startKey === undefined) return { items: kept };
    }
  }

  /** Every alarm of a source that `keep` accepts, up to COUNTED_ALARMS_MAX (counts: repeat alarms, the summary). */
  async all(customerId: string, source: AlarmSource, keep: (alarm: Alarm) => boolean): Promise<Alarm[]> {
    const alarms = await queryAll(this.client, this.query(customerId, source), toAlarm);
    return alarms.filter(keep).slice(0, COUNTED_ALARMS_MAX).map(listed);
  }

  /** Acknowledges an alarm on the version read; a refused transition answers 409 in the domain's words. */
  async acknowledge(caller: Caller, customerId: string, before: Alarm, acknowledgement: Acknowledgement): Promise<Alarm> {
    const now = this.clock();
    return this.write(caller, customerId, before, acknowledgeAlarm(before, caller.email, now.getTime(), acknowledgement), now);
  }

  /** Snoozes an alarm's reminders within its profile's interval and limit, on the version read. */
  async snooze(caller: Caller, customerId: string, before: Alarm, policy: SnoozePolicy): Promise<Alarm> {
    const now = this.clock();
    return this.write(caller, customerId, before, snoozeAlarm(before, caller.email, now.getTime(), policy), now);
  }

  /** The snooze interval and limit of an alarm's profile; none (no profile, or a deleted one) allows no snooze. */
  async snoozePolicy(customerId: string, profileId: string | undefined): Promise<SnoozePolicy> {
    const none: SnoozePolicy = { snoozeIntervalMinutes: 0, snoozeLimit: 0 };
    if (profileId === undefined) return none;
    const result = await this.client.send(new GetCommand({ ...alarmProfileKey(this.tableName, customerId, profileId), ConsistentRead: true }));
    if (result.Item === undefined) return none;
    const { snoozeIntervalMinutes, snoozeLimit } = toAlarmProfile(result.Item);
    return { snoozeIntervalMinutes, snoozeLimit };
  }

  private async write(caller: Caller, customerId: string, before: Alarm, outcome: Alarm | AlarmRefusal, now: Date): Promise<Alarm> {
    if (isRefusal(outcome)) throw conflict(outcome.refused);
    await runTransaction(this.client, [
      alarmReplace(this.tableName, customerId, outcome, before.version),
      auditEntryPut(this.tableName, {
        customerId, caller, entityType: ENTITY.alarm, entityId: before.id, action: 'update', before: audited(before), after: audited(outcome), now,
      }),
    ]);
    return outcome;
  }
}

/** An item's start key on the index the source reads (its own keys and the table's). */
function keyOf(item: Record<string, unknown>, source: AlarmSource): Record<string, unknown> {
  const index = source.kind === 'device' ? 'gsi2' : 'gsi1';
  return { [`${index}pk`]: item[`${index}pk`], [`${index}sk`]: item[`${index}sk`], pk: item['pk'], sk: item['sk'] };
}
