import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ChecklistAlarmType } from '@domain/alarms/alarm';
import { DomainError } from '@domain/core/errors';
import { checklistNoticeAlarm, dueMarkerHours, isNoticeDue, NOTICE_TYPE_OF, type DueNoticeKind, type NoticeSource } from '@domain/haccp/notices';
import { alarmCreate, batchGet, queryAll, runTransaction, storedAlarmId } from '..';
import { CHECKLIST_DUE_KINDS, checklistDueInHour } from '../entities/checklist-due';
import { checklistInstanceKey, toChecklistInstance, type ChecklistInstanceRecord } from '../entities/checklist-instance';

/**
 * A checklist's reminders and exceptions raised as alarm records of device kind `checklist`
 * (issue 15 section 3; domain/haccp/notices.ts): the table's stream hands each to the notifier,
 * which plans, sends, escalates and stops on acknowledgement as for a sensor's alarm.
 */

/**
 * A notice's id: the same for the same instance, type and key (the question of an exception,
 * the remind-at or missed time), whoever computes it, so raising it twice writes it once.
 */
export const checklistNoticeId = (type: ChecklistAlarmType, instanceId: string, key: string): string =>
  storedAlarmId('checklist', instanceId, `${type}:${key}`, 0);

/** Raises a notice unless it was raised already; true when this call raised it. */
export async function raiseChecklistNotice(client: DynamoDBDocumentClient, tableName: string, customerId: string, id: string, source: NoticeSource, now: Date): Promise<boolean> {
  try {
    await runTransaction(client, [alarmCreate(tableName, customerId, checklistNoticeAlarm(id, source, now))]);
    return true;
  } catch (error) {
    // Its create's condition failed: it was raised before (another run, a replayed answer).
    if (error instanceof DomainError && error.kind === 'conflict') return false;
    throw error;
  }
}

/** The exception of an out-of-limits answer: one per question of an instance, however often it is answered. */
export function raiseAnswerException(
  client: DynamoDBDocumentClient, tableName: string, customerId: string,
  instance: Pick<ChecklistInstanceRecord, 'id' | 'checklistName' | 'siteId'>, question: { id: string; text: string }, answeredAt: string, now: Date,
): Promise<boolean> {
  const id = checklistNoticeId('checklistException', instance.id, question.id);
  return raiseChecklistNotice(client, tableName, customerId, id, {
    instanceId: instance.id, checklistName: instance.checklistName, siteId: instance.siteId, type: 'checklistException', at: answeredAt,
    ...(question.text === '' ? {} : { detail: question.text }),
  }, now);
}

export interface NoticesRun {
  /** Markers read (due by now). */
  markers: number;
  reminders: number;
  missed: number;
  /** Notices already raised by an earlier run. */
  existing: number;
}

interface Marker {
  customerId: string;
  instanceId: string;
  kind: DueNoticeKind;
  at: string;
}

const markerOf = (item: Record<string, unknown>): Marker => ({
  customerId: String(item['customerId']), instanceId: String(item['instanceId']), kind: item['kind'] === 'remind' ? 'remind' : 'missed', at: String(item['at']),
});

/**
 * The reminder and missed-checklist job (every 5 minutes; lambdas/schedules.ts): reads every
 * organisation's due markers of the last NOTICE_LOOK_BACK_HOURS hours and the current one (one
 * Query per kind and hour, no Scan), the instances they name (BatchGetItem), and raises the
 * notices due at `now` that are not raised yet: a reminder of an instance not completed, the
 * missed notice of an instance missed. Idempotent (fixed ids, conditional creates).
 */
export async function raiseDueChecklistNotices(client: DynamoDBDocumentClient, tableName: string, now: Date): Promise<NoticesRun> {
  const hours = dueMarkerHours(now);
  const read = await Promise.all(CHECKLIST_DUE_KINDS.flatMap((kind) => hours.map((hour) => queryAll(client, checklistDueInHour(tableName, kind, hour), markerOf))));
  const markers = read.flat().filter((marker) => Date.parse(marker.at) <= now.getTime());
  const run: NoticesRun = { markers: markers.length, reminders: 0, missed: 0, existing: 0 };
  if (markers.length === 0) return run;
  const instanceKeys = new Map(markers.map((marker) => [`${marker.customerId}|${marker.instanceId}`, checklistInstanceKey(tableName, marker.customerId, marker.instanceId).Key]));
  const items = await batchGet(client, tableName, [...instanceKeys.values()], { consistent: true });
  const instances = new Map(items.map((item) => [`${String(item['customerId'])}|${String(item['id'])}`, toChecklistInstance(item)]));
  for (const marker of markers) {
    const instance = instances.get(`${marker.customerId}|${marker.instanceId}`);
    if (instance === undefined || !isNoticeDue(marker.kind, instance, now)) continue;
    const type = NOTICE_TYPE_OF[marker.kind];
    const raised = await raiseChecklistNotice(client, tableName, marker.customerId, checklistNoticeId(type, instance.id, marker.at), {
      instanceId: instance.id, checklistName: instance.checklistName, siteId: instance.siteId, type, at: marker.at,
    }, now);
    if (!raised) run.existing += 1;
    else if (marker.kind === 'remind') run.reminders += 1;
    else run.missed += 1;
  }
  return run;
}
