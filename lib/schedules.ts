import { Duration, Stack, TimeZone, Validations } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { Construct } from 'constructs';
import { SCHEDULE_HANDLERS, SCHEDULES, type ScheduleHandlerName } from '../lambdas/schedules';
import type { Data } from './data';
import { handlerFunctions, pascalCase, type PortalFunction } from './function';
import { nagResourceName } from './nag';

export interface SchedulesProps {
  readonly data: Data;
}

/**
 * The scheduled jobs on AWS (ARCHITECTURE.md "schedules"): one EventBridge Scheduler schedule
 * per entry of the one list, lambdas/schedules.ts (the local cron runner reads the same), in
 * UTC, invoking its handler's function with an EventBridge "Scheduled Event" built from the
 * scheduler's context (scheduled time, execution id, schedule ARN), the shape local/cron.ts
 * sends. A failed invocation is retried twice within the hour; the jobs are idempotent and
 * catch up on their next run, so no dead-letter queue is kept.
 */
export class Schedules extends Construct {
  public readonly functions: ReadonlyMap<ScheduleHandlerName, PortalFunction>;
  public readonly schedules: ReadonlyMap<string, Schedule>;

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    const stack = Stack.of(this);

    const functions = handlerFunctions(this, props.data, SCHEDULES.map((schedule) => schedule.handler), SCHEDULE_HANDLERS, (name) => `Scheduled job: ${name}`);
    this.functions = functions;

    // The scheduler's own role: it may invoke the job functions, for schedules of this account only.
    const role = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': stack.account } } }),
      description: 'EventBridge Scheduler invoking the portal\'s scheduled jobs',
    });
    const schedules = new Map<string, Schedule>();
    for (const definition of SCHEDULES) {
      const fn = functions.get(definition.handler);
      if (fn === undefined) throw new Error(`Schedule ${definition.name} names handler ${definition.handler}, which has no function`);
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${nagResourceName(role, `${fn.functionArn}:*`)}]`,
        reason: "Lambda's invoke grant covers the function's versions and aliases (`<arn>:*`); it names this one job function only.",
      });
      const schedule = new Schedule(this, `${pascalCase(definition.name)}Schedule`, {
        description: definition.description,
        schedule: ScheduleExpression.expression(definition.expression, TimeZone.ETC_UTC),
        target: new LambdaInvoke(fn, {
          role,
          input: ScheduleTargetInput.fromObject({
            version: '0',
            id: ContextAttribute.executionId,
            'detail-type': 'Scheduled Event',
            source: 'aws.scheduler',
            account: stack.account,
            time: ContextAttribute.scheduledTime,
            region: stack.region,
            resources: [ContextAttribute.scheduleArn],
            detail: {},
          }),
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
        }),
      });
      schedules.set(definition.name, schedule);
    }
    this.schedules = schedules;
  }
}
