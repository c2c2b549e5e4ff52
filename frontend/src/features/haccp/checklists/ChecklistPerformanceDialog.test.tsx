import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checklist } from '@domain/haccp/checklist';
import type { ChecklistPerformanceAnswer } from '@domain/haccp/performance';
import { fake } from '../../../test/fakeApi';
import { renderScreen } from '../../../test/render';
import { ChecklistPerformanceDialog } from './ChecklistPerformanceDialog';

vi.mock('../../../session/useAuth', () => import('../../../test/fakeApi'));
vi.mock('../../../api/apiFetch', () => import('../../../test/fakeApi'));

const at = '2026-01-15T10:00:00.000Z';
const checklist: Checklist = {
  id: 'c/1', name: 'Opening checks', description: '', siteId: 's-1', locationIds: ['l-1'], shiftId: 'sh-1', departmentIds: [], divisionIds: [],
  allowPartialUpload: false, allowManualReadings: false, allowNotApplicable: false, scheduleType: 'custom', questions: [],
  createdAt: at, updatedAt: at, createdBy: 'x', updatedBy: 'x', version: 1,
};
const PERFORMANCE: ChecklistPerformanceAnswer = {
  checklistId: 'c/1', date: '2026-03-11', weekStart: '2026-03-09', weekEnd: '2026-03-15',
  day: { total: 6, complete: 2, incomplete: 4, onTime: 1, late: 1, overdue: 1, outstanding: 1, inProgress: 1, missed: 1 },
  week: { total: 9, complete: 4, incomplete: 5, onTime: 3, late: 1, overdue: 1, outstanding: 1, inProgress: 1, missed: 2 },
};

describe('ChecklistPerformanceDialog', () => {
  beforeEach(() => {
    fake.api.mockReset();
    fake.api.mockImplementation(async (path) => {
      if (path === '/checklists/c%2F1/performance') return PERFORMANCE;
      throw new Error(`unexpected call ${path}`);
    });
  });

  it("shows the checklist's day and week by state, the site's days as dates, and closes", async () => {
    const onClose = vi.fn();
    renderScreen(<ChecklistPerformanceDialog checklist={checklist} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Performance: Opening checks' });
    const table = await within(dialog).findByRole('table', { name: 'Checklist performance' });
    expect(within(table).getByRole('columnheader', { name: 'Today (Mar 11, 2026)' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Week (Mar 9, 2026 – Mar 15, 2026)' })).toBeInTheDocument();
    const counts = (name: string) => within(within(table).getByRole('row', { name: new RegExp(`^${name}`) })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(counts('Complete')).toEqual(['2', '4']);
    expect(counts('Incomplete')).toEqual(['4', '5']);
    expect(counts('On time')).toEqual(['1', '3']);
    expect(counts('Late')).toEqual(['1', '1']);
    expect(counts('Overdue')).toEqual(['1', '1']);
    expect(counts('Outstanding')).toEqual(['1', '1']);
    expect(counts('Missed')).toEqual(['1', '2']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});
