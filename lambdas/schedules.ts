/**
 * The one list of schedules (ARCHITECTURE.md "Rules that keep the two runtimes one"): on AWS
 * each becomes an EventBridge Scheduler schedule invoking its handler with an EventBridge
 * "Scheduled Event" (lib/schedules.ts); locally the cron runner (local/cron.ts) reads the same
 * AWS cron expression (UTC) and calls the same handler with the same event shape.
 */
export interface ScheduleDefinition {
  /** The schedule's name (letters, digits, hyphens). */
  name: string;
  /** An AWS cron expression, `cron(minutes hours day-of-month month day-of-week year)`, in UTC. */
  expression: string;
  handler: ScheduleHandlerName;
  description: string;
  /**
   * Locally, also run once as the stack starts. A schedule on AWS never stops; the local stack is
   * off for hours between uses, and work that is due from now on (today's checklist instances)
   * should not wait for the first firing, up to an hour after a first sign-in.
   */
  catchUpAtStart?: boolean;
}

/** The handler modules schedules invoke (entry paths for the CDK; imported by the local cron runner). */
export const SCHEDULE_HANDLERS = {
  deviceSchedules: 'lambdas/sensors/schedule-handler.ts',
  alarmClock: 'lambdas/alarm-engine/clock-handler.ts',
  checklistInstancesAhead: 'lambdas/checklist-instances/schedule-handler.ts',
  checklistNotices: 'lambdas/checklist-instances/notices-handler.ts',
} as const;
export type ScheduleHandlerName = keyof typeof SCHEDULE_HANDLERS;

export const SCHEDULES: readonly ScheduleDefinition[] = [
  {
    name: 'device-status-changes',
    // Every 15 minutes: a scheduled disable or enable takes effect within one hour (SPEC section 9).
    expression: 'cron(0/15 * * * ? *)',
    handler: 'deviceSchedules',
    description: 'Applies the scheduled sensor disables and enables that are due',
  },
  {
    name: 'alarm-clock',
    // Every minute: a delay expiring between readings, inactivity and the 90-minute battery rule are raised within a minute (docs/decisions/0058-alarm-clock-and-its-due-index.md).
    expression: 'cron(* * * * ? *)',
    handler: 'alarmClock',
    description: 'Looks at the devices whose alarm timers are due',
  },
  {
    name: 'checklist-instances-ahead',
    // Every hour: instances are made 36 hours ahead, so a run or two missed still leaves the next day's in place (issue 15 section 2).
    expression: 'cron(7 * * * ? *)',
    handler: 'checklistInstancesAhead',
    description: 'Creates the HACCP checklist instances of the next 36 hours from the shifts\' schedules',
    catchUpAtStart: true,
  },
  {
    name: 'checklist-notices',
    // Every 5 minutes: a remind-at reminder or a missed checklist's notice goes out within 5 minutes of its time (issue 15 section 3).
    expression: 'cron(0/5 * * * ? *)',
    handler: 'checklistNotices',
    description: 'Raises the HACCP checklist reminders and missed-checklist notices that are due',
  },
];
