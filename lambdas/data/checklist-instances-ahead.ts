import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Checklist } from '@domain/haccp/checklist';
import { missedAt } from '@domain/haccp/instance';
import { shiftOccurrences, type ShiftOccurrence } from '@domain/haccp/recurrence';
import type { Shift, ShiftSchedule } from '@domain/haccp/shift';
import { batchGet } from './batch';
import { readSite } from './entities/site';
import { queryAll } from './queries';
import { runTransaction } from './transaction';
import { checklistsByName, toChecklist } from './entities/checklist';
import {
  checklistInstanceId, checklistInstanceKey, checklistInstancePut, type ChecklistInstanceRecord,
} from './entities/checklist-instance';
import { checklistDuePut } from './entities/checklist-due';
import { shiftKey, toShift } from './entities/shift';
import { createPut, plainPut } from './writes';

/** How far ahead instances are created: a day and a half, so a run missed (or two) still leaves tomorrow's in place. */
export const INSTANCES_AHEAD_HOURS = 36;
const HOUR_MS = 3_600_000;

type NewInstance = Omit<ChecklistInstanceRecord, 'answeredQuestionIds' | 'exceptionQuestionIds' | 'exceptionCount'>;

/**
 * The instances a checklist's shift schedules give between `from` and `to` (pure): one per
 * occurrence whose window has not ended by `from` and starts before `to`, with the checklist's
 * snapshot. A window that ended before the checklist could be filled is never made (a new
 * checklist does not start with missed ones).
 */
export function plannedInstances(checklist: Checklist, shift: Shift, timeZone: string, from: Date, to: Date, now: Date): NewInstance[] {
  return shift.schedules.flatMap((schedule: ShiftSchedule) =>
    // Windows last at most a day: starting a day back finds the ones still open.
    shiftOccurrences(schedule, timeZone, new Date(from.getTime() - 24 * HOUR_MS), to)
      .filter((occurrence: ShiftOccurrence) => occurrence.end.getTime() > from.getTime())
      .map((occurrence): NewInstance => ({
        id: checklistInstanceId(checklist.id, schedule.id, occurrence.date),
        checklistId: checklist.id,
        checklistVersion: checklist.version,
        checklistName: checklist.name,
        checklist: {
          name: checklist.name,
          description: checklist.description,
          questions: checklist.questions,
          allowPartialUpload: checklist.allowPartialUpload,
          allowManualReadings: checklist.allowManualReadings,
          allowNotApplicable: checklist.allowNotApplicable,
        },
        siteId: checklist.siteId,
        shiftId: shift.id,
        shiftName: shift.name,
        scheduleId: schedule.id,
        scheduleName: schedule.name,
        assignedUserIds: schedule.assignedUserIds,
        ...(schedule.notificationGroupId ?? checklist.notificationGroupId
          ? { notificationGroupId: schedule.notificationGroupId ?? checklist.notificationGroupId ?? '' }
          : {}),
        date: occurrence.date,
        windowStart: occurrence.start.toISOString(),
        windowEnd: occurrence.end.toISOString(),
        ...(occurrence.remindAt === undefined ? {} : { remindAt: occurrence.remindAt.toISOString() }),
        missedAt: missedAt({ windowEnd: occurrence.end }).toISOString(),
        questionCount: checklist.questions.length,
        createdAt: now.toISOString(),
        version: 1,
      })));
}

export interface AheadRun {
  checklists: number;
  created: number;
  existing: number;
}

/**
 * Creates the organisation's checklist instances for the next `INSTANCES_AHEAD_HOURS` (issue 15
 * section 2), each checklist from its shift's schedules in its site's time zone. Idempotent:
 * the ones already there are skipped (read first), and a create racing another run is a
 * conditional put per occurrence (`attribute_not_exists`), so an occurrence is only ever
 * written once. Each new instance is written with its due markers (remind-at, missed) in one
 * transaction.
 */
export async function createInstancesAhead(client: DynamoDBDocumentClient, tableName: string, customerId: string, now: Date): Promise<AheadRun> {
  const checklists = await queryAll(client, checklistsByName(tableName, customerId), toChecklist);
  const shiftIds = [...new Set(checklists.map((checklist) => checklist.shiftId))];
  const shifts = new Map((await batchGet(client, tableName, shiftIds.map((id) => shiftKey(tableName, customerId, id).Key)))
    .map((item) => toShift(item)).map((shift) => [shift.id, shift]));
  const siteIds = [...new Set(checklists.map((checklist) => checklist.siteId))];
  const sites = await Promise.all(siteIds.map((id) => readSite(client, tableName, customerId, id)));
  const timeZones = new Map(sites.flatMap((site) => (site === undefined ? [] : [[site.id, site.timezone] as const])));

  const to = new Date(now.getTime() + INSTANCES_AHEAD_HOURS * HOUR_MS);
  const planned = checklists.flatMap((checklist) => {
    const shift = shifts.get(checklist.shiftId);
    const timeZone = timeZones.get(checklist.siteId);
    return shift === undefined || timeZone === undefined ? [] : plannedInstances(checklist, shift, timeZone, now, to, now);
  });
  const present = new Set((await batchGet(client, tableName, planned.map((instance) => checklistInstanceKey(tableName, customerId, instance.id).Key), { projection: 'id' }))
    .map((item) => String(item['id'])));
  let created = 0;
  let existing = present.size;
  for (const instance of planned.filter((one) => !present.has(one.id))) {
    try {
      await runTransaction(client, [
        createPut(checklistInstancePut(tableName, customerId, instance)),
        ...(instance.remindAt === undefined ? [] : [plainPut(checklistDuePut(tableName, customerId, instance.id, 'remind', instance.remindAt))]),
        plainPut(checklistDuePut(tableName, customerId, instance.id, 'missed', instance.missedAt)),
      ]);
      created += 1;
    } catch (error) {
      // Another run created it meanwhile (its condition failed): it is there, once.
      if (error instanceof Error && error.name === 'DomainError') existing += 1;
      else throw error;
    }
  }
  return { checklists: checklists.length, created, existing };
}
