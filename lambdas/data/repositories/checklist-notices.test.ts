import { describe, expect, it } from 'vitest';
import { checklistNoticeId } from './checklist-notices';

describe('checklistNoticeId', () => {
  it('is the same for the same instance, type and key, whoever computes it, and differs otherwise', () => {
    const missed = checklistNoticeId('checklistMissed', 'instance-1', '2026-03-02T11:00:00.000Z');
    expect(checklistNoticeId('checklistMissed', 'instance-1', '2026-03-02T11:00:00.000Z')).toBe(missed);
    expect(missed).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set([
      missed,
      checklistNoticeId('checklistReminder', 'instance-1', '2026-03-02T11:00:00.000Z'),
      checklistNoticeId('checklistMissed', 'instance-2', '2026-03-02T11:00:00.000Z'),
      checklistNoticeId('checklistException', 'instance-1', 'q-1'),
      checklistNoticeId('checklistException', 'instance-1', 'q-2'),
    ]).size).toBe(5);
  });
});
