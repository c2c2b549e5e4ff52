import { describe, expect, it } from 'vitest';
import type { Checklist } from '@domain/haccp/checklist';
import type { Shift } from '@domain/haccp/shift';
import { checklistInstanceId } from './entities/checklist-instance';
import { INSTANCES_AHEAD_HOURS, plannedInstances } from './checklist-instances-ahead';

const stamp = '2026-01-01T00:00:00.000Z';
const shift: Shift = {
  id: 'shift-1', name: 'Morning', siteId: 'site-1', locationId: 'loc-1', shiftType: 'custom',
  schedules: [{
    id: 'schedule-1', name: 'Every day', days: [0, 1, 2, 3, 4, 5, 6], startDate: '2026-03-01', startTime: '06:00', endTime: '10:00', remindAt: '09:00',
    notificationGroupId: 'group-1', recurrence: { frequency: 'daily', interval: 1 }, assignedUserIds: ['account-1'],
  }],
  createdAt: stamp, updatedAt: stamp, createdBy: 'a', updatedBy: 'a', version: 1,
};
const checklist: Checklist = {
  id: 'checklist-1', name: 'Opening checks', description: 'Before service', siteId: 'site-1', locationIds: ['loc-1'], shiftId: 'shift-1',
  departmentIds: [], divisionIds: [], allowPartialUpload: true, allowManualReadings: false, allowNotApplicable: true, scheduleType: 'custom',
  questions: [{ id: 'q-1', text: 'Fridge', type: 'numeric', options: [], min: 0, max: 5, correctiveActionIds: [], additionalFields: [], required: true }],
  createdAt: stamp, updatedAt: stamp, createdBy: 'a', updatedBy: 'a', version: 4,
};

describe('plannedInstances', () => {
  // Saturday 28 March 2026, 08:00 in Paris (UTC+1): the clocks go forward that night.
  const now = new Date('2026-03-28T07:00:00Z');
  const to = new Date(now.getTime() + INSTANCES_AHEAD_HOURS * 3_600_000);
  const planned = plannedInstances(checklist, shift, 'Europe/Paris', now, to, now);

  it("makes today's open window and tomorrow's, at 06:00 local across the daylight-saving change, not yesterday's", () => {
    expect(planned.map((instance) => [instance.date, instance.windowStart, instance.windowEnd])).toEqual([
      ['2026-03-28', '2026-03-28T05:00:00.000Z', '2026-03-28T09:00:00.000Z'],
      ['2026-03-29', '2026-03-29T04:00:00.000Z', '2026-03-29T08:00:00.000Z'],
    ]);
  });

  it('carries the checklist snapshot and version, the schedule, its remind and missed times, and an id made from checklist, schedule and date', () => {
    expect(planned[0]).toMatchObject({
      id: checklistInstanceId('checklist-1', 'schedule-1', '2026-03-28'),
      checklistVersion: 4, checklistName: 'Opening checks', questionCount: 1, assignedUserIds: ['account-1'], notificationGroupId: 'group-1',
      remindAt: '2026-03-28T08:00:00.000Z', missedAt: '2026-03-28T10:00:00.000Z', shiftName: 'Morning', scheduleName: 'Every day',
      checklist: { name: 'Opening checks', description: 'Before service', allowPartialUpload: true, allowManualReadings: false, allowNotApplicable: true },
    });
    expect(planned[0]?.id).not.toBe(planned[1]?.id);
    expect(checklistInstanceId('checklist-1', 'schedule-1', '2026-03-28')).toBe(planned[0]?.id);
  });
});
