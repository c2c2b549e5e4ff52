import { describe, expect, it } from 'vitest';
import { dueChangeProgressKey, dueChangeProgressPut } from './entities/due-change-progress';
import { organisationSeededPut } from './entities/seed-marker';

describe('keys of the system and local items (byte for byte today\'s: no migration)', () => {
  it("the schedule job's progress is one item outside every organisation", () => {
    // Act
    const put = dueChangeProgressPut('table', { resumeFrom: '2026-05-01T12', lastRunAt: '2026-05-01T12:20:00.000Z', applied: 1, stale: 0, failed: 0, hours: 2 });
    // Assess
    expect(dueChangeProgressKey('table').Key).toEqual({ pk: 'SYSTEM#DEVICECHANGES', sk: 'PROGRESS' });
    expect(put.Item).toMatchObject({ pk: 'SYSTEM#DEVICECHANGES', sk: 'PROGRESS', type: 'DueChangeProgress', resumeFrom: '2026-05-01T12', applied: 1 });
  });

  it('the demo organisation\'s seed marker', () => {
    // Act
    const put = organisationSeededPut('table', 'org-1', '2026-05-01T00:00:00.000Z');
    // Assess
    expect(put.Item).toMatchObject({ pk: 'C#org-1#SEED', sk: 'SEED', seededAt: '2026-05-01T00:00:00.000Z' });
  });
});
