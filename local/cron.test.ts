import { execFileSync } from 'node:child_process';
import type { ScheduledEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEDULE_HANDLERS, SCHEDULES } from '../lambdas/schedules';
import { cronFields, nextFireTime, scheduledEvent, startCron } from './cron';

describe('the local cron runner', () => {
  afterEach(() => vi.useRealTimers());

  it('reads AWS cron expressions in UTC, as EventBridge Scheduler does', () => {
    expect(cronFields('cron(0/15 * * * ? *)')).toBe('0/15 * * * ? *');
    expect(() => cronFields('rate(5 minutes)')).toThrow(/rate\(\) is not supported/);
    expect(nextFireTime('cron(0/15 * * * ? *)', new Date('2026-05-01T10:15:00.000Z'))?.toISOString()).toBe('2026-05-01T10:30:00.000Z');
    expect(nextFireTime('cron(0/15 * * * ? *)', new Date('2026-05-01T10:14:59.000Z'))?.toISOString()).toBe('2026-05-01T10:15:00.000Z');
    expect(nextFireTime('cron(0 6 ? * MON *)', new Date('2026-05-01T10:00:00.000Z'))?.toISOString()).toBe('2026-05-04T06:00:00.000Z');
    for (const schedule of SCHEDULES) expect(nextFireTime(schedule.expression, new Date()), schedule.name).toBeDefined();
  });

  it('loads every schedule handler under plain Node, as npm start does (Vite resolves packages otherwise)', () => {
    // A package whose "main" is CommonJS hides named exports from Node's ES modules while
    // Vite's "module" field shows them: rrule broke the local cron this way, unseen by tests.
    const imports = Object.values(SCHEDULE_HANDLERS)
      .map((path) => `typeof (await import(${JSON.stringify(`./${path}`)})).handler`);
    const script = `console.log(JSON.stringify([${imports.join(', ')}]))`;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { encoding: 'utf8' });
    expect(JSON.parse(output.trim().split('\n').at(-1) ?? '[]')).toEqual(Object.values(SCHEDULE_HANDLERS).map(() => 'function'));
  }, 60_000);

  it('builds the scheduled event EventBridge delivers', () => {
    const event = scheduledEvent({ name: 'device-status-changes' }, new Date('2026-05-01T10:15:00.123Z'), 'eu-west-1');
    expect(event).toMatchObject({
      version: '0', 'detail-type': 'Scheduled Event', source: 'aws.scheduler', account: '000000000000', time: '2026-05-01T10:15:00Z',
      region: 'eu-west-1', resources: ['arn:aws:scheduler:eu-west-1:000000000000:schedule/default/device-status-changes'], detail: {},
    });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('calls the handler at each time the expression gives, with that time, and stops', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T10:14:00.000Z') });
    const events: ScheduledEvent[] = [];
    const cron = startCron({
      region: 'eu-west-1',
      schedules: [{ name: 'every-quarter', expression: 'cron(0/15 * * * ? *)', handler: 'deviceSchedules', description: 'test' }],
      load: () => Promise.resolve(async (event) => { events.push(event); }),
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(events.map((event) => event.time)).toEqual(['2026-05-01T10:15:00Z']);
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(events.map((event) => event.time)).toEqual(['2026-05-01T10:15:00Z', '2026-05-01T10:30:00Z', '2026-05-01T10:45:00Z']);
    await cron.stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(events).toHaveLength(3);
  });

  it('runs a schedule that catches up at start once at once, then at its times; the others only at theirs', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T10:14:00.000Z') });
    const runs: string[] = [];
    const cron = startCron({
      region: 'eu-west-1',
      schedules: [
        { name: 'hourly-ahead', expression: 'cron(7 * * * ? *)', handler: 'checklistInstancesAhead', description: 'test', catchUpAtStart: true },
        { name: 'every-quarter', expression: 'cron(0/15 * * * ? *)', handler: 'deviceSchedules', description: 'test' },
      ],
      load: (name) => Promise.resolve(async (event) => { runs.push(`${name} ${event.time}`); }),
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual(['checklistInstancesAhead 2026-05-01T10:14:00Z']);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(runs).toContain('checklistInstancesAhead 2026-05-01T11:07:00Z');
    expect(runs.filter((run) => run.startsWith('checklistInstancesAhead'))).toHaveLength(2);
    await cron.stop();
  });

  it('does not start a run while the last one is still going, and tells a failure', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T10:14:00.000Z') });
    let calls = 0;
    let release: () => void = () => undefined;
    const failures: unknown[] = [];
    const cron = startCron({
      region: 'eu-west-1',
      schedules: [{ name: 'slow', expression: 'cron(* * * * ? *)', handler: 'deviceSchedules', description: 'test' }],
      load: () => Promise.resolve(async () => {
        calls += 1;
        if (calls === 1) await new Promise<void>((resolve) => { release = resolve; });
        else throw new Error('boom');
      }),
      onError: (_schedule, error) => failures.push(error),
    });
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(calls).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    expect(failures).toEqual([new Error('boom')]);
    await cron.stop();
  });
});
