import { randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ScheduledEvent } from 'aws-lambda';
import awsCron from 'aws-cron-parser';
import { SCHEDULE_HANDLERS, SCHEDULES, type ScheduleDefinition, type ScheduleHandlerName } from '../lambdas/schedules';

/** The repository root, where handler entry paths start. */
const REPOSITORY_ROOT = resolve(import.meta.dirname, '..');
/** The account the local events name (the local stack has no account). */
const LOCAL_ACCOUNT = '000000000000';

export type ScheduledHandler = (event: ScheduledEvent) => Promise<unknown>;

/** The fields of `cron(...)`; AWS writes six (minutes hours day-of-month month day-of-week year). */
export function cronFields(expression: string): string {
  const match = /^cron\((.+)\)$/.exec(expression.trim());
  if (match?.[1] === undefined) throw new Error(`Not an AWS cron expression: ${expression} (rate() is not supported)`);
  return match[1];
}

/** The first time the expression fires strictly after `after` (UTC, as EventBridge Scheduler reads it here). */
export function nextFireTime(expression: string, after: Date): Date | undefined {
  return awsCron.next(awsCron.parse(cronFields(expression)), after) ?? undefined;
}

/** The event EventBridge delivers for a schedule firing at `time` (lib/schedules.ts sends the same shape). */
export function scheduledEvent(schedule: Pick<ScheduleDefinition, 'name'>, time: Date, region: string, account = LOCAL_ACCOUNT): ScheduledEvent {
  return {
    version: '0',
    id: randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.scheduler',
    account,
    // EventBridge gives scheduled times to the second.
    time: time.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:scheduler:${region}:${account}:schedule/default/${schedule.name}`],
    detail: {},
  };
}

async function loadHandler(name: ScheduleHandlerName): Promise<ScheduledHandler> {
  const module = await import(pathToFileURL(join(REPOSITORY_ROOT, SCHEDULE_HANDLERS[name])).href) as { handler: ScheduledHandler };
  return module.handler;
}

export interface CronOptions {
  schedules?: readonly ScheduleDefinition[];
  region: string;
  /** Where a run's failure is told (the handler's own logs say the rest). */
  onError?: (schedule: ScheduleDefinition, error: unknown) => void;
  load?: (name: ScheduleHandlerName) => Promise<ScheduledHandler>;
  clock?: () => Date;
}

export interface CronRunner {
  /** Stops firing and waits for runs in progress. */
  stop(): Promise<void>;
}

/**
 * The local stand-in for EventBridge Scheduler (ARCHITECTURE.md): each schedule of
 * lambdas/schedules.ts fires at the times its AWS cron expression gives, calling its handler
 * in this process with the scheduled event. A run still going when the next time comes is not
 * doubled: that firing is skipped, as a Lambda's reserved concurrency of one would.
 */
export function startCron(options: CronOptions): CronRunner {
  const clock = options.clock ?? (() => new Date());
  const load = options.load ?? loadHandler;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  const plan = (schedule: ScheduleDefinition, after: Date) => {
    if (stopped) return;
    const at = nextFireTime(schedule.expression, after);
    if (at === undefined) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      fire(schedule, at);
      plan(schedule, at);
    }, Math.max(0, at.getTime() - clock().getTime()));
    // The stack's own servers keep the process alive; a pending firing should not.
    timer.unref();
    timers.add(timer);
  };

  const busy = new Set<string>();
  const fire = (schedule: ScheduleDefinition, at: Date) => {
    if (stopped || busy.has(schedule.name)) return;
    busy.add(schedule.name);
    const run = load(schedule.handler)
      .then((handler) => handler(scheduledEvent(schedule, at, options.region)))
      .then(() => undefined, (error: unknown) => options.onError?.(schedule, error))
      .finally(() => {
        busy.delete(schedule.name);
        running.delete(run);
      });
    running.add(run);
  };

  const now = clock();
  for (const schedule of options.schedules ?? SCHEDULES) {
    if (schedule.catchUpAtStart === true) fire(schedule, now);
    plan(schedule, now);
  }

  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all([...running]);
    },
  };
}
