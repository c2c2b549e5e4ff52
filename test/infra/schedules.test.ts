import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULES } from '../../lambdas/schedules';
import type { SynthesizedStack } from './stack-variants';
import { synthesizedStack, templateOf } from './synthesized';

type Resources = Record<string, { Properties: Record<string, unknown> }>;

describe('the scheduled jobs on AWS (EventBridge Scheduler, from lambdas/schedules.ts)', () => {
  let synthesized: SynthesizedStack;
  let template: Template;

  beforeAll(async () => {
    synthesized = await synthesizedStack('default');
    template = templateOf(synthesized);
  });

  const jobFunction = (handler: string) => {
    const found = template.findResources('AWS::Lambda::Function', { Properties: { Description: `Scheduled job: ${handler}` } }) as Resources;
    const [logicalId, resource] = Object.entries(found)[0] ?? [];
    if (logicalId === undefined || resource === undefined) throw new Error(`no function for ${handler}`);
    return { logicalId, resource };
  };

  it('has one schedule per entry, in UTC, with the same AWS cron expression the local runner reads', () => {
    template.resourceCountIs('AWS::Scheduler::Schedule', SCHEDULES.length);
    for (const schedule of SCHEDULES) {
      template.hasResourceProperties('AWS::Scheduler::Schedule', {
        ScheduleExpression: schedule.expression,
        ScheduleExpressionTimezone: 'Etc/UTC',
        State: 'ENABLED',
        Description: schedule.description,
      });
    }
  });

  it('invokes its handler with an EventBridge scheduled event built from the scheduler context, retried within the hour', () => {
    for (const schedule of SCHEDULES) {
      const { logicalId } = jobFunction(schedule.handler);
      const found = template.findResources('AWS::Scheduler::Schedule', { Properties: { Description: schedule.description } }) as Resources;
      const [scheduleId, scheduleResource] = Object.entries(found)[0] ?? [];
      const target = scheduleResource?.Properties['Target'] as { Arn: unknown; Input: string; RetryPolicy: Record<string, number> };
      expect(target.Arn).toEqual({ 'Fn::GetAtt': [logicalId, 'Arn'] });
      const input = JSON.stringify(synthesized.resolvedScheduleInputs[scheduleId ?? '']);
      for (const part of ['Scheduled Event', 'aws.scheduler', '<aws.scheduler.scheduled-time>', '<aws.scheduler.execution-id>', '<aws.scheduler.schedule-arn>']) {
        expect(input).toContain(part);
      }
      expect(target.RetryPolicy).toEqual({ MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 2 });
    }
  });

  it('lets the scheduler, and only it, invoke the job functions; the jobs read and write the table', () => {
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' }, Action: 'sts:AssumeRole' })]),
      }),
    });
    for (const handler of new Set(SCHEDULES.map((schedule) => schedule.handler))) {
      const { logicalId, resource } = jobFunction(handler);
      expect((resource.Properties['Environment'] as { Variables: Record<string, unknown> }).Variables['TABLE_NAME']).toBeDefined();
      template.hasResourceProperties('AWS::IAM::Policy', {
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({
            Action: 'lambda:InvokeFunction',
            Resource: Match.arrayWith([{ 'Fn::GetAtt': [logicalId, 'Arn'] }]),
          })]),
        },
      });
    }
  });
});
