import type { InstanceState, TodayInstance } from '../../../api/haccp';

/**
 * Most urgent first: overdue (window over, still to do), then in progress and outstanding
 * (the window closing first on top), then missed, then completed; a tie goes to the earlier
 * window.
 */
const URGENCY: Record<InstanceState, number> = {
  overdue: 0,
  inProgress: 1,
  outstanding: 1,
  missed: 2,
  completedLate: 3,
  completedOnTime: 3,
};

export function byUrgency(instances: readonly TodayInstance[]): TodayInstance[] {
  const time = (value: string) => new Date(value).getTime();
  return [...instances].sort((left, right) =>
    URGENCY[left.state] - URGENCY[right.state]
    || time(left.windowEnd) - time(right.windowEnd)
    || time(left.windowStart) - time(right.windowStart)
    || left.checklistName.localeCompare(right.checklistName));
}

/** Whether answers are still taken (not completed, not missed). */
export const isOpen = (state: InstanceState): boolean => state === 'outstanding' || state === 'inProgress' || state === 'overdue';
